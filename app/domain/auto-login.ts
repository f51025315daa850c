/** "Auto login for N days" (spec §9: the cookie's expiry in days comes from the login). Kept apart from the zod field schemas so the page's JS does not carry zod. */
export const AUTO_LOGIN_DAYS = 7;
