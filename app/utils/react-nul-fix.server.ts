import { Transform } from "node:stream";

/**
 * React 18.3's streaming renderer encodes HTML into 2048-byte buffers; when a multi-byte character
 * (every Chinese character is 3 bytes in UTF-8) does not fit at the end of one, it still sends the
 * whole buffer, so up to 3 unwritten zero bytes reach the page ("订单\0\0列表"). React fixed it in
 * facebook/react#26228, which no 18.x release carries. HTML never holds a NUL of its own, so each
 * chunk loses its trailing zero bytes here; React hands over one chunk per buffer, so the stray
 * bytes are always at a chunk's end.
 */
export function stripTrailingNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      while (end > 0 && chunk[end - 1] === 0) end -= 1;
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}
