import { Form, Link, useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/translation";
import { Button, CloseButton, Group, Loader, Stack } from "~/components/ui";
import type { LinkedAccountsData } from "~/upstream/member.server";

/**
 * "Switch account": a link to the /switch-account page, which works without JS; with JS the
 * same list opens in a native modal <dialog> (focus trap, Esc and the backdrop come with it).
 */
export function SwitchAccountLink() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const accounts = useFetcher<LinkedAccountsData>();

  return (
    <>
      <Link
        to="/switch-account"
        className="top-bar__link"
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
          accounts.load("/switch-account");
        }}
      >
        {t("topBar.switchAccount")}
      </Link>
      <dialog ref={dialog} className="ui-dialog" aria-labelledby="switch-account-title">
        <Group justify="between" nowrap>
          <h2 id="switch-account-title" className="ui-title">
            {t("switchAccount.title")}
          </h2>
          <CloseButton aria-label={t("close")} onClick={() => dialog.current?.close()} />
        </Group>
        {accounts.data ? (
          <AccountList accounts={accounts.data.accounts} />
        ) : (
          <p role="status">
            <Loader /> {t("loading")}
          </p>
        )}
      </dialog>
    </>
  );
}

type Account = { member_id: number; nickname: string; mobile: string; is_current_member: boolean };

/** The accounts of the group, each switchable with a POST (shared by the dialog and the page). */
export function AccountList({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p>{t("switchAccount.empty")}</p>;
  return (
    <Stack gap="xs" className="account-list">
      {accounts.map((account) => (
        <Form method="post" action="/switch-account" key={account.member_id} reloadDocument>
          <input type="hidden" name="member_id" value={account.member_id} />
          <Button
            type="submit"
            fullWidth
            variant={account.is_current_member ? "light" : "outline"}
            disabled={account.is_current_member}
            className="account-list__button"
          >
            <span>
              {account.nickname} {account.mobile ? `(${account.mobile})` : ""}
            </span>
            <span>{account.is_current_member ? t("switchAccount.current") : t("switchAccount.switch")}</span>
          </Button>
        </Form>
      ))}
    </Stack>
  );
}
