import { Link } from "@remix-run/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+react (ADR 034): on the server a Link to an absolute path skips the path
 * resolution. It must render exactly what the resolving Link renders; `prefetch="intent"` still
 * takes the resolving Link (and renders nothing more on the server), so the two can be compared.
 */
function render(element: React.ReactElement, basename = "/", location = "/member/order_list?page=2"): string {
  return renderToStaticMarkup(createElement(StaticRouter, { basename, location: basename === "/" ? location : `${basename}${location}` }, element));
}

const PATHS = [
  "/sku-1",
  "/",
  "/index",
  "/list?keyword=%E9%98%BF%E8%8E%AB%E8%A5%BF%E6%9E%97",
  "/cms/help#top",
  "/member/order_detail?order_id=3&x=",
  "/list?",
  "/a/",
  "/a/../b",
];

describe("Link on the server", () => {
  it.each(PATHS)("renders %s as the resolving Link does", (to) => {
    const props = { to, className: "nav-bar__link", "aria-label": "名", target: "_self" };
    expect(render(createElement(Link, props))).toBe(render(createElement(Link, { ...props, prefetch: "intent" })));
  });

  it.each(PATHS)("joins a basename to %s as the resolving Link does", (to) => {
    expect(render(createElement(Link, { to }), "/shop")).toBe(render(createElement(Link, { to, prefetch: "intent" }), "/shop"));
  });

  it("marks links for route discovery unless they reload the document", () => {
    expect(render(createElement(Link, { to: "/cart" }, "购物车"))).toBe('<a data-discover="true" href="/cart">购物车</a>');
    expect(render(createElement(Link, { to: "/cart", reloadDocument: true }))).toBe('<a href="/cart"></a>');
    expect(render(createElement(Link, { to: "/cart", discover: "none" }))).toBe('<a href="/cart"></a>');
  });

  it("leaves relative paths and URLs to the resolving Link", () => {
    expect(render(createElement(Link, { to: "?page=3" }))).toBe('<a data-discover="true" href="/member/order_list?page=3"></a>');
    expect(render(createElement(Link, { to: "https://beian.gov.cn/x" }))).toBe('<a href="https://beian.gov.cn/x"></a>');
    expect(render(createElement(Link, { to: "//cdn.example.com/x" }))).toBe('<a href="//cdn.example.com/x"></a>');
  });
});
