import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/utils/redirect.server";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Button, Stack } from "~/components/ui";
import { isShopOpen } from "~/upstream/site.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { title: "closed.title" };

/** /closed: shown while the shop is closed; once it opens again, back to the home page. */
export async function loader(_: LoaderFunctionArgs) {
  if (await isShopOpen()) throw redirect("/index");
  return null;
}

export default function ClosedPage() {
  const { t } = useTranslation();
  return (
    <div className="ui-container closed-page">
      <Stack gap="md" className="closed-page__body">
        <h1 className="ui-title">{t("closed.heading")}</h1>
        <p className="ui-dimmed closed-page__text">{t("closed.body")}</p>
        <Form method="get" action="/closed">
          <Button type="submit" variant="outline" color="gray">
            {t("closed.retry")}
          </Button>
        </Form>
      </Stack>
    </div>
  );
}
