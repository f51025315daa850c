/**
 * The last step of `npm run build`: a brotli and a gzip copy beside every fingerprinted asset that
 * compresses (scripts, styles, SVG, JSON), made once at their best levels, so no request pays for
 * compressing them. server.ts serves them as they are (express-static-gzip); nginx does the same
 * with `brotli_static`/`gzip_static` (deploy/). ADR 061.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS_DIR = process.argv[2] ?? "build/client/assets";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const name of readdirSync(ASSETS_DIR)) {
  const path = join(ASSETS_DIR, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile() || statSync(path).size < MIN_BYTES) continue;
  const content = readFileSync(path);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  files += 1;
  before += content.length;
  afterBrotli += brotli.length;
}
console.log(`compress-assets: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(afterBrotli / 1024).toFixed(0)} KB brotli (+ gzip copies)`);
