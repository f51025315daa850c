import { Button } from "@mantine/core";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Follow/unfollow as a POST form; a visitor's post is answered with the login redirect. */
export function FollowForm({ followed, count }: { followed: boolean; count: number }) {
  const { t } = useTranslation("goods");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && ["follow", "unfollow"].includes(String(navigation.formData?.get("intent")));
  return (
    <Form method="post" preventScrollReset className="follow-form">
      <input type="hidden" name="intent" value={followed ? "unfollow" : "follow"} />
      <Button
        type="submit"
        variant="subtle"
        color={followed ? "red" : "gray"}
        size="compact-sm"
        loading={pending}
        aria-pressed={followed}
        title={followed ? t("detail.unfollowHint") : undefined}
        leftSection={followed ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
      >
        {followed ? t("detail.unfollow") : t("detail.follow")}
      </Button>
      {count > 0 ? <span className="follow-form__count">{t("detail.followCount", { count })}</span> : null}
    </Form>
  );
}
