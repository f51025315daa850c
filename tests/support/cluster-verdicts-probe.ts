/**
 * Run by tests/unit/cluster-marks.test.ts as its own process: a primary with two workers, as
 * server.ts runs them. Worker 2 is asked whether it has a capability (unknown: yes); worker 1 then
 * meets the capability's endpoint missing; worker 2 is asked again. Prints {"before", "after"}.
 */
import cluster from "node:cluster";

// The env every app module may read (no REDIS_URL: the verdicts are this machine's).
Object.assign(process.env, { UPSTREAM_URL: "http://127.0.0.1:9", SESSION_SECRET: "probe-session-secret-0123456789", LOG_LEVEL: "silent" });
delete process.env.REDIS_URL;

const { relaySharedMarks } = await import("../../app/utils/cluster.server");
const { hasCapability, withCapability } = await import("../../app/upstream/capabilities.server");
const { EndpointMissingError } = await import("../../app/upstream/http.server");

if (cluster.isPrimary) {
  relaySharedMarks();
  const first = cluster.fork();
  const second = cluster.fork();
  const answers: Record<string, boolean> = {};
  let ready = 0;
  const onMessage = (message: { type?: string; has?: boolean }) => {
    if (message.type === "ready" && ++ready === 2) second.send({ type: "check", as: "before" });
    if (message.type === "answer-before") {
      answers.before = Boolean(message.has);
      first.send({ type: "missing" });
    }
    // The verdict travels worker 1 → primary → worker 2 at once; asked a moment later, worker 2 knows.
    if (message.type === "met") setTimeout(() => second.send({ type: "check", as: "after" }), 50);
    if (message.type === "answer-after") {
      answers.after = Boolean(message.has);
      console.log(JSON.stringify(answers));
      first.kill();
      second.kill();
      process.exit(0);
    }
  };
  first.on("message", onMessage);
  second.on("message", onMessage);
  setTimeout(() => process.exit(1), 15_000).unref();
} else {
  process.on("message", async (message: { type?: string; as?: string }) => {
    if (message.type === "missing") {
      await withCapability("rechargeOrderDetail", () => Promise.reject(new EndpointMissingError("/memberrecharge/api/order/detail")), null);
      process.send?.({ type: "met" });
    }
    if (message.type === "check") process.send?.({ type: `answer-${message.as}`, has: hasCapability("rechargeOrderDetail") });
  });
  process.send?.({ type: "ready" });
}
