import { Badge, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import type { CodeView } from "~/upstream/verify-view.server";
import { formatMoney } from "~/utils/format";

const STATE_COLORS = { waiting: "primary", used: "gray", refunded: "orange", expired: "red" } as const;

/** A code's details: kind, state, uses, goods lines and the upstream's remarks (order number, contact…). */
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
