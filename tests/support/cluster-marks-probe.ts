/**
 * Run by tests/unit/cluster-marks.test.ts as its own process: a primary with two workers, as
 * server.ts runs them. Worker 1 marks a sign-in as logged out; worker 2 is then asked whether it
 * knows. Prints {"seenByOtherWorker": boolean, "seenBeforeMark": boolean} and exits.
 */
import cluster from "node:cluster";
import { relaySharedMarks, sharedMarks } from "../../app/utils/cluster.server";

const marks = sharedMarks("logged-out", { max: 10, ttl: 60_000 });

if (cluster.isPrimary) {
  relaySharedMarks();
  const first = cluster.fork();
  const second = cluster.fork();
  const answers: Record<string, boolean> = {};
  let ready = 0;
  const onMessage = (message: { type?: string; seen?: boolean }) => {
    if (message.type === "ready" && ++ready === 2) second.send({ type: "check", key: "sid-1", as: "seenBeforeMark" });
    if (message.type === "answer-seenBeforeMark") {
      answers.seenBeforeMark = Boolean(message.seen);
      first.send({ type: "mark", key: "sid-1" });
    }
    if (message.type === "marked") setTimeout(() => second.send({ type: "check", key: "sid-1", as: "seenByOtherWorker" }), 100);
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
  process.on("message", (message: { type?: string; key?: string; as?: string }) => {
    if (message.type === "mark" && message.key) {
      marks.add(message.key);
      process.send?.({ type: "marked" });
    }
    if (message.type === "check" && message.key) process.send?.({ type: `answer-${message.as}`, seen: marks.has(message.key) });
  });
  process.send?.({ type: "ready" });
}
