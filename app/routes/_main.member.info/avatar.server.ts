import sharp from "sharp";
import { AVATAR_SIZE } from "./limits";

/** Refuse images whose pixel count could exhaust memory while decoding (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A checked upload (imageFileProblem passed) → a 256×256 JPEG, cropped to the centre, turned by its
 * EXIF orientation, metadata stripped, transparency on white. Null when the bytes do not decode.
 */
export async function scaleAvatar(file: File): Promise<File | null> {
  try {
    const input = Buffer.from(await file.arrayBuffer());
    const output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return new File([new Uint8Array(output)], "avatar.jpg", { type: "image/jpeg" });
  } catch {
    return null;
  }
}
