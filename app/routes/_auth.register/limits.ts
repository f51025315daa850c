// Kept apart from schema.ts so zod stays out of the browser bundle.

/** One image per type and submit; the whole request must stay under the BFF's 1 MiB body limit. */
export const REGISTER_IMAGE_MAX_BYTES = 900 * 1024;
export const REGISTER_IMAGE_MAX_KB = REGISTER_IMAGE_MAX_BYTES / 1024;
