import type { UIMatch } from "@remix-run/react";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router-dom";
import { expect, test } from "vitest";
import { createT } from "~/i18n/translation";
import { pageTitle } from "~/utils/handle";

const t = createT(
  { errors: { title: { "404": "页面不存在", "500": "系统出错了", "502": "商城服务暂时不可用", default: "出错了" } }, checkout: { pay: { title: "待支付" } } },
  ["common"],
);

const match = (id: string, handle: unknown, data?: unknown): UIMatch => ({ id, pathname: "/", params: {}, data, handle });
const matches = [match("root", {}), match("routes/_main", {}), match("routes/_main.pay", { title: "checkout:pay.title" })];

test("without an error the deepest route names the page", () => {
  expect(pageTitle(matches, t)).toBe("待支付");
  expect(pageTitle(matches, t, null)).toBe("待支付");
});

test("a route that failed is named by its error, whichever boundary shows it (issue 29)", () => {
  expect(pageTitle(matches, t, { "routes/_main": new ErrorResponse(404, "Not Found", null) })).toBe("页面不存在");
  expect(pageTitle(matches, t, { "routes/_main.pay": new ErrorResponse(502, "Bad Gateway", null) })).toBe("商城服务暂时不可用");
  expect(pageTitle(matches, t, { root: new Error("bug") })).toBe("系统出错了");
  expect(pageTitle(matches, t, { "routes/_main": new ErrorResponse(418, "", null) })).toBe("出错了");
});
