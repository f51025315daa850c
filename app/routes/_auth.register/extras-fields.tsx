import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TextField } from "~/components/form";
import { errorsText } from "~/utils/error-text";
import { Button, NativeSelect } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { RegionSelects } from "~/routes/_main.member.address_edit/region-selects";
import { IMAGE_ACCEPT } from "~/utils/image-file";
import type { RegisterExtrasState, RegisterType } from "./extras.server";
import { REGISTER_IMAGE_MAX_KB } from "./limits";

type Fields = Record<string, FieldMetadata<unknown> | undefined>;

/**
 * Username registration's business fields: business type, region and address, the chosen type's
 * qualification images, the referrer. Without JS, the "next" buttons (regions, business type,
 * upload) post the form and the server answers it with the next step, everything typed kept.
 */
export function RegisterExtrasFields({
  labels,
  types,
  extras,
  fields,
}: {
  labels: Array<{ label_id: number; label_name: string }>;
  types: Record<string, RegisterType[]> | null;
  extras: RegisterExtrasState;
  fields: Fields;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const [label, setLabel] = useState(extras.label);
  const labelTypes = types?.[String(label)] ?? [];
  const text = (name: string) => fields[name] as FieldMetadata<string>;

  return (
    <>
      {labels.length > 0 ? (
        <div className="auth-extras__label">
          <NativeSelect
            name="member_label"
            label={t("register.memberLabel")}
            data={[{ value: "", label: t("register.memberLabelNone") }, ...labels.map((entry) => ({ value: String(entry.label_id), label: entry.label_name }))]}
            value={label ? String(label) : ""}
            onChange={(event) => setLabel(Number(event.currentTarget.value) || 0)}
          />
          {!hydrated && types ? (
            <Button type="submit" name="intent" value="label" formNoValidate variant="outline" size="xs">
              {t("register.showQualifications")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <TextField meta={text("realname")} label={t("register.realname")} autoComplete="name" />
      {extras.regions ? (
        <>
          <RegionSelects
            key={JSON.stringify(extras.regions.ids)}
            choices={extras.regions}
            depth={3}
            errors={{ province_id: fields.province_id?.errors, city_id: fields.city_id?.errors, district_id: fields.district_id?.errors }}
          />
          <TextField meta={text("address")} label={t("register.address")} description={t("register.addressHint")} autoComplete="street-address" required />
        </>
      ) : null}
      {types && labelTypes.length > 0 ? (
        <fieldset className="auth-extras__qualifications">
          <legend className="ui-field__label">{t("register.qualifications")}</legend>
          <p className="ui-text-xs ui-dimmed">{t("register.qualificationsHint", { max: REGISTER_IMAGE_MAX_KB })}</p>
          {labelTypes.map((type) => {
            const images = extras.images[type.id] ?? [];
            const error = errorsText(t, fields[`qual_${type.id}`]?.errors);
            const errorId = `register-qual-${type.id}-error`;
            return (
              <div key={type.id} className="auth-extras__type">
                <label htmlFor={`register-file-${type.id}`} className="ui-text-sm">
                  {type.name} {type.isMust ? t("register.aptitudeRequired") : t("register.aptitudeOptional")}
                </label>
                <input type="hidden" name={`qual_${type.id}`} value={images.map((image) => image.path).join(",")} />
                {images.length > 0 ? (
                  <ul className="auth-extras__images" aria-label={t("register.uploadedOf", { name: type.name })}>
                    {images.map((image, index) => (
                      <li key={image.path}>
                        <img src={image.url} alt={t("register.imageAlt", { name: type.name, n: index + 1 })} width={96} height={68} loading="lazy" />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {images.length < type.maxImages ? (
                  <div className="auth-extras__upload">
                    <input
                      key={images.length}
                      id={`register-file-${type.id}`}
                      type="file"
                      name={`file_${type.id}`}
                      accept={IMAGE_ACCEPT}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                    />
                    <Button type="submit" name="intent" value="upload" formNoValidate variant="outline" size="xs">
                      {t("register.upload")}
                    </Button>
                  </div>
                ) : null}
                {error ? (
                  <p id={errorId} className="ui-field__error">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <TextField meta={text("inputfenxiao_name")} label={t("register.referrer")} description={t("register.referrerHint")} />
      <TextField meta={text("invitation_code")} label={t("register.invitationCode")} />
    </>
  );
}
