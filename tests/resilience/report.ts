import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, send, type Req, type Res } from "./http";

/**
 * What the probes found. Every probe kind counts its requests and records failures with the
 * exact request (a curl line) and what came back; two checks run on every answer of every probe:
 * no stack trace in any response, and a 4xx answer to a document request is a rendered page or a
 * clear text.
 */
export type Finding = { probe: string; case: string; request: string; got: string; problem: string };

const counts = new Map<string, number>();
const findings: Finding[] = [];
/** The order probes are printed in. */
const order: string[] = [];

export const GLOBAL = { stack: "no stack trace (every answer)", pages4xx: "4xx documents are pages/text" };

function count(probe: string) {
  if (!counts.has(probe)) order.push(probe);
  counts.set(probe, (counts.get(probe) ?? 0) + 1);
}

export function summarize(res: Res): string {
  if (res.error) return `no answer (${res.error})`;
  const type = res.headers.get("content-type")?.split(";")[0] ?? "no content-type";
  const location = res.location ? ` → Location: ${res.location}` : "";
  return `${res.status} ${type}${location}`;
}

export function fail(probe: string, caseName: string, req: Req | string, res: Res | string, problem: string, detail?: string) {
  const got = typeof res === "string" ? res : summarize(res);
  findings.push({ probe, case: caseName, request: typeof req === "string" ? req : describe(req), got: detail ? `${got}: ${detail}` : got, problem });
}

/** Counts a check of `probe` that did not go through `exchange` (browser visits, process checks). */
export function tally(probe: string) {
  count(probe);
}

const STACK_TRACE = [
  /\n\s+at [^\n]*\(?(?:file:\/\/|node:|\/)[^\n]*:\d+:\d+\)?/, // "    at fn (/path/file.js:1:2)"
  /\bat (?:async )?[\w.$<>]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\)/,
  /node:internal\//,
  /\/build\/server\/index\.js/,
  /\bat Object\.<anonymous>/,
];

export function hasStackTrace(body: string): boolean {
  return STACK_TRACE.some((pattern) => pattern.test(body));
}

function isRenderedPageOrText(res: Res): boolean {
  const type = res.headers.get("content-type") ?? "";
  // A page that says something: a heading or an alert (the layout alone is not an answer).
  if (/text\/html/.test(type)) return /<html[\s>]/i.test(res.body) && /<h1[\s>]|role="alert"/i.test(res.body);
  if (/text\/plain/.test(type)) {
    const text = res.body.trim();
    return text.length > 0 && text.length <= 2000 && !/^Unexpected Server Error/.test(text);
  }
  return false;
}

/** Sends `req`, counts it under `probe` and applies the checks every answer gets. */
export async function exchange(probe: string, caseName: string, req: Req): Promise<Res> {
  const res = await send(req);
  count(probe);
  checkAnswer(probe, caseName, req, res);
  return res;
}

export function checkAnswer(probe: string, caseName: string, req: Req, res: Res) {
  count(GLOBAL.stack);
  if (hasStackTrace(res.body)) fail(GLOBAL.stack, `${probe}: ${caseName}`, req, res, "the answer contains a stack trace");
  if (req.document && res.status >= 400 && res.status < 500) {
    count(GLOBAL.pages4xx);
    if (!isRenderedPageOrText(res)) {
      fail(
        GLOBAL.pages4xx,
        `${probe}: ${caseName}`,
        req,
        res,
        "a 4xx to a document request is neither a rendered page nor a clear text",
        JSON.stringify(res.body.slice(0, 120)),
      );
    }
  }
}

export function hasFindings(): boolean {
  return findings.length > 0;
}

/** Prints every failure grouped by probe and problem, then the summary table; writes the findings as JSON to `jsonPath`. */
export function printReport(elapsedMs: number, jsonPath?: string) {
  for (const probe of order) {
    const mine = findings.filter((finding) => finding.probe === probe);
    if (mine.length === 0) continue;
    console.log(`\n━━ ${probe}: ${mine.length} failure${mine.length === 1 ? "" : "s"}`);
    const byProblem = new Map<string, Finding[]>();
    for (const finding of mine) byProblem.set(finding.problem, [...(byProblem.get(finding.problem) ?? []), finding]);
    for (const [problem, group] of byProblem) {
      console.log(`  ✗ ${problem} (${group.length})`);
      for (const finding of group) console.log(`      [${finding.case}] ${finding.request}\n          ⇒ ${finding.got}`);
    }
  }

  const rows = order.map((probe) => {
    const failures = findings.filter((finding) => finding.probe === probe).length;
    return [probe, String(counts.get(probe) ?? 0), String(failures), failures ? "FAIL" : "ok"];
  });
  const head = ["probe", "checks", "failures", ""];
  const widths = head.map((_, column) => Math.max(...[head, ...rows].map((row) => row[column].length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 1 || column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ");
  console.log(`\n${line(head)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const row of rows) console.log(line(row));
  if (jsonPath) {
    mkdirSync(path.dirname(jsonPath), { recursive: true });
    writeFileSync(jsonPath, JSON.stringify({ elapsedMs: Math.round(elapsedMs), checks: Object.fromEntries(counts), findings }, null, 2));
  }
  const total = findings.length;
  console.log(
    `\n${total === 0 ? "No findings" : `${total} finding${total === 1 ? "" : "s"}`} in ${(elapsedMs / 1000).toFixed(1)} s${jsonPath ? ` (details: ${jsonPath})` : ""}`,
  );
}
