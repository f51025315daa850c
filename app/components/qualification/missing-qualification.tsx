import { Link } from "@remix-run/react";
import type { MissingQualification } from "~/domain/sale-control";
import { useTranslation } from "~/i18n/translation";

/**
 * Why a goods cannot be bought when a qualification is the reason (sale control, ADR 024): which
 * one and where it stands, with a link to /member/qualification. Pages that show it load the
 * `qualification` namespace.
 */
export function MissingQualificationNotice({ qualification, className }: { qualification: MissingQualification; className?: string }) {
  const { t } = useTranslation("qualification");
  return (
    <p className={["missing-qualification", className].filter(Boolean).join(" ")} data-testid="missing-qualification">
      {t(`saleControl.${qualification.status}`, { name: qualification.name })} <Link to="/member/qualification">{t("saleControl.manage")}</Link>
    </p>
  );
}
