import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { errorText } from "~/utils/error-text";
import { PageHeader } from "~/components/member/page-header";
import { PaginationLinks } from "~/components/pagination-links";
import { Alert, Badge, Button, ButtonLink, Group, Panel, Stack, TextInput } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import type { CodeView, VerificationDeskActionData, VerificationDeskData, VerificationDetailData, VerificationListData } from "~/upstream/verify-view.server";
import { formatMoney } from "~/utils/format";
import { deskUrl, listUrl } from "./urls";

/*
 * The three verification pages' components, in one module on purpose: the build merges shared
 * modules under 10 kB into chunks that every page loads (vite.config.ts), so three small route
 * modules would weigh on the goods page's first-load budget; one module of all three stays a chunk
 * of its own that only these pages load (ADR 018).
 */

export function VerificationDeskPage() {
  const { t } = useTranslation("verification");
  const { typed, view, confirm, error } = useLoaderData<VerificationDeskData>();
  const actionData = useActionData<VerificationDeskActionData>();
  const busy = useNavigation().state === "submitting";
  // The confirm step's fields are hidden: a refusal is the form's one error, shown where the lookup's is.
  const [form] = useForm({ id: "verify", lastResult: actionData?.result });
  const shownError = form.errors?.[0] ?? error;

  return (
    <Stack gap="md" className="verification-page">
      <PageHeader title={t("desk.title")} titleClassName="ui-title" links={[{ to: "/member/verification_list", label: t("list.title"), variant: "outline" }]} />
      <Panel>
        {/* A GET form: looking a code up changes nothing, and the result is a link. A code scanner types into the box like a keyboard. */}
        <Form method="get" className="verification-code-form" role="search" aria-label={t("desk.lookup")}>
          <Group gap="sm">
            <TextInput
              name="verify_code"
              label={t("desk.codeLabel")}
              description={t("desk.codeHint")}
              defaultValue={typed}
              required
              maxLength={64}
              inputMode="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              autoFocus={!view}
            />
            <Button type="submit" variant="outline">
              {t("desk.lookup")}
            </Button>
          </Group>
        </Form>
      </Panel>
      {shownError ? (
        <Alert id={form.errorId} color="red" role="alert" data-testid="verify-error">
          {errorText(t, shownError)}
        </Alert>
      ) : null}
      {view ? (
        <>
          <CodeDetails view={view} />
          {!view.verifiable ? (
            <Alert color="gray" role="note">
              {t(`desk.notVerifiable.${view.state}`)}
            </Alert>
          ) : confirm ? (
            <Form method="post" action={deskUrl(view.code, true)} {...getFormProps(form)}>
              <Stack gap="sm">
                <Alert color="orange" role="alert" title={t("desk.confirmTitle")}>
                  {t("desk.confirmText", { code: view.code })}
                </Alert>
                <input type="hidden" name="verify_code" value={view.code} />
                <Group gap="sm">
                  <Button type="submit" name="intent" value="verify" disabled={busy}>
                    {t("desk.confirm")}
                  </Button>
                  <ButtonLink to={deskUrl(view.code)} variant="outline" color="gray">
                    {t("desk.cancel")}
                  </ButtonLink>
                </Group>
              </Stack>
            </Form>
          ) : (
            <Group>
              {/* The confirm step is a page state, so it works without JavaScript. */}
              <ButtonLink to={deskUrl(view.code, true)}>{t("desk.verify")}</ButtonLink>
              <Link to={`/member/verification_detail?${new URLSearchParams({ verify_code: view.code })}`} className="ui-anchor">
                {t("desk.details")}
              </Link>
            </Group>
          )}
        </>
      ) : null}
    </Stack>
  );
}

