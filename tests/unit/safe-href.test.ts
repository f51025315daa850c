import { expect, test } from "vitest";
import { linkProps } from "~/components/layout/link-props";
import { safeHref } from "~/utils/safe-href";

test.each([
  ["/list?category_id=3", "/list?category_id=3"],
  ["list?x=1", "list?x=1"],
  ["https://www.niushop.com", "https://www.niushop.com"],
  ["HTTP://example.com/a", "HTTP://example.com/a"],
  ["//cdn.example.com/x", "//cdn.example.com/x"],
  ["#top", "#top"],
  ["", "#"],
  [null, "#"],
  ["javascript:alert(1)", "#"],
  ["JaVaScRiPt:alert(1)", "#"],
  [" javascript:alert(1)", "#"],
  ["java\tscript:alert(1)", "#"],
  ["java\nscript:alert(1)", "#"],
  ["data:text/html,<script>alert(1)</script>", "#"],
  ["vbscript:msgbox(1)", "#"],
  ["mailto:shop@example.com", "#"],
  ["tel:4001234567", "#"],
  ["file:///etc/passwd", "#"],
])("safeHref(%j) → %j", (input, expected) => {
  expect(safeHref(input)).toBe(expected);
});

test("mailto: and tel: only where a contact link is meant", () => {
  expect(safeHref("mailto:shop@example.com", { contact: true })).toBe("mailto:shop@example.com");
  expect(safeHref("tel:4001234567", { contact: true })).toBe("tel:4001234567");
  expect(safeHref("javascript:alert(1)", { contact: true })).toBe("#");
});

test("linkProps renders unsafe upstream links inert and opens other sites in a new tab", () => {
  expect(linkProps("javascript:alert(1)")).toEqual({ href: "#" });
  expect(linkProps("https://example.com")).toEqual({ href: "https://example.com", target: "_blank", rel: "noopener noreferrer" });
  expect(linkProps("/list")).toEqual({ href: "/list" });
});
