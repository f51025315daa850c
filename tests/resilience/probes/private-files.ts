import sharp from "sharp";
import { send, type Req, type Res } from "../http";
import { FORM, logIn, memberSession, SAME_ORIGIN, testApi } from "../members";
import { exchange, fail } from "../report";
import { BFF } from "../stack";

/**
 * Private uploads (ADR 053): a member's qualification licence, asked for by everyone but its
 * member: a visitor, another member, the member's own cookie after logout, the plain /media proxy,
 * tampered links (another path, expiry or signature; traversal; other spellings) and guessed names
 * (the seed's old ones, other members' folders). Every one must be a 404 (400 for a path the
 * proxy refuses outright) that is not the image and not kept by a shared cache; the member's own
 * request is the control (200, private, no-store, Content-Disposition, nosniff).
 */
const PROBE = "13 private files";
const CONTROL = "13 private files (control)";

/** Member label 4 (hospital) needs type 4 (医疗机构执业许可证) in the reference shop API's seed. */
const HOSPITAL = 4;
const LICENCE_TYPE = 4;

/** Uploads a licence through the BFF's form as `cookie`'s member; the signed link its page shows. */
async function uploadLicence(cookie: string): Promise<string> {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#884466" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("intent", "upload");
  form.set("aptitude_id", String(LICENCE_TYPE));
  form.set("expire_date", `${new Date().getUTCFullYear() + 1}-12-31`);
  form.set("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "licence.png");
  const posted = await send({
    base: BFF,
    method: "POST",
    path: "/member/qualification",
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: form,
    document: true,
  });
  if (posted.status >= 400) throw new Error(`licence upload → ${posted.status} ${posted.body.slice(0, 200)}`);
  const page = await send({ base: BFF, path: "/member/qualification", headers: { Cookie: cookie }, document: true });
  const link = /src="(\/media\/own\/[^"]+)"/.exec(page.body)?.[1];
  if (!link) throw new Error("/member/qualification shows no private link after the upload");
  return link.replace(/&amp;/g, "&");
}

/** Logs `cookie`'s session out through the BFF's logout form. */
async function logOut(cookie: string) {
  const res = await send({ base: BFF, method: "POST", path: "/logout", headers: { ...FORM, Cookie: cookie }, body: new URLSearchParams() });
  if (res.status !== 303) throw new Error(`logout → ${res.status}`);
}

