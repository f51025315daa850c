import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { requireMember } from "~/auth/guards.server";
import { BundleRow } from "~/components/cart/bundle-row";
import { CartLineRow } from "~/components/cart/cart-line-row";
import { toastContent } from "~/utils/error-text";
import { NoJsRedirect } from "~/components/no-js-redirect";
import { Button, ButtonLink, Checkbox, Group, Stack } from "~/components/ui";
import { isBundlePurchasable, isPurchasable, lineQuantityLimits, selectedTotals } from "~/domain/cart";
import { clampBundleQuantity, clampQuantity } from "~/domain/quantity";
import { orderRefusal, orderRefusalError } from "~/domain/sale-control";
import { deleteBundleLine, deleteCartLines, listCartBundles, listCartLines, setBundleQuantity, setCartQuantity } from "~/upstream/cart.server";
import { memberContext } from "~/upstream/context.server";
import { toBundleView, toCartView, toCartLineView, type CartPageData } from "~/upstream/cart-view.server";
import { saleControlOf } from "~/upstream/sale-control.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { loginUrlTo, safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { CartIntentSchema, MAX_SETTLE_LINES } from "./schema";

export const handle: RouteHandle = { i18n: ["cart", "goods", "qualification"], title: "cart:title" };

/** Bundles are an addon: an upstream without it (or a broken answer) shows the cart without them. */
async function bundlesOf(ctx: UpstreamContext) {
  try {
    return await listCartBundles(ctx);
  } catch (error) {
    if (error instanceof UpstreamError || (error instanceof Response && error.status >= 500)) return [];
    throw error;
  }
}

