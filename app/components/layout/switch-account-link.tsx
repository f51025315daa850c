import { Button, Loader, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { loader } from "~/routes/_main.switch-account";

/**
 * "Switch account": a link to the /switch-account page, which works without JS; with JS the
 * same list opens in a dialog (DESIGN.md: Modal needs a server-rendered fallback).
 */
export function SwitchAccountLink() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const accounts = useFetcher<typeof loader>();

  return (
    <>
      <Link
        to="/switch-account"
        className="top-bar__link"
        onClick={(event) => {
          event.preventDefault();
          open();
          accounts.load("/switch-account");
        }}
      >
        {t("topBar.switchAccount")}
      </Link>
      <Modal opened={opened} onClose={close} title={t("switchAccount.title")} centered>
        {accounts.data ? <AccountList accounts={accounts.data.accounts} /> : <Loader size="sm" aria-label={t("loading")} />}
      </Modal>
    </>
  );
}

type Account = { member_id: number; nickname: string; mobile: string; is_current_member: boolean };

/** The accounts of the group, each switchable with a POST (shared by the dialog and the page). */
export function AccountList({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <Text>{t("switchAccount.empty")}</Text>;
  return (
    <Stack gap="xs">
      {accounts.map((account) => (
        <Form method="post" action="/switch-account" key={account.member_id} reloadDocument>
          <input type="hidden" name="member_id" value={account.member_id} />
          <Button
            type="submit"
            fullWidth
            variant={account.is_current_member ? "light" : "default"}
            disabled={account.is_current_member}
            justify="space-between"
            rightSection={account.is_current_member ? t("switchAccount.current") : t("switchAccount.switch")}
          >
            {account.nickname} {account.mobile ? `(${account.mobile})` : ""}
          </Button>
        </Form>
      ))}
    </Stack>
  );
}
