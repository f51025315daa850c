import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { CardActions } from "~/components/member/card-actions";
import { PageHeader } from "~/components/member/page-header";
import { Alert, ConfirmStep, Badge, Button, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { deleteAddress, listAddresses, setDefaultAddress } from "~/upstream/address.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirect } from "~/utils/redirect.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: RouteHandle = { i18n: ["address"], title: "address:list.title" };

const AddressId = z.coerce.number({ invalid_type_error: "address:errors.unknownAddress" }).int().positive().max(2_147_483_647);

/** `redirect`: the checkout page to return to (a same-site path); `confirm`: the address whose deletion is being confirmed. */
const QuerySchema = z.object({
  redirect: z.string().max(2000).optional().catch(undefined),
  confirm: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-default"), id: AddressId, redirect: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("delete"), id: AddressId, redirect: z.string().max(2000).optional() }),
  // "Use this address" from checkout: the upstream takes the default address (contract §2.4).
  z.object({ intent: z.literal("use"), id: AddressId, redirect: z.string({ required_error: "address:errors.badRequest" }).max(2000) }),
]);

/** The checkout target of `redirect`, or "" when there is none or it is not a same-site path. */
function returnTarget(raw: string | undefined | null): string {
  return raw ? safeRedirect(raw, "") : "";
}

/** This page, carrying the checkout target along. */
function listUrl(target: string): string {
  return target ? `/member/delivery_address?${new URLSearchParams({ redirect: target })}` : "/member/delivery_address";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const addresses = await listAddresses(ctx);
  return {
    addresses: addresses.map((address) => ({
      id: address.id,
      name: address.name,
      mobile: address.mobile,
      telephone: address.telephone,
      region: address.full_address,
      detail: address.address,
      isDefault: address.is_default,
    })),
    target: returnTarget(query.redirect),
    confirm: addresses.some((address) => address.id === query.confirm) ? (query.confirm ?? null) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "address:errors.badRequest";
    return data({ error: message.startsWith("address:") ? message : "address:errors.badRequest" }, { status: 400 });
  }
  const intent = submission.value;
  const target = returnTarget(intent.redirect);
  try {
    switch (intent.intent) {
      case "set-default":
        await setDefaultAddress(ctx, intent.id);
        return redirectWithToast(listUrl(target), { kind: "success", key: "address:list.defaultSet" });
      case "delete":
        await deleteAddress(ctx, intent.id);
        return redirectWithToast(listUrl(target), { kind: "success", key: "address:list.deleted" });
      case "use":
        if (!target) return data({ error: "address:errors.badRequest" }, { status: 400 });
        await setDefaultAddress(ctx, intent.id);
        return redirect(safeRedirect(target, "/member/delivery_address"), 303);
    }
  } catch (error) {
    // A foreign or deleted id: the upstream refuses; show its message, change nothing.
    if (!(error instanceof UpstreamError)) throw error;
    return data({ error: formErrorFor(error) }, { status: 409 });
  }
}

export default function DeliveryAddressPage() {
  const { t } = useTranslation("address");
  const { addresses, target, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const editUrl = (id?: number) => {
    const params = new URLSearchParams();
    if (id) params.set("id", String(id));
    if (target) params.set("redirect", target);
    const query = params.toString();
    return query ? `/member/address_edit?${query}` : "/member/address_edit";
  };
  const here = listUrl(target);

  return (
    <Stack gap="md" className="address-page">
      <PageHeader title={t("list.title")} titleClassName="ui-title address-page__title" links={[{ to: editUrl(), label: t("list.add") }]} />
      {target ? (
        <Alert color="blue" role="note">
          {t("list.chooseForCheckout")} <Link to={target}>{t("list.backToCheckout")}</Link>
        </Alert>
      ) : null}
      {actionData?.error ? <Alert color="red">{errorText(t, actionData.error)}</Alert> : null}
      {addresses.length === 0 ? (
        <Panel>
          <p>{t("list.empty")}</p>
        </Panel>
      ) : (
        <ul className="address-list" aria-label={t("list.title")}>
          {addresses.map((address) => (
            <li key={address.id} className="address-card" data-default={address.isDefault || undefined}>
              <Panel>
                <Stack gap="xs">
                  <Group gap="sm">
                    <strong className="address-card__name">{address.name}</strong>
                    {address.isDefault ? <Badge color="primary">{t("list.default")}</Badge> : null}
                  </Group>
                  <p className="ui-text-sm">{[address.mobile, address.telephone].filter(Boolean).join(" / ")}</p>
                  <p className="ui-text-sm">
                    {address.region} {address.detail}
                  </p>
                  {confirm === address.id ? (
                    <ConfirmStep
                      action={here}
                      className="address-card__confirm"
                      title={t("list.confirmTitle")}
                      text={t("list.confirmText", { name: address.name })}
                      intent="delete"
                      submitLabel={t("list.confirmDelete")}
                      cancelLabel={t("list.cancel")}
                      cancelHref={here}
                    >
                      <input type="hidden" name="id" value={address.id} />
                      {target ? <input type="hidden" name="redirect" value={target} /> : null}
                    </ConfirmStep>
                  ) : (
                    <Form method="post" action={here}>
                      <input type="hidden" name="id" value={address.id} />
                      {target ? <input type="hidden" name="redirect" value={target} /> : null}
                      <CardActions
                        isDefault={address.isDefault}
                        editHref={editUrl(address.id)}
                        deleteHref={`${here}${here.includes("?") ? "&" : "?"}confirm=${address.id}`}
                        labels={{
                          setDefault: t("list.setDefault"),
                          setDefaultName: t("list.setDefaultLabel", { name: address.name }),
                          edit: t("list.edit"),
                          editName: t("list.editLabel", { name: address.name }),
                          delete: t("list.delete"),
                          deleteName: t("list.deleteLabel", { name: address.name }),
                        }}
                      >
                        {target ? (
                          <Button type="submit" name="intent" value="use" aria-label={t("list.useLabel", { name: address.name })}>
                            {t("list.use")}
                          </Button>
                        ) : null}
                      </CardActions>
                    </Form>
                  )}
                </Stack>
              </Panel>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
