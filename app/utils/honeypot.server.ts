import { Honeypot } from "remix-utils/honeypot/server";
import { badRequest } from "~/utils/bad-request.server";
import { env } from "~/utils/env.server";

// Anonymous public forms (registration) carry a honeypot (STYLE.md "Security").
let honeypot: Honeypot | undefined;
function instance() {
  honeypot ??= new Honeypot({ encryptionSeed: env().SESSION_SECRET[0], validFromFieldName: "from__confirm" });
  return honeypot;
}

export function honeypotInputProps() {
  return instance().getInputProps();
}

/**
 * Throws a 400 when a bot filled the trap, and also when the timestamp field is garbage: the
 * library's decryption then throws errors of its own, which are bad input too, never a 500.
 */
export async function checkHoneypot(request: Request, formData: FormData) {
  try {
    instance().check(formData);
  } catch {
    throw await badRequest(request);
  }
}
