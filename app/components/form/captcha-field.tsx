import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Group, TextInput } from "~/components/ui";
import { errorsText } from "~/utils/error-text";

/**
 * The captcha image with its answer field and the id as a hidden input. "Another one" is a link
 * to the same page (a GET loads a fresh captcha), so it works without JS.
 */
export function CaptchaField({ meta, captcha }: { meta: FieldMetadata<unknown>; captcha: { id: string; img: string } }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const { key, ...inputProps } = getInputProps(meta as FieldMetadata<string>, { type: "text" });
  return (
    <div>
      <input type="hidden" name="captcha_id" value={captcha.id} />
      <Group gap="xs" nowrap className="captcha-field__row">
        <TextInput
          key={key}
          {...inputProps}
          label={t("captcha.label")}
          autoComplete="off"
          error={errorsText(t, meta.errors)}
          className="captcha-field__answer"
        />
        <img src={captcha.img} alt={t("captcha.image")} width={100} height={40} className="captcha-image" />
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="captcha-refresh">
          {t("captcha.refresh")}
        </Link>
      </Group>
    </div>
  );
}
