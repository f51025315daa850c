/**
 * What the recording proxy (recorder.ts) knows of one upstream call, shared by the runner's tally
 * and the journeys' end-of-test checks.
 */
export const OUTCOMES = ["success", "expected refusal", "unexpected refusal", "missing endpoint", "fault"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type RecordedCall = {
  seq: number;
  /** When the answer came (ms since the epoch). */
  at: number;
  ms: number;
  path: string;
  /** The member the call was made for: known from its token, or named in a tokenless body (login, register). */
  member: string | null;
  outcome: Outcome;
  code?: number;
  message?: string;
  /** What was wrong on the wire (HTTP status, not JSON, no envelope). */
  detail?: string;
  /** What the BFF's log said it could not use in the answer (a schema rejection, "no envelope"). */
  bffDetail?: string;
};

/** One line of the tally: calls of one path by outcome. */
export type TallyRow = { path: string } & Record<Outcome, number>;

export function tally(calls: readonly RecordedCall[]): TallyRow[] {
  const rows = new Map<string, TallyRow>();
  for (const call of calls) {
    const path = call.path;
    let row = rows.get(path);
    if (!row) {
      row = { path, success: 0, "expected refusal": 0, "unexpected refusal": 0, "missing endpoint": 0, fault: 0 };
      rows.set(path, row);
    }
    row[call.outcome] += 1;
  }
  return [...rows.values()].sort((a, b) => a.path.localeCompare(b.path));
}

export function formatTally(rows: readonly TallyRow[]): string {
  const header = ["path", ...OUTCOMES];
  const lines = rows.map((row) => [row.path, ...OUTCOMES.map((outcome) => String(row[outcome] || ""))]);
  const totals = ["total", ...OUTCOMES.map((outcome) => String(rows.reduce((sum, row) => sum + row[outcome], 0)))];
  const table = [header, ...lines, totals];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  const format = (line: string[]) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [format(header), widths.map((width) => "-".repeat(width)).join("  "), ...lines.map(format), format(totals)].join("\n");
}
