import { NiushopAdmin } from "../../scripts/niushop/admin-client";
import type { AdminAccount } from "./config";

/**
 * Signs the shop admin in (scripts/niushop/admin-client.ts). On the local upstream the login
 * captcha's answer is read from its file cache (`appDir`); a staging upstream's cannot be read, so
 * there the admin's login captcha must be off (its answer is then not checked).
 */
export async function signInAdmin(upstreamUrl: string, account: AdminAccount, appDir: string | null): Promise<NiushopAdmin> {
  try {
    return await NiushopAdmin.logIn({
      baseUrl: upstreamUrl,
      username: account.username,
      password: account.password,
      ...(appDir ? { appDir } : { captcha: () => "unchecked" }),
    });
  } catch (error) {
    throw new Error(
      `the shop admin ${account.username} cannot sign in on ${upstreamUrl} (wrong NIUSHOP_ADMIN, or its login captcha is on): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
