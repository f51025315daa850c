import type { ChildProcess } from "node:child_process";
import type { FaultMode, FaultUpstream } from "../../support/fault-upstream";
import { cookieHeader, send, type Req } from "../http";
import { createMember } from "../members";
import { exchange, fail, tally } from "../report";
import { FAULT_BFF, FAULT_TIMEOUT_MS, isRunning, stderrOf } from "../stack";

/**
 * The second BFF against the fault upstream, one mode at a time: every page answers with a
 * 502/504 error page (a rendered page, no stack), and the process stays up (/healthz answers
 * after each mode). At the end the upstream heals and the BFF serves pages again.
 */
const PROBE = "6 upstream faults";

export const FAULTS: Array<{ mode: FaultMode; status: number[] }> = [
  { mode: "hang", status: [504] },
  { mode: "slow-body", status: [504] },
  { mode: "http-500", status: [502] },
  { mode: "http-503", status: [502, 503] },
  { mode: "html", status: [502] },
  { mode: "bad-json", status: [502] },
  { mode: "empty-body", status: [502] },
  { mode: "not-envelope", status: [502] },
  { mode: "bad-shape", status: [502] },
  { mode: "error-envelope", status: [502, 503] },
  { mode: "refused", status: [502] },
  { mode: "reset", status: [502] },
  { mode: "reset-mid-body", status: [502] },
];

/** Pages and posts the fault BFF gets in every mode; `ok` lists other acceptable answers (graceful fallbacks). */
const REQUESTS: Array<{ name: string; req: Omit<Req, "base">; ok?: number[]; okWhen?: Partial<Record<FaultMode, number[]>> }> = [
  { name: "GET /index", req: { path: "/index", document: true } },
  { name: "GET /login", req: { path: "/login", document: true } },
  { name: "GET /list?keyword=", req: { path: `/list?keyword=${encodeURIComponent("阿莫西林")}`, document: true } },
  { name: "GET /sku-1", req: { path: "/sku-1", document: true } },
  { name: "GET /no-such-page", req: { path: "/no-such-page", document: true } },
  { name: "GET /suggest?keyword=a (no suggestions is fine)", req: { path: "/suggest?keyword=a" }, ok: [200] },
  { name: "GET /index.data (single fetch)", req: { path: "/index.data" } },
  {
    name: "POST /login",
    okWhen: { "error-envelope": [400] }, // the upstream's refusal as a form error
    req: {
      path: "/login",
      method: "POST",
      headers: { Origin: FAULT_BFF, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=password-login&username=demo&password=demo123456",
      document: true,
    },
  },
];

/** Modes in which the upstream keeps the BFF waiting: a failed post must not wait for it twice. */
const WAITING_MODES: FaultMode[] = ["hang", "slow-body"];

/** A member signed in on the fault BFF while its upstream still works (proxy mode). */
async function faultBffMember(upstream: FaultUpstream): Promise<string> {
  await upstream.setMode("proxy");
  const member = await createMember();
  const res = await send({
    base: FAULT_BFF,
    method: "POST",
    path: "/login",
    headers: { Origin: FAULT_BFF, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "password-login", username: member.username, password: member.password }).toString(),
    document: true,
  });
  const cookie = cookieHeader(res.setCookies);
  if (!cookie.includes("__session=")) throw new Error(`login on the fault BFF failed: ${res.status}`);
  return cookie;
}

export async function probeUpstreamFaults(upstream: FaultUpstream, faultBff: ChildProcess) {
  const memberCookie = await faultBffMember(upstream);
  for (const fault of FAULTS) {
    await upstream.setMode(fault.mode);
    for (const { name, req: partial, ok = [], okWhen = {} } of REQUESTS) {
      const req: Req = { base: FAULT_BFF, timeoutMs: FAULT_TIMEOUT_MS * 6, ...partial };
      const res = await exchange(PROBE, `${fault.mode}: ${name}`, req);
      const caseName = `upstream ${fault.mode} · ${name}`;
      if (res.error) fail(PROBE, caseName, req, res, `upstream ${fault.mode}: no answer from the BFF`);
      else if (!fault.status.includes(res.status) && !ok.includes(res.status) && !(okWhen[fault.mode] ?? []).includes(res.status))
        fail(PROBE, caseName, req, res, `upstream ${fault.mode}: ${res.status} instead of ${fault.status.join("/")}`);
      else if (partial.document && fault.status.includes(res.status) && !/<h1[\s>]/.test(res.body))
        fail(PROBE, caseName, req, res, `upstream ${fault.mode}: the ${res.status} is not a rendered error page`);
    }
    if (WAITING_MODES.includes(fault.mode)) {
      // A member's form post whose action times out: the error page is drawn without asking the
      // upstream again, so it waits one time-out (it waited two: the action's, then the root loader's).
      const req: Req = {
        base: FAULT_BFF,
        method: "POST",
        path: "/member/signin",
        headers: { Origin: FAULT_BFF, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded", Cookie: memberCookie },
        body: "intent=signin",
        document: true,
        timeoutMs: FAULT_TIMEOUT_MS * 6,
      };
      const res = await exchange(PROBE, `${fault.mode}: a member's POST`, req);
      if (!fault.status.includes(res.status))
        fail(PROBE, `upstream ${fault.mode} · member POST`, req, res, `upstream ${fault.mode}: ${res.status} instead of ${fault.status.join("/")}`);
      else if (res.ms > FAULT_TIMEOUT_MS * 1.8)
        fail(
          PROBE,
          `upstream ${fault.mode} · member POST`,
          req,
          res,
          `a failed post waited ${Math.round(res.ms)} ms: more than one upstream time-out (${FAULT_TIMEOUT_MS} ms)`,
        );
    }
    const health = await send({ base: FAULT_BFF, path: "/healthz", timeoutMs: 5000 });
    tally(PROBE);
    if (!isRunning(faultBff) || health.status !== 200) {
      fail(
        PROBE,
        `upstream ${fault.mode} · process`,
        `curl -si ${FAULT_BFF}/healthz`,
        health.error ?? String(health.status),
        `upstream ${fault.mode}: the BFF process died or stopped answering /healthz`,
        stderrOf(faultBff).slice(-600),
      );
      return;
    }
  }
  // Healed: the same BFF serves pages again (nothing broken is cached, no stuck connections).
  await upstream.setMode("proxy");
  for (const path of ["/index", "/login"]) {
    const req: Req = { base: FAULT_BFF, path, document: true };
    const res = await exchange(PROBE, `recovery: GET ${path}`, req);
    if (res.status !== 200) fail(PROBE, `upstream healed · GET ${path}`, req, res, "after the faults, the healed upstream does not give a working page");
  }
}
