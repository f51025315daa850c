import { NavLink } from "@remix-run/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { isCurrentSection } from "~/components/layout/nav-bar";

/** The nav bar marks its links as NavLink would: the same page or a section above it. */
function navLinkIsActive(location: string, to: string): boolean {
  const html = renderToStaticMarkup(createElement(StaticRouter, { location }, createElement(NavLink, { to })));
  return html.includes('aria-current="page"');
}

const CASES: Array<[location: string, href: string]> = [
  ["/index", "/index"],
  ["/", "/index"],
  ["/index", "/"],
  ["/", "/"],
  ["/list", "/list?category_id=3&level=1"],
  ["/list?keyword=x", "/list"],
  ["/listing", "/list"],
  ["/promotion/seckill", "/promotion"],
  ["/promotion/seckill", "/promotion/seckill"],
  ["/promotion", "/promotion/seckill"],
  ["/promotion/seckill/", "/promotion/seckill"],
  ["/cms/notice/3", "/cms/notice/"],
  ["/CMS/Notice", "/cms/notice"],
  ["/point", "/point#top"],
  ["/member/index", "/member"],
];

describe("isCurrentSection", () => {
  it.each(CASES)("on %s marks %s as NavLink does", (location, href) => {
    const pathname = location.split("?")[0];
    expect(isCurrentSection(pathname, href)).toBe(navLinkIsActive(location, href));
  });
});

it("has cases of both kinds", () => {
  const marked = CASES.filter(([location, href]) => navLinkIsActive(location, href)).length;
  expect(marked).toBeGreaterThan(3);
  expect(CASES.length - marked).toBeGreaterThan(3);
});
