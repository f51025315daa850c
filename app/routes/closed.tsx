import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/utils/redirect.server";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{t("closed.heading")}</Title>
        <Text c="dimmed">{t("closed.body")}</Text>
        <Form method="get" action="/closed">
          <Button type="submit" variant="default">
            {t("closed.retry")}
          </Button>
        </Form>
      </Stack>
    </Container>
  );
}
