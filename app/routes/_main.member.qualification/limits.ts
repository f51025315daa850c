// Kept apart from schema.ts so zod stays out of the browser bundle.

/** One image per submit, under the BFF's 1 MiB body limit with room for the other fields. */
export const QUALIFICATION_IMAGE_MAX_BYTES = 900 * 1024;
