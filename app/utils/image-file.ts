/** The BFF accepts these image kinds only, judged by the file's first bytes (the declared type is not trusted). */
export type ImageKind = "png" | "jpeg" | "gif" | "webp";

/** Accepted types for an `<input type="file" accept>` that matches `imageKind`. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

/** What the file's first bytes say it is: only PNG, JPEG, GIF and WebP images pass. */
export function imageKind(head: Uint8Array): ImageKind | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export type ImageFileProblem = { reason: "missing"; status: 400 } | { reason: "tooLarge"; status: 413 } | { reason: "notImage"; status: 415 };

/**
 * Why a posted form value is not an acceptable image (missing, over `maxBytes`, not an image), with
 * the status to answer, or null when it is fine. Callers map the reason to their own message.
 */
export async function imageFileProblem(file: FormDataEntryValue | null, maxBytes: number): Promise<ImageFileProblem | null> {
  if (!(file instanceof File) || file.size === 0) return { reason: "missing", status: 400 };
  if (file.size > maxBytes) return { reason: "tooLarge", status: 413 };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!imageKind(head)) return { reason: "notImage", status: 415 };
  return null;
}
