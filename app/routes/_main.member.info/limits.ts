// Avatar limits, shared by the page and the server (kept apart from schema.ts so zod stays out of the browser bundle).

/** Avatars are stored as a square of this many pixels (cropped to the centre, avatar.server.ts). */
export const AVATAR_SIZE = 256;
/** The upload limit of the avatar form: under the BFF's 1 MiB body limit with room for the rest of the form. */
export const AVATAR_MAX_BYTES = 900 * 1024;
