import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";
import { Button } from "~/components/ui";
import { IMAGE_ACCEPT } from "~/utils/image-file";

export type DraftImage = { path: string; url: string };

/**
 * Images already uploaded (kept as paths in a hidden field, each with a remove button) and a file
 * input with its own "upload" submit: one image per request, so the form works without JS and
 * stays under the 1 MiB body limit (docs/after-sales.md). The surrounding form is multipart.
 */
export function ImageDrafts({
  id,
  name,
  fileName,
  images,
  max,
  error,
  label,
}: {
  id: string;
  /** Hidden field with the comma-joined paths. */
  name: string;
  /** The file input's name; the upload button posts `intent=upload:<fileName>`. */
  fileName: string;
  images: DraftImage[];
  max: number;
  error?: string | null;
  label: string;
}) {
  const { t } = useTranslation("aftersales");
  const full = images.length >= max;
  return (
    <fieldset className="aftersales-images" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className="ui-field__label">{label}</legend>
      <input type="hidden" name={name} value={images.map((image) => image.path).join(",")} />
      {images.length ? (
        <ul className="aftersales-images__list">
          {images.map((image, index) => (
            <li key={image.path}>
              <img src={image.url} alt={t("images.alt", { index: index + 1 })} width={64} height={64} />
              <Button type="submit" name="intent" value={`remove:${name}:${image.path}`} variant="subtle" size="xs">
                {t("images.remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <div className="aftersales-images__add">
          <label className="visually-hidden" htmlFor={id}>
            {t("images.choose")}
          </label>
          <input id={id} type="file" name={fileName} accept={IMAGE_ACCEPT} aria-invalid={error ? true : undefined} />
          <Button type="submit" name="intent" value={`upload:${fileName}`} variant="outline" size="xs">
            {t("images.upload")}
          </Button>
        </div>
      )}
      <p id={`${id}-hint`} className="ui-dimmed">
        {t("images.hint", { count: images.length, max })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {errorText(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
