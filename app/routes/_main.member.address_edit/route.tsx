import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { CheckboxField, FormPanel, TextField } from "~/components/form";
import { Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { addAddress, editAddress, findAddress, regionChoices, type RegionChoices } from "~/upstream/address.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { editPageQuery } from "~/utils/member-query";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { RegionSelects } from "./region-selects";
import { AddressFormSchema, RegionIdsSchema, RegionStepSchema } from "./schema";

export const handle: RouteHandle = {
  i18n: ["address"],
  title: (data, t) => t((data as { address: unknown } | undefined)?.address ? "address:edit.editTitle" : "address:edit.addTitle"),
};

const NO_REGIONS = { province_id: 0, city_id: 0, district_id: 0, community_id: 0 };

/** The checkout page to return to after saving ("" = back to the address list). */
const returnTarget = (raw: string | undefined) => safeRedirect(raw, "");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = editPageQuery(request);
  if (!query) throw notFoundResponse();
  const address = query.id ? await findAddress(ctx, query.id) : null;
  // A foreign or deleted id is a page that does not exist for this member.
  if (query.id && !address) throw notFoundResponse();
  const choices = await regionChoices(ctx, address ?? NO_REGIONS);
  return {
    address: address
      ? { id: address.id, name: address.name, mobile: address.mobile, telephone: address.telephone, address: address.address, isDefault: address.is_default }
      : null,
    choices,
    target: returnTarget(query.redirect),
    // The schema's native constraints (required, max lengths, patterns): zod stays on the server (ADR 010).
    constraint: getZodConstraint(AddressFormSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const formData = await readFormData(request);
  const chosen = RegionIdsSchema.parse(Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")));

  if (formData.get("intent") === "regions") {
    // No JS: re-render with the next level's options, keeping everything typed (conform echoes it).
    const submission = parseWithZod(formData, { schema: RegionStepSchema });
    return data({ result: submission.reply(), choices: await regionChoices(ctx, chosen) });
  }

  const submission = parseWithZod(formData, { schema: AddressFormSchema });
  const choices = await regionChoices(ctx, chosen);
  if (submission.status !== "success") return data({ result: submission.reply(), choices }, { status: 400 });
  const value = submission.value;

  // The chosen ids must be a real path in the region tree; the district is required unless the city has none.
  const fieldErrors: Record<string, string[]> = {};
  if (choices.ids.province_id !== value.province_id) fieldErrors.province_id = ["address:errors.badRegion"];
  else if (choices.ids.city_id !== value.city_id) fieldErrors.city_id = ["address:errors.badRegion"];
  else if (!value.district_id && choices.options.districts.length > 0) fieldErrors.district_id = ["address:errors.districtRequired"];
  else if (value.district_id && choices.ids.district_id !== value.district_id) fieldErrors.district_id = ["address:errors.badRegion"];
  else if (value.community_id && choices.ids.community_id !== value.community_id) fieldErrors.community_id = ["address:errors.badRegion"];
  if (Object.keys(fieldErrors).length > 0) return data({ result: submission.reply({ fieldErrors }), choices }, { status: 400 });

  const existing = value.id ? await findAddress(ctx, value.id) : null;
  if (value.id && !existing) throw notFoundResponse();
  const target = returnTarget(value.redirect);
  const input = {
    name: value.name,
    mobile: value.mobile,
    telephone: value.telephone,
    ...choices.ids,
    address: value.address,
    full_address: choices.names.slice(0, 3).join("-"),
    // No map here: a new address has no coordinates; an edit keeps the stored ones, as the PC does.
    longitude: existing?.longitude ?? "",
    latitude: existing?.latitude ?? "",
    // Saved from checkout: the new or edited address becomes the default, which checkout uses (contract §2.4).
    is_default: value.is_default || target ? (1 as const) : (0 as const),
  };
  try {
    if (existing) await editAddress(ctx, existing.id, input);
    else await addAddress(ctx, input);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }), choices }, { status: 400 });
  }
  if (target) return redirect(target, 303);
  return redirectWithToast("/member/delivery_address", { kind: "success", key: "address:edit.saved" });
}

export default function AddressEditPage() {
  const { t } = useTranslation("address");
  const { address, choices: loaded, target, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const choices: RegionChoices = actionData?.choices ?? loaded;
  const [form, fields] = useForm({
    id: "address",
    lastResult: actionData?.result,
    constraint,
    defaultValue: address
      ? { name: address.name, mobile: address.mobile, telephone: address.telephone, address: address.address, is_default: address.isDefault ? "on" : undefined }
      : undefined,
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const back = target ? `/member/delivery_address?${new URLSearchParams({ redirect: target })}` : "/member/delivery_address";
  // The region selects are not conform inputs (RegionSelects owns them); their errors are.
  const allFields = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  const regionErrors = {
    province_id: allFields.province_id?.errors,
    city_id: allFields.city_id?.errors,
    district_id: allFields.district_id?.errors,
    community_id: allFields.community_id?.errors,
  };

  return (
    <Stack gap="md" className="address-edit">
      <h1 className="ui-title">{t(address ? "edit.editTitle" : "edit.addTitle")}</h1>
      <FormPanel
        form={form}
        submit={t("edit.save")}
        intent="save"
        back={
          <Link to={back} className="ui-anchor">
            {t("edit.back")}
          </Link>
        }
      >
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        {target ? <input type="hidden" name="redirect" value={target} /> : null}
        <TextField meta={fields.name} label={t("edit.name")} autoComplete="name" required />
        <TextField meta={fields.mobile} type="tel" label={t("edit.mobile")} description={t("edit.contactHint")} autoComplete="tel" />
        <TextField meta={fields.telephone} type="tel" label={t("edit.telephone")} />
        <RegionSelects key={JSON.stringify(choices.ids)} choices={choices} errors={regionErrors} />
        <TextField meta={fields.address} label={t("edit.detail")} required />
        <CheckboxField meta={fields.is_default} label={t("edit.isDefault")} />
      </FormPanel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
