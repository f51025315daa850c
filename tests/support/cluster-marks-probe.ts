/**
 * Run by tests/unit/cluster-marks.test.ts as its own process: a primary with two workers, as
 * server.ts runs them. Worker 2 is asked whether it knows a sign-in; then it is made busy for
 * STALL_MS (as a worker in the middle of a long render), and worker 1 marks the sign-in as logged
 * out. As soon as worker 1's `add` resolves, worker 2 is asked again, with no delay. Prints
 * {"seenBeforeMark", "seenByOtherWorker", "addWaitedForOther"} and exits.
 */
import cluster from "node:cluster";
import { relaySharedMarks, sharedMarks } from "../../app/utils/cluster.server";

// The env every app module may read (no REDIS_URL: the marks are this machine's).
Object.assign(process.env, { UPSTREAM_URL: "http://127.0.0.1:9", SESSION_SECRET: "probe-session-secret-0123456789", LOG_LEVEL: "silent" });
delete process.env.REDIS_URL;
const STALL_MS = 400;
const marks = sharedMarks("logged-out", { max: 10, ttl: 60_000 });

if (cluster.isPrimary) {
  relaySharedMarks();
  const first = cluster.fork();
  const second = cluster.fork();
  const answers: Record<string, boolean> = {};
  let ready = 0;
  const onMessage = (message: { type?: string; seen?: boolean; tookMs?: number }) => {
    if (message.type === "ready" && ++ready === 2) second.send({ type: "check", key: "sid-1", as: "seenBeforeMark" });
    if (message.type === "answer-seenBeforeMark") {
      answers.seenBeforeMark = Boolean(message.seen);
      second.send({ type: "stall" });
      first.send({ type: "mark", key: "sid-1" });
    }
    if (message.type === "marked") {
      // add resolved only after the busy worker took the mark in.
      answers.addWaitedForOther = (message.tookMs ?? 0) >= STALL_MS - 100;
      second.send({ type: "check", key: "sid-1", as: "seenByOtherWorker" });
    }
    if (message.type === "answer-seenByOtherWorker") {
      answers.seenByOtherWorker = Boolean(message.seen);
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
  process.on("message", async (message: { type?: string; key?: string; as?: string }) => {
    if (message.type === "stall") {
      const until = Date.now() + STALL_MS;
      while (Date.now() < until); // busy: messages wait in the queue
    }
    if (message.type === "mark" && message.key) {
      const started = Date.now();
      void marks.add(message.key).then(() => process.send?.({ type: "marked", tookMs: Date.now() - started }));
    }
    if (message.type === "check" && message.key) process.send?.({ type: `answer-${message.as}`, seen: await marks.has(message.key) });
  });
  process.send?.({ type: "ready" });
}
