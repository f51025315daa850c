import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { NiushopAdmin } from "../../scripts/niushop/admin-client";
import { NiushopCashier } from "../../scripts/niushop/cashier-client";

/**
 * The seller's clients of scripts/niushop against a stand-in Niushop: the shop admin's transfer
 * approval (read back, and repeated when 5.5.2 rolled it back while answering success) and the
 * store backend's "批量上架" with the captcha answered from the file cache.
 */

const CAPTCHA_ID = "0123456789abcdef0123456789abcdef";

/** A captcha answer where ThinkPHP's file cache keeps it (a 32-byte guard, then the value). */
function cacheCaptcha(appDir: string, id: string, code: string) {
  const hash = createHash("md5").update(id).digest("hex");
  const dir = path.join(appDir, "runtime", "cache", hash.slice(0, 2));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${hash.slice(2)}.php`), `${"<?php //000000000600 exit();?>\n".padEnd(32, " ")}${code}`);
}

type Received = { path: string; fields: URLSearchParams };

let server: Server;
let baseUrl = "";
let appDir = "";
const received: Received[] = [];
/** The review state of the one voucher (out_trade_no 900), and how many approvals 5.5.2 "loses". */
const voucher = { status: 0, approvalsLost: 0 };

beforeAll(async () => {
  appDir = mkdtempSync(path.join(tmpdir(), "niushop-app-"));
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const pathname = new URL(req.url ?? "/", "http://niushop.local").pathname.replace(/^\//, "");
    const fields = new URLSearchParams(Buffer.concat(chunks).toString());
    received.push({ path: pathname, fields });
    const json = (value: unknown) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    switch (pathname) {
      case "shop/login/login":
        if (req.method === "GET") return res.writeHead(200, { "Set-Cookie": "PHPSESSID=s1; path=/" }).end(`<input name="captcha_id" value="${CAPTCHA_ID}">`);
        return json({ code: fields.get("captcha") === "7391" ? 0 : -1, message: "", data: null });
      case "offlinepay/shop/pay/lists":
        return json({ code: 0, message: "", data: { count: 1, list: [{ id: 22, out_trade_no: "900", status: voucher.status }] } });
      case "offlinepay/shop/pay/auditPass":
        if (voucher.approvalsLost > 0)
          voucher.approvalsLost--; // rolled back by a deadlock, answered as a success
        else if (voucher.status === 0) voucher.status = 1;
        return json({ code: 0, message: "操作成功", data: null });
      case "storeapi/captcha/captcha":
        return json({ code: 0, message: "", data: { id: CAPTCHA_ID, img: "data:image/png;base64," } });
      case "cashier/storeapi/login/login":
        if (fields.get("captcha_code") !== "7391") return json({ code: -1, message: "验证码错误" });
        return json({ code: 0, message: "", data: { token: "store-token", site_id: 1, store_id: 2 } });
      case "cashier/storeapi/goods/setstatus":
        return json({ code: fields.get("token") === "store-token" ? 0 : -1, message: "", data: 1 });
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(appDir, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
  cacheCaptcha(appDir, CAPTCHA_ID, "7391");
});

const calls = (pathname: string) => received.filter((call) => call.path === pathname);

describe("the shop admin confirms a transfer", () => {
  test("approved at once: one auditPass, for the listed voucher's id", async () => {
    Object.assign(voucher, { status: 0, approvalsLost: 0 });
    const admin = await NiushopAdmin.logIn({ baseUrl, username: "admin", password: "pw", appDir });
    await admin.confirmOfflinePayment("900");
    expect(calls("offlinepay/shop/pay/auditPass").map((call) => call.fields.get("id"))).toEqual(["22"]);
    expect(calls("offlinepay/shop/pay/lists")[0].fields.get("status")).toBe("all");
  });

  test("an approval 5.5.2 rolled back while answering success is made again", async () => {
    Object.assign(voucher, { status: 0, approvalsLost: 1 });
    const admin = await NiushopAdmin.logIn({ baseUrl, username: "admin", password: "pw", appDir });
    await admin.confirmOfflinePayment("900");
    expect(calls("offlinepay/shop/pay/auditPass")).toHaveLength(2);
    expect(voucher.status).toBe(1);
  });

  test("a voucher that never passes, or was refused, is an error, not a silent success", async () => {
    const admin = await NiushopAdmin.logIn({ baseUrl, username: "admin", password: "pw", appDir });
    Object.assign(voucher, { status: 0, approvalsLost: 10 });
    await expect(admin.confirmOfflinePayment("900")).rejects.toThrow("in review state 0, not passed");
    Object.assign(voucher, { status: 2, approvalsLost: 0 });
    await expect(admin.confirmOfflinePayment("900")).rejects.toThrow("in review state 2, not passed");
  });
});

describe("the store backend", () => {
  test("signs in with the cached captcha's answer and puts goods on sale in a store, as the cashier's goods list sends it", async () => {
    const cashier = await NiushopCashier.logIn({ baseUrl, username: "admin", password: "pw", appDir });
    await cashier.putGoodsOnSale(3, [1, 2, 12]);
    const [login] = calls("cashier/storeapi/login/login");
    expect(Object.fromEntries(login.fields)).toMatchObject({ username: "admin", password: "pw", captcha_id: CAPTCHA_ID, captcha_code: "7391" });
    const [setStatus] = calls("cashier/storeapi/goods/setstatus");
    expect(Object.fromEntries(setStatus.fields)).toEqual({
      app_type: "pc",
      app_type_name: "PC",
      token: "store-token",
      store_id: "3",
      goods_id: "1,2,12",
      status: "1",
    });
  });

  test("a refused login is an error naming the upstream's message", async () => {
    cacheCaptcha(appDir, CAPTCHA_ID, "0000");
    await expect(NiushopCashier.logIn({ baseUrl, username: "admin", password: "pw", appDir })).rejects.toThrow("cashier/storeapi/login/login: 验证码错误");
  });
});
