import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { formatTally, tally, type RecordedCall } from "./calls";
import type { BffFault } from "./recorder";

/**
 * The end of a run: each journey's result per project, the tally of upstream calls by path and
 * outcome, then every finding with what it takes to reproduce it. Written to report.json as well.
 * Returns the number of findings (unexpected refusals, faults, BFF errors); missing endpoints are
 * listed, not counted: the BFF hides the features a stock Niushop lacks, and a missing endpoint it
 * did not expect shows up as a 5xx, which fails the journey that met it.
 */

type ResultRow = { journey: string; file: string; project: string; status: string; reason?: string };

const PlaywrightSpecSchema = z.object({
  title: z.string(),
  file: z.string(),
  tests: z.array(
    z.object({
      projectName: z.string(),
      annotations: z.array(z.object({ type: z.string(), description: z.string().optional() })).default([]),
      results: z.array(z.object({ status: z.string() })).default([]),
    }),
  ),
});
type PlaywrightSuite = { title: string; specs?: unknown[]; suites?: PlaywrightSuite[] };
const PlaywrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({ title: z.string(), specs: z.array(z.unknown()).optional(), suites: z.array(PlaywrightSuiteSchema).optional() }),
);

function journeyResults(path: string): ResultRow[] {
  if (!existsSync(path)) return [];
  const report = z.object({ suites: z.array(PlaywrightSuiteSchema) }).safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!report.success) return [];
  const rows: ResultRow[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const raw of suite.specs ?? []) {
      const spec = PlaywrightSpecSchema.safeParse(raw);
      if (!spec.success) continue;
      for (const test of spec.data.tests) {
        const skip = test.annotations.find((annotation) => annotation.type === "skip");
        rows.push({
          journey: [...titles, spec.data.title].join(" › "),
          file: spec.data.file,
          project: test.projectName,
          status: test.results.at(-1)?.status ?? "not run",
          reason: skip?.description,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files; below them, describe blocks.
  for (const suite of report.data.suites) walk(suite, []);
  return rows;
}

function printJourneys(rows: ResultRow[]) {
  if (rows.length === 0) return;
  const byJourney = new Map<string, Map<string, ResultRow>>();
  for (const row of rows) {
    const key = `${row.file}: ${row.journey}`;
    if (!byJourney.has(key)) byJourney.set(key, new Map());
    byJourney.get(key)!.set(row.project, row);
  }
  console.log("\n[niushop] journeys (js | no-js)");
  for (const [journey, projects] of byJourney) {
    const cell = (project: string) => {
      const row = projects.get(project);
      if (!row) return "-";
      return row.status === "skipped" && row.reason ? `skipped (${row.reason})` : row.status;
    };
    console.log(`  ${cell("js").padEnd(10)} | ${cell("no-js").padEnd(10)}  ${journey}`);
  }
}

/** One line per distinct problem: path, outcome, code and message, how often and for whom. */
function distinct(calls: readonly RecordedCall[]) {
  const groups = new Map<string, { call: RecordedCall; count: number; members: Set<string> }>();
  for (const call of calls) {
    const key = [call.path, call.outcome, call.code, call.message, call.detail, call.bffDetail].join("|");
    const group = groups.get(key) ?? { call, count: 0, members: new Set<string>() };
    group.count += 1;
    if (call.member) group.members.add(call.member);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function printReport(options: { calls: readonly RecordedCall[]; bffFaults: readonly BffFault[]; outputDir: string; bffLog: string }): number {
  const { calls, bffFaults, outputDir } = options;
  const journeys = journeyResults(join(outputDir, "results.json"));
  printJourneys(journeys);

  const rows = tally(calls);
  console.log(`\n[niushop] upstream calls by path and outcome (${calls.length} calls)\n${formatTally(rows)}`);

  const problems = calls.filter((call) => call.outcome === "unexpected refusal" || call.outcome === "fault");
  const missing = calls.filter((call) => call.outcome === "missing endpoint");
  for (const { call, count } of distinct(missing)) console.log(`[niushop] missing endpoint: ${call.path} (${call.detail}) ×${count}`);
  for (const { call, count, members } of distinct(problems)) {
    const what = call.outcome === "fault" ? (call.bffDetail ?? call.detail ?? "fault") : `code ${call.code}: ${call.message}`;
    console.log(`[niushop] FINDING ${call.outcome}: ${call.path} ${what} ×${count}${members.size ? ` (members ${[...members].join(", ")})` : ""}`);
  }
  for (const fault of bffFaults) console.log(`[niushop] FINDING in the BFF's log (${options.bffLog}): ${fault.line}`);

  writeFileSync(
    join(outputDir, "report.json"),
    `${JSON.stringify({ journeys, tally: rows, problems, missing: distinct(missing).map((group) => group.call), bffFaults }, null, 2)}\n`,
  );
  const findings = problems.length + bffFaults.length;
  console.log(
    `[niushop] ${journeys.filter((row) => row.status === "passed").length} journey runs passed, ${journeys.filter((row) => row.status === "failed" || row.status === "timedOut").length} failed, ${journeys.filter((row) => row.status === "skipped").length} skipped; ${findings} findings in the upstream calls and the BFF's log`,
  );
  return findings;
}
