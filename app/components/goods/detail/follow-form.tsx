import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Button } from "~/components/ui";
import { FetcherFlag } from "./fetcher-flag";

/**
 * Follow/unfollow as a POST form; a visitor's post is answered with the login redirect. With JS it
 * is a fetcher and the state is optimistic (the next state is what was asked for, the count moves
 * with it) until the revalidated page says otherwise; without JS it is post/redirect/get.
 */
export function FollowForm({ followed, count }: { followed: boolean; count: number }) {
  const { t } = useTranslation("goods");
  const fetcher = useFetcher<{ ok: boolean }>();
  const asked = fetcher.formData?.get("intent");
  const shownFollowed = asked === "follow" ? true : asked === "unfollow" ? false : followed;
  const shownCount = Math.max(0, count + (shownFollowed === followed ? 0 : shownFollowed ? 1 : -1));
  return (
    <fetcher.Form method="post" preventScrollReset className="follow-form">
      <FetcherFlag />
      <input type="hidden" name="intent" value={shownFollowed ? "unfollow" : "follow"} />
      <Button
        type="submit"
        variant="subtle"
        color={shownFollowed ? "red" : "gray"}
        size="xs"
        aria-pressed={shownFollowed}
        title={shownFollowed ? t("detail.unfollowHint") : undefined}
      >
        {shownFollowed ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
        {shownFollowed ? t("detail.unfollow") : t("detail.follow")}
      </Button>
      {shownCount > 0 ? <span className="follow-form__count">{t("detail.followCount", { count: shownCount })}</span> : null}
    </fetcher.Form>
  );
}
