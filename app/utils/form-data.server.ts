import { plainError } from "./bad-request.server";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The one reader of form bodies (every action uses it): a body that is not form data answers
 * 415, one that cannot be parsed 400, both with a translated message, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type)) throw await plainError(request, 415);
  try {
    return await request.formData();
  } catch {
    throw await plainError(request, 400);
  }
}
