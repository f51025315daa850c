import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Pages with a captcha need a new one after every submission, even a refused one (the upstream
 * burns a captcha when it checks it), but Remix skips revalidation after 4xx action answers.
 */
export const revalidateCaptchaAfterPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
