import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod/v4";
import type { TestShopApi } from "../../shop-api/testing";
import { findHelp, findNotice, listHelp, listHelpClasses, listNotices } from "~/upstream/cms.server";
import { HelpArticleSchema, HelpClassSchema, HelpPageSchema, NoticePageSchema, NoticeSchema } from "~/upstream/schemas/help";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";
import { expectSameShape, loadSample } from "../support/shape";

/**
 * Help and notices (contract §6): the BFF's schemas parse the real samples, the reference shop
 * API answers with the samples' shapes and the contract's rules, and app/upstream/cms.server.ts
 * works against it (sanitized bodies, null for unknown ids).
 */
const live = useLiveShopApi();
let shop: TestShopApi;
beforeAll(() => {
  shop = live.shop;
});
beforeEach(() => invalidate());

describe("schemas parse the real samples", () => {
  test("help and notice samples", () => {
    expect(z.array(HelpClassSchema).parse(loadSample("api_helpclass_lists").data)[0]?.child_list[0]).toMatchObject({ id: 1, title: "如何下单" });
    expect(HelpPageSchema.parse(loadSample("api_help_page").data).list).toHaveLength(2);
    expect(HelpArticleSchema.parse(loadSample("api_help_info").data)).toMatchObject({ id: 1, link_address: "" });
    expect(NoticePageSchema.parse(loadSample("api_notice_page").data).list[0]).toMatchObject({ id: 1, is_top: true });
    expect(NoticeSchema.parse(loadSample("api_notice_info").data)).toMatchObject({ id: 1, title: "双十一大促公告" });
  });
});

describe("reference shop API", () => {
  test("answers have the samples' shapes", async () => {
    expectSameShape(await shop.call("/api/helpclass/lists"), loadSample("api_helpclass_lists"));
    expectSameShape(await shop.call("/api/help/page", { class_id: 1 }), loadSample("api_help_page"));
    expectSameShape(await shop.call("/api/help/info", { id: 1 }), loadSample("api_help_info"));
    expectSameShape(await shop.call("/api/notice/page", {}), loadSample("api_notice_page"));
    expectSameShape(await shop.call("/api/notice/info", { id: 1 }), loadSample("api_notice_info"));
  });

  test("notices: pinned first, then newest; mini-program-only notices are not listed; info null or missing id", async () => {
    const page = NoticePageSchema.parse((await shop.call("/api/notice/page", { page: 1, page_size: 10 })).data);
    expect(page.count).toBe(11);
    expect(page.page_count).toBe(2);
    expect(page.list.slice(0, 2).map((row) => row.is_top)).toEqual([true, true]);
    expect(page.list[0]?.title).toBe("药品追溯码扫码验收上线");
    const times = page.list.slice(2).map((row) => row.create_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.list.some((row) => row.title === "小程序端专属活动")).toBe(false);
    expect((await shop.call("/api/notice/info", { id: 999 })).data).toBeNull();
    expect(await shop.call("/api/notice/info", {})).toMatchObject({ code: -1, message: "缺少参数id" });
    const some = await shop.call("/api/notice/lists", { id_arr: "1,2,junk" });
    expect((some.data as { id: number }[]).map((row) => row.id).sort()).toEqual([1, 2]);
  });

  test("help seed covers a wholesaler's topics; one article is an outside link", async () => {
    const classes = z.array(HelpClassSchema).parse((await shop.call("/api/helpclass/lists")).data);
    const titles = classes.flatMap((entry) => entry.child_list.map((item) => item.title));
    for (const topic of ["如何下单", "配送范围与时效", "发票说明", "注册与资质认证", "退换货政策", "GSP质量管理声明"]) expect(titles).toContain(topic);
    const link = classes.flatMap((entry) => entry.child_list).find((item) => item.link_address);
    expect(link?.link_address).toMatch(/^https:\/\//);
  });
});

describe("app/upstream/cms.server.ts", () => {
  test("lists, finds and sanitizes", async () => {
    expect((await listHelpClasses()).length).toBeGreaterThanOrEqual(5);
    const firstClass = await listHelp(1, 1);
    expect(firstClass.count).toBe(5);
    expect(firstClass.list[0]).toMatchObject({ class_id: 1, class_name: "新手指南" });
    expect(await findHelp(9999)).toBeNull();
    expect(await findNotice(9999)).toBeNull();
    const notices = await listNotices(2);
    expect(notices.list).toHaveLength(1);
    const notice = await findNotice(1);
    expect(notice?.content).toContain("<p>");
  });

  test("upstream HTML is sanitized before a page sees it", async () => {
    shop.api.db
      .prepare("UPDATE notice SET content = ? WHERE id = 3")
      .run('<p onclick="x()">发货<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>');
    const notice = await findNotice(3);
    expect(notice?.content).not.toMatch(/script|onclick|javascript:/);
    expect(notice?.content).toContain("发货");
  });
});
