import { createCookie } from "@remix-run/node";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language cookie (not sensitive, read by remix-i18next's detector); set-lang adds `secure: cookieSecure()`. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: YEAR_SECONDS,
});
