/**
 * Run by scripts/niushop/up.sh once PHP serves the freshly unpacked upstream: the installer's HTTP
 * steps as a person clicks through them, the admin's sign-in, the pharmacy data set (seed.ts), the
 * admin's "default deployment" of the PC client, then the fixture. Prints how long each step took.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod/v4";
import { AdminEnvelopeSchema, encodeForm, NiushopAdmin } from "./admin-client";
import { NiushopCashier } from "./cashier-client";
import { niushopFixtureSchema, type NiushopFixture } from "./fixture";
import { seedPharmacy } from "./seed";
import { verifyAsShopper } from "./verify";

const env = z
  .object({
    NIUSHOP_URL: z.url(),
    NIUSHOP_APP_DIR: z.string().min(1),
    NIUSHOP_DB_PORT: z.coerce.number().int().positive(),
    NIUSHOP_DB_SOCKET: z.string().min(1),
    NIUSHOP_DB_USER: z.string().min(1),
    NIUSHOP_DB_PASSWORD: z.string().min(1),
    NIUSHOP_DB_NAME: z.string().regex(/^\w+$/),
    NIUSHOP_FIXTURE: z.string().min(1),
  })
  .parse(process.env);

const ADMIN = { username: "admin", password: "Admin12345" };
const SITE_NAME = "康源医药采购平台";
const baseUrl = env.NIUSHOP_URL.replace(/\/$/, "");

async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await step();
  console.log(`niushop:   ${what.padEnd(26)} ${((performance.now() - startedAt) / 1000).toFixed(1).padStart(6)} s`);
  return result;
}

async function getPage(pathname: string, mustContain: string): Promise<string> {
  const response = await fetch(`${baseUrl}/${pathname}`);
  const html = await response.text();
  if (response.status !== 200 || !html.includes(mustContain)) {
    throw new Error(`installer: ${pathname} answered ${response.status} without "${mustContain}": ${html.slice(0, 300)}`);
  }
  return html;
}

async function postInstaller(pathname: string, fields: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${baseUrl}/${pathname}`, {
    method: "POST",
    headers: {
      Accept: "application/json, text/javascript, */*; q=0.01",
      "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8",
      "X-Requested-With": "XMLHttpRequest",
    },
    body: encodeForm(fields),
  });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The installer's four steps (app/install/controller/Index.php), without demo data. */
async function runInstaller(): Promise<void> {
  await getPage("install.php", "许可协议");
  const environment = await getPage("install.php/index/index?step=2", "环境检测");
  const next = /<input[^>]*class="btn-next"[^>]*value="继续"[^>]*>/.exec(environment)?.[0] ?? "";
  if (next.includes("disabled")) throw new Error("installer: the environment check failed (a PHP extension or a writable folder is missing)");
  await getPage("install.php/index/index?step=3", "数据库");

  const database = {
    dbhost: "127.0.0.1",
    dbport: String(env.NIUSHOP_DB_PORT),
    dbuser: env.NIUSHOP_DB_USER,
    dbpwd: env.NIUSHOP_DB_PASSWORD,
  };
  // The form's connection checks (on change of the fields).
  const check = AdminEnvelopeSchema.parse(await postInstaller("install.php/index/testdb", { ...database, dbname: env.NIUSHOP_DB_NAME }));
  const status = z.object({ status: z.number(), message: z.string() }).parse(check.data);
  if (status.status < 0) throw new Error(`installer: database check: ${status.message}`);

  const answer = await postInstaller("install.php/index/index?step=4", {
    ...database,
    dbname: env.NIUSHOP_DB_NAME,
    dbprefix: "",
    site_name: SITE_NAME,
    username: ADMIN.username,
    password: ADMIN.password,
    password2: ADMIN.password,
  });
  // Fact 8: the last step may answer `系统异常：variable type error： array` although the install
  // completed; what counts is the lock file the installer writes last.
  const envelope = AdminEnvelopeSchema.safeParse(answer);
  const failed = envelope.success && typeof envelope.data.code === "number" && envelope.data.code < 0;
  if (failed || !existsSync(path.join(env.NIUSHOP_APP_DIR, "install.lock"))) {
    throw new Error(`installer: step 4 failed: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  await getPage("install.php/index/installSuccess", "安装");
}

/** The PC client's "default deployment" (电脑端 → 部署): the compiled client copied to /web/, calling this host. */
async function deployPcClient(admin: NiushopAdmin): Promise<string> {
  await admin.action("pc/shop/pc/downloadCsDefault", { deploy_way: "default" });
  const pcClientUrl = `${baseUrl}/web/`;
  const page = await fetch(pcClientUrl);
  const html = await page.text();
  if (page.status !== 200 || !html.includes("<html")) throw new Error(`the PC client at ${pcClientUrl} answered ${page.status}`);
  return pcClientUrl;
}

const admin = await timed("installer", async () => {
  await runInstaller();
  return NiushopAdmin.logIn({ baseUrl, ...ADMIN, appDir: env.NIUSHOP_APP_DIR });
});
const db = { socket: env.NIUSHOP_DB_SOCKET, database: env.NIUSHOP_DB_NAME };
const seeded = await timed("pharmacy data set", () =>
  seedPharmacy({
    admin,
    logInCashier: () => NiushopCashier.logIn({ baseUrl, ...ADMIN, appDir: env.NIUSHOP_APP_DIR }),
    baseUrl,
    appDir: env.NIUSHOP_APP_DIR,
    db,
    log: (line) => console.log(`niushop:     ${line}`),
  }),
);
const pcClientUrl = await timed("PC client deployment", () => deployPcClient(admin));

const fixture: NiushopFixture = niushopFixtureSchema.parse({
  version: 1,
  upstreamUrl: baseUrl,
  pcClientUrl,
  appDir: env.NIUSHOP_APP_DIR,
  siteId: 1,
  admin: ADMIN,
  db: {
    host: "127.0.0.1",
    port: env.NIUSHOP_DB_PORT,
    socket: env.NIUSHOP_DB_SOCKET,
    user: env.NIUSHOP_DB_USER,
    password: env.NIUSHOP_DB_PASSWORD,
    database: env.NIUSHOP_DB_NAME,
  },
  ...seeded,
});
const problems = await timed("shopper's check", () => verifyAsShopper(fixture));
if (problems.length > 0) {
  for (const problem of problems) console.error(`niushop: check failed: ${problem}`);
  process.exit(1);
}
mkdirSync(path.dirname(env.NIUSHOP_FIXTURE), { recursive: true });
writeFileSync(env.NIUSHOP_FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
