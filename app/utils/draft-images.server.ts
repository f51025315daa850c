import { imageFileProblem } from "./image-file";

/**
 * Images of multi-image forms (evaluation, refund) go up one submit at a time: the chosen file is
 * uploaded upstream at once and its path kept in a hidden field, so each request carries at most
 * one image and stays under the BFF's 1 MiB body limit (server.ts; docs/after-sales.md).
 */
export const DRAFT_IMAGE_MAX_BYTES = 800 * 1024;

const MESSAGES = {
  missing: "aftersales:errors.imageMissing",
  tooLarge: "aftersales:errors.imageTooLarge",
  notImage: "aftersales:errors.imageNotImage",
} as const;

export type DraftImageResult = { path: string } | { problem: string; status: 400 | 413 | 415 } | null;

/**
 * Uploads the file posted under `field` if the member chose one: null when none was chosen (an
 * empty file part), a problem (translation key and status) when it is not an acceptable image.
 */
export async function uploadChosenImage(form: FormData, field: string, upload: (file: File) => Promise<string>): Promise<DraftImageResult> {
  const file = form.get(field);
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return null;
  const problem = await imageFileProblem(file, DRAFT_IMAGE_MAX_BYTES);
  if (problem) return { problem: MESSAGES[problem.reason], status: problem.status };
  return { path: await upload(file) };
}
