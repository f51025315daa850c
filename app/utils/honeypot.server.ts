import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { data } from "@remix-run/node";
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

/** Throws a 400 when a bot filled the trap. */
export function checkHoneypot(formData: FormData) {
  try {
    instance().check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw data({ message: "spam" }, { status: 400 });
    throw error;
  }
}
