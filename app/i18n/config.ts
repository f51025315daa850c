/** Shared by the server and the browser i18next instances. */
export const supportedLanguages = ["zh-cn", "en-us"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "zh-cn";
export const namespaces = [
  "common",
  "auth",
  "validation",
  "errors",
  "member",
  "catalog",
  "goods",
  "cart",
  "address",
  "checkout",
  "orders",
  "aftersales",
  "verification",
  "chat",
  "help",
  "finance",
  "promotion",
  "account",
  "assets",
  "point",
  "topic",
  "qualification",
] as const;

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: "common",
  ns: [...namespaces],
  // i18next would turn "zh-cn" into "zh-CN" and match no folder (STACK-NOTES gotcha 6).
  lowerCaseLng: true,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}
