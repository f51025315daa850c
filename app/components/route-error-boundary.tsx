import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const KNOWN = new Set([400, 403, 404, 405, 415, 429, 500, 502, 503, 504]);

/** Expected failures are thrown Responses (400/403/404/502/504); anything else is a bug shown as 500. */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = KNOWN.has(status) ? String(status) : "default";
  return (
    <Container py={60} size="sm">
      <Stack align="flex-start" gap="md">
        <Text c="dimmed" fz={48} fw={700} aria-hidden>
          {status}
        </Text>
        <Title order={1}>{t(`title.${key}`)}</Title>
        <Text>{t(`body.${key}`)}</Text>
        <Button component={Link} to="/index" reloadDocument>
          {t("backHome")}
        </Button>
      </Stack>
    </Container>
  );
}
