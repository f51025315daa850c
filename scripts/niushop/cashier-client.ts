/**
 * The store backend (收银台, the cashier addon's `/cashier/storeapi/...`), signed in by the shop
 * admin, who may manage every store. A store sells only the goods put on sale in it there: the
 * shop admin's own goods actions put goods on sale in the default store alone
 * (`app/model/storegoods/StoreGoods.php` `modifyGoodsState`), and checkout offers a store for pickup
 * only when it sells every line (`app/model/order/ordercreate/DeliveryTool.php` `getAvailableStoreIds`).
 * Calls are sent as the cashier's pages send them (`addon/cashier/source/os/common/js/http.js`):
 * form fields with `app_type`, the token and the store.
 */
import { z } from "zod/v4";
import { AdminError, encodeForm, readCaptchaCode, type FormFields } from "./admin-client";

const EnvelopeSchema = z.object({ code: z.number(), message: z.string().optional().default(""), data: z.unknown() });
const CaptchaSchema = z.object({ id: z.string().min(1) });
const LoginSchema = z.object({ token: z.string().min(1) });

export type CashierLogin = { baseUrl: string; username: string; password: string; appDir: string };

export class NiushopCashier {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** The cashier's login page: a captcha (answered from the upstream's file cache), then the admin's account. */
  static async logIn(login: CashierLogin): Promise<NiushopCashier> {
    const baseUrl = login.baseUrl.replace(/\/$/, "");
    const captcha = CaptchaSchema.parse(await post(baseUrl, "storeapi/captcha/captcha", {}));
    const code = readCaptchaCode(login.appDir, captcha.id);
    if (code === null) throw new AdminError("storeapi/captcha/captcha", captcha, `no answer for captcha ${captcha.id}`);
    const answer = await post(baseUrl, "cashier/storeapi/login/login", {
      username: login.username,
      password: login.password,
      captcha_id: captcha.id,
      captcha_code: code,
    });
    return new NiushopCashier(baseUrl, LoginSchema.parse(answer).token);
  }

  /** "批量上架" in the store's goods list (`pages/goods/goodslist.vue`): the goods are sold in `storeId`. */
  async putGoodsOnSale(storeId: number, goodsIds: number[]): Promise<void> {
    await post(this.baseUrl, "cashier/storeapi/goods/setstatus", { token: this.token, store_id: storeId, goods_id: goodsIds.join(","), status: 1 });
  }
}

/** POSTs to the store API; answers the data of a success, throws an `AdminError` otherwise. */
async function post(baseUrl: string, pathname: string, fields: FormFields): Promise<unknown> {
  const response = await fetch(`${baseUrl}/${pathname}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: encodeForm({ app_type: "pc", app_type_name: "PC", ...fields }),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new AdminError(pathname, text.slice(0, 300), `HTTP ${response.status}, not JSON`);
  }
  const envelope = EnvelopeSchema.safeParse(answer);
  if (!envelope.success) throw new AdminError(pathname, answer, "the answer has no envelope");
  if (envelope.data.code < 0) throw new AdminError(pathname, answer, envelope.data.message);
  return envelope.data.data;
}
