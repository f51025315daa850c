import { readFileSync } from "node:fs";
import { join } from "node:path";
import i18next, { type Resource, type TFunction } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import { errorsText, errorText, toastContent, upstreamError } from "~/utils/error-text";
import { MobileSchema, passwordSchema, SmsCodeSchema, UsernameSchema } from "~/domain/auth-fields";
import { KeywordSchema, SearchTypeSchema } from "~/domain/search-schemas";
import { i18nConfig, namespaces } from "~/i18n/config";
import { assetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";

/** Shared form rules (client and server) and how their errors become text. */

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("auth field rules", () => {
  test.each(["13800000000", "19912345678", " 13800000000 "])("mobile %j is valid", (mobile) => {
    expect(MobileSchema.safeParse(mobile).success).toBe(true);
  });

  test.each(["12800000000", "1380000000", "138000000001", "+8613800000000", "abc", ""])("mobile %j is refused", (mobile) => {
    expect(firstIssue(MobileSchema.safeParse(mobile))).toBe("validation:mobile");
  });

  test("a missing mobile is 'required'", () => {
    expect(firstIssue(MobileSchema.safeParse(undefined))).toBe("validation:required");
  });

  test("SMS codes are 4 to 6 digits", () => {
    expect(SmsCodeSchema.safeParse("1234").success).toBe(true);
    expect(SmsCodeSchema.safeParse("123456").success).toBe(true);
    expect(firstIssue(SmsCodeSchema.safeParse("123"))).toBe("validation:smsCode");
    expect(firstIssue(SmsCodeSchema.safeParse("12a4"))).toBe("validation:smsCode");
  });

  test("usernames: 3–30 letters, digits, underscore or Chinese", () => {
    expect(UsernameSchema.parse(" 药房_01 ")).toBe("药房_01");
    expect(firstIssue(UsernameSchema.safeParse("ab"))).toBe("validation:usernameLength");
    expect(firstIssue(UsernameSchema.safeParse("a".repeat(31)))).toBe("validation:usernameLength");
    expect(firstIssue(UsernameSchema.safeParse("bad name!"))).toBe("validation:usernameChars");
  });

  test("password length follows the upstream's pwd_len, with the minimum as an option", () => {
    const schema = passwordSchema(8);
    expect(schema.safeParse("12345678").success).toBe(true);
    expect(firstIssue(schema.safeParse("1234567"))).toBe("validation:passwordLength|min=8");
    expect(firstIssue(schema.safeParse("x".repeat(33)))).toBe("validation:passwordTooLong");
  });

  test("password complexity classes", () => {
    const schema = passwordSchema(6, ["number", "letter", "upper_case", "symbol", "unknown"]);
    expect(schema.safeParse("aB3$xy").success).toBe(true);
    const messages = schema.safeParse("abcdef").error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(["validation:passwordNeeds.number", "validation:passwordNeeds.upper_case", "validation:passwordNeeds.symbol"]);
  });
});

describe("search rules", () => {
  test("keywords are trimmed and at most 50 characters", () => {
    expect(KeywordSchema.parse("  感冒药 ")).toBe("感冒药");
    expect(KeywordSchema.safeParse("药".repeat(50)).success).toBe(true);
    expect(firstIssue(KeywordSchema.safeParse("药".repeat(51)))).toBe("validation:keywordTooLong");
  });

  test("the search type defaults to goods", () => {
    expect(SearchTypeSchema.parse("shop")).toBe("shop");
    expect(SearchTypeSchema.parse("anything")).toBe("goods");
    expect(SearchTypeSchema.parse(undefined)).toBe("goods");
  });
});

describe("error text", () => {
  let zh: TFunction;
  let en: TFunction;

  beforeAll(async () => {
    const resources: Resource = {};
    for (const language of ["zh-cn", "en-us"]) {
      resources[language] = Object.fromEntries(
        namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(__dirname, "..", "..", "locales", language, `${ns}.json`), "utf8")) as Resource]),
      );
    }
    const instance = i18next.createInstance();
    await instance.init({ ...i18nConfig, lng: "zh-cn", resources, initImmediate: false });
    zh = instance.getFixedT("zh-cn");
    en = instance.getFixedT("en-us");
  });

  test("a key becomes the translation", () => {
    expect(errorText(zh, "validation:required")).toBe("此项必填");
    expect(errorText(en, "validation:mobile")).not.toBe("validation:mobile");
  });

  test("options after | are interpolated", () => {
    expect(errorText(zh, "validation:passwordLength|min=8")).toBe("密码长度不能少于8位");
    expect(errorText(en, "validation:passwordLength|min=6")).toBe("The password needs at least 6 characters");
  });

  test("upstream messages are shown as written", () => {
    expect(errorText(en, upstreamError("用户名已存在"))).toBe("用户名已存在");
  });

  test("several errors are joined; none gives undefined", () => {
    expect(errorsText(zh, ["validation:required", upstreamError("x")])).toBe("此项必填 x");
    expect(errorsText(zh, [])).toBeUndefined();
    expect(errorsText(zh, undefined)).toBeUndefined();
  });

  test("toastContent: our key or the upstream's text", () => {
    expect(toastContent("auth:errors.codeWrong")).toEqual({ key: "auth:errors.codeWrong" });
    expect(toastContent(upstreamError("网络繁忙"))).toEqual({ text: "网络繁忙" });
  });

  test("formErrorFor maps known upstream refusals to our keys, by code or message", () => {
    expect(formErrorFor({ code: -10022, upstreamMessage: "anything" })).toBe("auth:errors.invalidCredentials");
    expect(formErrorFor({ code: -1, upstreamMessage: "手机动态码不正确" })).toBe("auth:errors.codeWrong");
    expect(formErrorFor({ code: -1, upstreamMessage: "您的账号已被锁定" })).toBe(upstreamError("您的账号已被锁定"));
    expect(formErrorFor({ code: -1, upstreamMessage: "" })).toBe(upstreamError("操作失败"));
  });
});

describe("assetUrl", () => {
  test("upstream-relative paths go through the /media proxy", () => {
    expect(assetUrl("upload/goods/1.png")).toBe("/media/upload/goods/1.png");
    expect(assetUrl("/public/static/img/a.png")).toBe("/media/public/static/img/a.png");
  });

  test("absolute, protocol-relative and data URLs stay; empty stays empty", () => {
    expect(assetUrl("https://cdn.test/a.png")).toBe("https://cdn.test/a.png");
    expect(assetUrl("//cdn.test/a.png")).toBe("//cdn.test/a.png");
    expect(assetUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(assetUrl("")).toBe("");
    expect(assetUrl(null)).toBe("");
  });
});