export function VerificationListPage() {
  const { t } = useTranslation("verification");
  const { tabs, type, page, pageCount, rows } = useLoaderData<VerificationListData>();
  return (
    <Stack gap="md" className="verification-page">
      <PageHeader title={t("list.title")} titleClassName="ui-title" links={[{ to: "/member/verification", label: t("desk.title"), variant: "outline" }]} />
      {/* Tabs are links (work without JS); the current one is marked for assistive technology. */}
      <nav aria-label={t("list.tabs")} className="verification-tabs">
        {tabs.map((tab) => (
          <Link key={tab.key} to={listUrl(tab.key)} aria-current={tab.key === type ? "page" : undefined}>
            {tab.key === "all" ? t("list.all") : tab.name}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <Panel>
          <p>{t("list.empty")}</p>
        </Panel>
      ) : (
        <table className="ui-table verification-history">
          <caption className="visually-hidden">{t("list.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("details.code")}</th>
              <th scope="col">{t("details.type")}</th>
              <th scope="col">{t("details.items")}</th>
              <th scope="col">{t("list.orderNo")}</th>
              <th scope="col">{t("details.verifiedAt")}</th>
              <th scope="col">{t("details.state")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code}>
                <td>
                  <Link
                    to={`/member/verification_detail?${new URLSearchParams({ verify_code: row.code })}`}
                    aria-label={t("list.detailLabel", { code: row.code })}
                  >
                    {row.code}
                  </Link>
                </td>
                <td>{row.typeName}</td>
                <td>{row.goods}</td>
                <td>{row.orderNo}</td>
                <td>
                  {row.verifiedAt} {row.verifierName}
                </td>
                <td>
                  <Badge color={row.state === "used" ? "gray" : "primary"}>{t(`state.${row.state}`)}</Badge>{" "}
                  <span className="ui-text-sm ui-dimmed">{t("details.usesValue", { done: row.uses.done, total: row.uses.total })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={(next) => listUrl(type, next)} />
    </Stack>
  );
}

export function VerificationDetailPage() {
  const { t } = useTranslation("verification");
  const { view, error } = useLoaderData<VerificationDetailData>();
  return (
    <Stack gap="md" className="verification-page">
      <PageHeader
        title={t("detail.title")}
        titleClassName="ui-title"
        links={[
          { to: "/member/verification_list", label: t("list.title"), variant: "outline" },
          { to: "/member/verification", label: t("desk.title"), variant: "outline" },
        ]}
      />
      {error ? (
        <Alert color="red" role="alert" data-testid="verify-error">
          {errorText(t, error)}
        </Alert>
      ) : null}
      {view ? (
        <>
          <CodeDetails view={view} />
          {view.history.length > 0 ? (
            <Panel>
              <h2 className="ui-strong">{t("detail.history")}</h2>
              <ol className="verification-uses">
                {view.history.map((use, index) => (
                  <li key={`${use.time}-${index}`}>
                    {use.time} · {use.verifierName}
                  </li>
                ))}
              </ol>
            </Panel>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** A code's details: kind, state, uses, goods lines and the upstream's remarks (order number, contact…). */
const STATE_COLORS = { waiting: "primary", used: "gray", refunded: "orange", expired: "red" } as const;

export function CodeDetails({ view }: { view: CodeView }) {
  const { t } = useTranslation("verification");
  return (
    <Panel>
      <Stack gap="md">
        <dl className="verification-facts">
          <dt>{t("details.code")}</dt>
          <dd data-testid="verify-code">{view.code}</dd>
          <dt>{t("details.type")}</dt>
          <dd>{view.typeName}</dd>
          <dt>{t("details.state")}</dt>
          <dd>
            <Badge color={STATE_COLORS[view.state]} data-testid="verify-state">
              {t(`state.${view.state}`)}
            </Badge>
          </dd>
          <dt>{t("details.uses")}</dt>
          <dd>{t("details.usesValue", { done: view.uses.done, total: view.uses.total })}</dd>
          <dt>{t("details.expires")}</dt>
          <dd>{view.expires || t("details.never")}</dd>
          {view.verifiedAt ? (
            <>
              <dt>{t("details.verifier")}</dt>
              <dd>{view.verifierName}</dd>
              <dt>{t("details.verifiedAt")}</dt>
              <dd>{view.verifiedAt}</dd>
            </>
          ) : null}
          {view.remarks.map((remark, index) => (
            <RemarkRow key={`${remark.title}-${index}`} title={remark.title} value={remark.value} />
          ))}
        </dl>
        <table className="ui-table verification-items">
          <caption className="ui-strong">{t("details.items")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("details.goods")}</th>
              <th scope="col">{t("details.price")}</th>
              <th scope="col">{t("details.num")}</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item, index) => (
              <tr key={`${item.name}-${index}`}>
                <td>
                  <span className="verification-item">
                    {item.image ? <img src={item.image} alt="" width={48} height={48} loading="lazy" /> : null}
                    {item.name}
                  </span>
                </td>
                <td>{formatMoney(item.price)}</td>
                <td>{item.num}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Stack>
    </Panel>
  );
}

function RemarkRow({ title, value }: { title: string; value: string }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>{value}</dd>
    </>
  );
}