function refused(res: Res): string | null {
  if (res.status >= 500 || res.error) return `${res.status} ${res.error ?? ""}: a private file must be refused, never a failure`;
  if (res.status !== 404 && res.status !== 400) return `${res.status}: a private file asked for by someone else must be a 404`;
  if (/^image\//.test(res.headers.get("content-type") ?? "")) return "the refusal carries an image";
  if (/public|max-age=[1-9]/.test(res.headers.get("cache-control") ?? ""))
    return `the refusal may be kept by a shared cache (${res.headers.get("cache-control")})`;
  return null;
}

export async function probePrivateFiles() {
  const owner = await memberSession();
  await testApi("/__test/qualification/label", { username: owner.member.username, label: HOSPITAL });
  const link = await uploadLicence(owner.cookie);
  const [, signed, path] = /^\/media\/own\/([^/]+)\/(.+)$/.exec(link) ?? [];
  const [expires, mac] = signed.split(".");

  // Control: the member's own request.
  const own: Req = { base: BFF, path: link, headers: { Cookie: owner.cookie } };
  const ownRes = await exchange(CONTROL, "the member's own link", own);
  const headers = ownRes.headers;
  const problems = [
    ownRes.status !== 200 && `status ${ownRes.status}`,
    headers.get("content-type") !== "image/png" && `content-type ${headers.get("content-type")}`,
    headers.get("cache-control") !== "private, no-store" && `cache-control ${headers.get("cache-control")}`,
    !/^inline; filename="[0-9a-f]{24}\.png"$/.test(headers.get("content-disposition") ?? "") && `content-disposition ${headers.get("content-disposition")}`,
    headers.get("x-content-type-options") !== "nosniff" && `x-content-type-options ${headers.get("x-content-type-options")}`,
  ].filter(Boolean);
  if (problems.length > 0) fail(CONTROL, "the member's own link", own, ownRes, `the member's own file must be served privately: ${problems.join(", ")}`);

  // Who else asks: a visitor, another member, the member's other sign-in, a logged-out copy.
  const stranger = await memberSession();
  const secondSignIn = await logIn(owner.member.username, owner.member.password);
  const loggedOut = await memberSession();
  await testApi("/__test/qualification/label", { username: loggedOut.member.username, label: HOSPITAL });
  const loggedOutLink = await uploadLicence(loggedOut.cookie);
  await logOut(loggedOut.cookie);
  const otherPath = /^\/media\/own\/[^/]+\/(.+)$/.exec(loggedOutLink)?.[1] ?? "";

  const cases: Array<{ name: string; req: Req }> = [
    { name: "a visitor with the link", req: { base: BFF, path: link } },
    { name: "a visitor with the link (HEAD)", req: { base: BFF, method: "HEAD", path: link } },
    { name: "another member with the link", req: { base: BFF, path: link, headers: { Cookie: stranger.cookie } } },
    { name: "the member's other sign-in (another token) with the link", req: { base: BFF, path: link, headers: { Cookie: secondSignIn } } },
    { name: "the member's own link after logout (replayed cookie)", req: { base: BFF, path: loggedOutLink, headers: { Cookie: loggedOut.cookie } } },
    { name: "a forged session cookie with the link", req: { base: BFF, path: link, headers: { Cookie: "__session=forged" } } },
    { name: "the plain proxy: the member", req: { base: BFF, path: `/media/${path}`, headers: { Cookie: owner.cookie } } },
    { name: "the plain proxy: a visitor", req: { base: BFF, path: `/media/${path}` } },
    { name: "the plain proxy: upper-case folder", req: { base: BFF, path: `/media/${path.replace("qualification", "QUALIFICATION")}` } },
    { name: "the plain proxy with a site id (Niushop's layout)", req: { base: BFF, path: `/media/${path.replace("upload/", "upload/1/")}` } },
    {
      name: "the member's signature on another member's file",
      req: { base: BFF, path: `/media/own/${signed}/${otherPath}`, headers: { Cookie: owner.cookie } },
    },
    {
      name: "a later expiry, same signature",
      req: { base: BFF, path: `/media/own/${Number(expires) + 3600}.${mac}/${path}`, headers: { Cookie: owner.cookie } },
    },
    { name: "an expired link", req: { base: BFF, path: `/media/own/${Math.floor(Date.now() / 1000) - 60}.${mac}/${path}`, headers: { Cookie: owner.cookie } } },
    { name: "a signature cut short", req: { base: BFF, path: `/media/own/${signed.slice(0, -4)}/${path}`, headers: { Cookie: owner.cookie } } },
    { name: "no signature", req: { base: BFF, path: `/media/own/${expires}./${path}`, headers: { Cookie: owner.cookie } } },
    {
      name: "traversal out of the folder",
      req: { base: BFF, path: `/media/own/${signed}/upload/qualification/../offlinepay/x.png`, headers: { Cookie: owner.cookie }, raw: true },
    },
    { name: "encoded slashes", req: { base: BFF, path: `/media/own/${signed}/${path.replace(/\//g, "%2F")}`, headers: { Cookie: owner.cookie }, raw: true } },
    { name: "double slash", req: { base: BFF, path: `/media/own/${signed}//${path}`, headers: { Cookie: owner.cookie }, raw: true } },
    { name: "the seed's old licence name", req: { base: BFF, path: "/media/upload/qualification/seed_1.svg" } },
    { name: "a guessed voucher", req: { base: BFF, path: "/media/upload/offlinepay/20260101/202601010000000001.png" } },
    { name: "a guessed chat image", req: { base: BFF, path: "/media/upload/chat_img/20260101/202601010000000001.jpg" } },
    { name: "a guessed refund image", req: { base: BFF, path: "/media/upload/refundimg/20260101/202601010000000001.jpg" } },
  ];
  for (const { name, req } of cases) {
    const res = await exchange(PROBE, name, req);
    const problem = refused(res);
    if (problem) fail(PROBE, name, req, res, problem);
  }
}
