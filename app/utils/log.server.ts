/** One JSON line per event on stdout; "debug" lines only when LOG_LEVEL=debug. */
export function log(event: string, fields: Record<string, unknown> = {}, level: "info" | "debug" = "info") {
  const configured = process.env.LOG_LEVEL ?? "info";
  if (configured === "silent" || (level === "debug" && configured !== "debug")) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
}
