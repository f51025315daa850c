import { describe, expect, test } from "vitest";
import { EmailFormSchema, EmailSchema, MobileFormSchema } from "~/routes/_main.member.security/contact-schema";

// The mobile and email forms of /member/security (docs/member-centre.md "Mobile and email").

describe("email", () => {
  test("an address with a domain is accepted, trimmed; anything else is refused with our key", () => {
    expect(EmailSchema.parse("  buyer@example.com ")).toBe("buyer@example.com");
    for (const bad of ["buyer", "buyer@", "@example.com", "a b@example.com", "buyer@example", `${"a".repeat(95)}@x.cn`]) {
      const result = EmailSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].message).toBe("account:errors.emailFormat");
    }
  });

  test("binding needs the key of a sent code and six digits", () => {
    expect(EmailFormSchema.safeParse({ intent: "email-bind", email: "a@b.cn", key: "k", code: "123456" }).success).toBe(true);
    const noKey = EmailFormSchema.safeParse({ intent: "email-bind", email: "a@b.cn", code: "123456" });
    expect(noKey.error?.issues[0].message).toBe("account:email.sendFirst");
    expect(EmailFormSchema.safeParse({ intent: "email-bind", email: "a@b.cn", key: "k", code: "1234" }).success).toBe(false);
  });
});

describe("mobile", () => {
  test("asking a code needs a mainland mobile and a captcha answer", () => {
    expect(MobileFormSchema.safeParse({ intent: "mobile-code", mobile: "13912345678", captcha_id: "x", captcha_code: "ab12" }).success).toBe(true);
    const badMobile = MobileFormSchema.safeParse({ intent: "mobile-code", mobile: "12345", captcha_id: "x", captcha_code: "ab12" });
    expect(badMobile.error?.issues[0]).toMatchObject({ path: ["mobile"], message: "validation:mobile" });
    const noCaptcha = MobileFormSchema.safeParse({ intent: "mobile-code", mobile: "13912345678", captcha_id: "x", captcha_code: " " });
    expect(noCaptcha.error?.issues[0]).toMatchObject({ path: ["captcha_code"], message: "validation:required" });
  });

  test("the old mobile's code is optional in the schema (the action asks for it only when a mobile is bound)", () => {
    const base = { intent: "mobile-bind", mobile: "13912345678", key: "k", code: "1234", captcha_id: "x", captcha_code: "ab12" };
    expect(MobileFormSchema.safeParse(base).success).toBe(true);
    expect(MobileFormSchema.safeParse({ ...base, old_key: "o", old_code: "4321" }).success).toBe(true);
    expect(MobileFormSchema.safeParse({ ...base, old_key: "o", old_code: "12" }).success).toBe(false);
    expect(MobileFormSchema.safeParse({ ...base, intent: "bogus" }).success).toBe(false);
  });
});
