import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Alert, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { assetUrl } from "~/upstream/context.server";
import { listShopCertificates } from "~/upstream/qualification.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["qualification"], title: "qualification:certificates.title" };

/** /member/certiys: the shop's own licences (药品经营许可证, 营业执照, GSP…), shown to its buyers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const certificates = await listShopCertificates(ctx);
  if (!certificates) throw notFoundResponse();
  return {
    certificates: certificates.map((cert) => ({
      id: cert.id,
      name: cert.name,
      number: cert.cert_no,
      issuer: cert.issuer,
      scope: cert.scope,
      from: cert.start_date,
      until: cert.expire_date,
      images: cert.images.map((path) => assetUrl(path)).filter(Boolean),
    })),
  };
}

export default function CertificatesPage() {
  const { t } = useTranslation("qualification");
  const { certificates } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("certificates.title")}</h1>
      <p className="ui-text-sm ui-dimmed">{t("certificates.intro")}</p>
      {certificates.length === 0 ? <Alert color="gray">{t("certificates.none")}</Alert> : null}
      <ul className="member-certificates">
        {certificates.map((cert) => (
          <li key={cert.id}>
            <Panel>
              <article aria-labelledby={`certificate-${cert.id}`}>
                <h2 id={`certificate-${cert.id}`} className="ui-text-md member-qualification__name">
                  {cert.name}
                </h2>
                {cert.images.map((url, index) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">
                    <img src={url} alt={t("certificates.imageAlt", { name: cert.name, n: index + 1 })} width={300} height={210} loading="lazy" />
                  </a>
                ))}
                <dl className="member-dl">
                  <dt>{t("certificates.number")}</dt>
                  <dd>{cert.number || "—"}</dd>
                  <dt>{t("certificates.issuer")}</dt>
                  <dd>{cert.issuer || "—"}</dd>
                  {cert.scope ? (
                    <>
                      <dt>{t("certificates.scope")}</dt>
                      <dd>{cert.scope}</dd>
                    </>
                  ) : null}
                  <dt>{t("certificates.validity")}</dt>
                  <dd>
                    {cert.until
                      ? t("certificates.range", { from: cert.from || "—", until: cert.until })
                      : t("certificates.longTerm", { from: cert.from || "—" })}
                  </dd>
                </dl>
              </article>
            </Panel>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