/** The selection in the query string: `cart_id=…` per ticked line; none given → every buyable line. */
function selectionOf(url: URL, allIds: number[]): number[] {
  if (!url.searchParams.has("chosen")) return allIds;
  const chosen = new Set(url.searchParams.getAll("cart_id").map(Number));
  return allIds.filter((id) => chosen.has(id));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await memberContext(request, context);
  if (!ctx.token) return { member: false, cart: null, selected: [] } satisfies CartPageData;
  const [lines, bundles] = await Promise.all([listCartLines(ctx), bundlesOf(ctx)]);
  // Combo lines carry no sale control of their own: their goods' rules are asked for (issue 29).
  const cart = toCartView(
    lines,
    bundles,
    await saleControlOf(
      ctx,
      bundles.flatMap((bundle) => bundle.bundlingGoods),
    ),
  );
  const buyable = [
    ...cart.groups.flatMap((group) => group.lines.map((line) => line.cartId)),
    ...cart.bundles.filter(isBundlePurchasable).map((bundle) => bundle.cartId),
  ];
  return { member: true, cart, selected: selectionOf(new URL(request.url), buyable) } satisfies CartPageData;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const formData = await readFormData(request);
  const back = formData.get("redirect");
  const submission = parseWithZod(formData, { schema: CartIntentSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "cart:errors.badRequest";
    return refuseEdit(back, message);
  }
  const intent = submission.value;
  const [lines, bundles] = await Promise.all([listCartLines(ctx), bundlesOf(ctx)]);
  const own = new Map(lines.map((line) => [line.cart_id, line]));
  const ownBundles = new Map(bundles.map((bundle) => [bundle.cart_id, bundle]));

  try {
    switch (intent.intent) {
      case "set-quantity": {
        const line = own.get(intent.cart_id);
        if (!line) return refuseEdit(back, "cart:errors.unknownLine");
        // The upstream does not check stock or min/max buy: clamp here (spec §5).
        const num = clampQuantity(intent.num ?? intent.typed ?? "", lineQuantityLimits(toCartLineView(line)));
        if (num !== line.num) await setCartQuantity(ctx, line.cart_id, num);
        break;
      }
      case "set-bundle-quantity": {
        const bundle = ownBundles.get(intent.cart_id);
        if (!bundle) return refuseEdit(back, "cart:errors.unknownLine");
        const num = clampBundleQuantity(intent.num ?? intent.typed ?? "", bundle.stock);
        if (num !== bundle.num) await setBundleQuantity(ctx, bundle.cart_id, num);
        break;
      }
      case "delete": {
        if (!own.has(intent.cart_id)) return refuseEdit(back, "cart:errors.unknownLine");
        await deleteCartLines(ctx, [intent.cart_id]);
        break;
      }
      case "delete-bundle": {
        if (!ownBundles.has(intent.cart_id)) return refuseEdit(back, "cart:errors.unknownLine");
        await deleteBundleLine(ctx, intent.cart_id);
        break;
      }
      case "delete-selected": {
        if (intent.cart_id.length === 0) return refuseEdit(back, "cart:errors.noneSelected");
        if (intent.cart_id.some((id) => !own.has(id) && !ownBundles.has(id))) return refuseEdit(back, "cart:errors.unknownLine");
        const lineIds = intent.cart_id.filter((id) => own.has(id));
        if (lineIds.length) await deleteCartLines(ctx, lineIds);
        for (const id of intent.cart_id.filter((candidate) => ownBundles.has(candidate))) await deleteBundleLine(ctx, id);
        break;
      }
      case "settle": {
        if (intent.cart_id.length === 0) return refuseEdit(back, "cart:errors.noneSelected");
        if (intent.cart_id.length > MAX_SETTLE_LINES) return refuseEdit(back, "cart:errors.tooMany");
        // Sale control (issue 29): said as the shop words it, before the checkout is even asked.
        const [refusal] = intent.cart_id.flatMap((id) => {
          const line = own.get(id);
          const lineRefusal = line ? orderRefusal(line.sale_control) : null;
          return lineRefusal ? [lineRefusal] : [];
        });
        if (refusal) return refuseEdit(back, orderRefusalError(refusal, "cart:noPermission"), 403);
        const chosenBundles = intent.cart_id.flatMap((id) => ownBundles.get(id) ?? []);
        const bundleRules = await saleControlOf(
          ctx,
          chosenBundles.flatMap((bundle) => bundle.bundlingGoods),
        );
        const [bundleRefusal] = chosenBundles.flatMap((bundle) => toBundleView(bundle, bundleRules).saleRefusal ?? []);
        if (bundleRefusal) return refuseEdit(back, orderRefusalError(bundleRefusal, "cart:noPermission"), 403);
        const unbuyable = intent.cart_id.some((id) => {
          const line = own.get(id);
          if (line) return !isPurchasable(toCartLineView(line));
          const bundle = ownBundles.get(id);
          return !bundle || bundle.stock <= 0;
        });
        if (unbuyable) return refuseEdit(back, "cart:errors.unknownLine");
        return redirect(`/payment?${new URLSearchParams({ cart_ids: intent.cart_id.join(",") })}`, 303);
      }
    }
  } catch (error) {
    // A refused edit keeps the previous quantity and shows the upstream's message as a warning (spec §5).
    if (!(error instanceof UpstreamError)) throw error;
    return refuseEdit(back, formErrorFor(error), 409);
  }
  if (typeof back === "string") return redirect(safeRedirect(back, "/cart"), 303);
  return data({ ok: true as const, warning: null });
}

/** A refused action: a 4xx with the message (fetchers), or the cart again with a warning toast (no JS). */
async function refuseEdit(back: FormDataEntryValue | null, message: string, status = 400) {
  if (typeof back === "string") {
    return redirectWithToast(safeRedirect(back, "/cart"), { kind: "warning", ...toastContent(message) }, [], 303);
  }
  return data({ ok: false as const, warning: message }, { status });
}

export default function CartPage() {
  const { t } = useTranslation("cart");
  const { member, cart, selected } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!member || !cart) {
    return (
      <Stack className="cart-prompt">
        <h1 className="ui-title cart-page__title">{t("title")}</h1>
        <p>{t("loginPrompt")}</p>
        <ButtonLink to={loginUrlTo("/cart")}>{t("login")}</ButtonLink>
      </Stack>
    );
  }
  return <MemberCart key={location.search} cart={cart} initiallySelected={selected} />;
}

function MemberCart({ cart, initiallySelected }: { cart: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["cart"]>; initiallySelected: number[] }) {
  const { t } = useTranslation("cart");
  const hydrated = useHydrated();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [selected, setSelected] = useState(() => new Set(initiallySelected));
  useEffect(() => {
    // Boxes ticked or unticked before hydration: the DOM has the visitor's choice, which the
    // controlled boxes would otherwise reset to the loader's selection on the next render.
    const boxes = document.querySelectorAll<HTMLInputElement>('input[form="cart-selection"][name="cart_id"]');
    const chosen = new Set([...boxes].filter((box) => box.checked).map((box) => Number(box.value)));
    // Syncing from the DOM (an outside system at hydration) once is what this effect is for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSelected((current) => (chosen.size === current.size && [...chosen].every((id) => current.has(id)) ? current : chosen));
  }, []);
  const lines = useMemo(() => cart.groups.flatMap((group) => group.lines), [cart]);
  const buyableIds = useMemo(
    () => [...lines.map((line) => line.cartId), ...cart.bundles.filter(isBundlePurchasable).map((bundle) => bundle.cartId)],
    [lines, cart.bundles],
  );
  const totals = selectedTotals(lines, cart.bundles, selected);
  const allSelected = buyableIds.length > 0 && buyableIds.every((id) => selected.has(id));
  const empty = lines.length === 0 && cart.bundles.length === 0 && cart.invalid.length === 0;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (empty) {
    return (
      <Stack className="cart-prompt">
        <h1 className="ui-title cart-page__title">{t("title")}</h1>
        <p>{t("empty")}</p>
        <ButtonLink to="/list">{t("goShopping")}</ButtonLink>
      </Stack>
    );
  }

  return (
    <Stack gap="md" className="cart-page">
      <h1 className="ui-title cart-page__title">{t("title")}</h1>
      {/* The selection form: the checkboxes below belong to it through their form attribute. */}
      <Form method="get" action="/cart" id="cart-selection" />
      {cart.groups.map((group) => (
        <section key={group.siteName} className="cart-group" aria-label={group.siteName || t("title")}>
          {group.siteName ? <p className="ui-strong cart-group__title">{group.siteName}</p> : null}
          {group.lines.map((line) => (
            <CartLineRow key={line.cartId} line={line} selected={selected.has(line.cartId)} onToggle={(on) => toggle(line.cartId, on)} redirectTo={here} />
          ))}
        </section>
      ))}
      {cart.bundles.length > 0 ? (
        <section className="cart-group" aria-label={t("bundles")}>
          <p className="ui-strong cart-group__title">{t("bundles")}</p>
          {cart.bundles.map((bundle) => (
            <BundleRow
              key={bundle.cartId}
              bundle={bundle}
              selected={selected.has(bundle.cartId)}
              onToggle={(on) => toggle(bundle.cartId, on)}
              redirectTo={here}
            />
          ))}
        </section>
      ) : null}
      {cart.invalid.length > 0 ? (
        <section className="cart-group cart-group--invalid" aria-label={t("invalid")}>
          <p className="ui-strong cart-group__title">{t("invalid")}</p>
          {cart.invalid.map((line) => (
            <CartLineRow key={line.cartId} line={line} selected={false} onToggle={() => {}} redirectTo={here} />
          ))}
        </section>
      ) : null}
      <div className="cart-footer" role="region" aria-label={t("summary")}>
        <Group justify="between">
          <Group gap="md">
            {hydrated ? (
              <Checkbox
                label={t("selectAll")}
                checked={allSelected}
                onChange={(event) => setSelected(event.currentTarget.checked ? new Set(buyableIds) : new Set())}
              />
            ) : (
              <>
                <Link className="ui-anchor" to="/cart">
                  {t("selectAll")}
                </Link>
                <Link className="ui-anchor" to="/cart?chosen=1">
                  {t("selectNone")}
                </Link>
                <input type="hidden" name="chosen" value="1" form="cart-selection" />
                <Button type="submit" form="cart-selection" variant="outline" color="gray" size="xs">
                  {t("updateTotals")}
                </Button>
              </>
            )}
            <Button
              type="submit"
              form="cart-selection"
              formMethod="post"
              name="intent"
              value="delete-selected"
              variant="subtle"
              color="red"
              size="xs"
              disabled={hydrated && totals.lineCount === 0}
            >
              {t("deleteSelected")}
            </Button>
          </Group>
          <Group gap="md">
            <p role="status" className="cart-summary">
              {t("selectedCount", { count: totals.lineCount })} · {t("total")}{" "}
              <span className="cart-summary__total" data-testid="cart-total">
                {formatMoney(totals.total)}
              </span>
            </p>
            <Button type="submit" form="cart-selection" formMethod="post" name="intent" value="settle" size="md" disabled={hydrated && totals.lineCount === 0}>
              {t("settle")}
            </Button>
          </Group>
        </Group>
        {/* The posts of this form (delete selected, settle) come back here without JS. */}
        <NoJsRedirect to={here} form="cart-selection" />
      </div>
    </Stack>
  );
}
