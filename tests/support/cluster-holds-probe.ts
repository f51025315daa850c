/**
 * Run by tests/unit/cluster-holds.test.ts as its own process: a primary with two workers, as
 * server.ts runs them. Each worker tries to take 3 holds of one key with a maximum of 4 (as two
 * workers relaying one member's sockets); then the first worker dies and the second tries again.
 * Prints {"granted": [first, second], "afterGive", "afterExit"} and exits.
 */
import cluster from "node:cluster";
import { relaySharedHolds, sharedHolds } from "../../app/utils/cluster-holds.server";

const MAX = 4;

if (cluster.isPrimary) {
  relaySharedHolds();
  const first = cluster.fork();
  const second = cluster.fork();
  const result: { granted: number[]; afterGive?: number; afterExit?: number } = { granted: [] };
  let ready = 0;
  first.on("message", (message: { type?: string; granted?: number }) => {
    if (message.type === "ready" && ++ready === 2) first.send({ type: "take", times: 3 });
    if (message.type === "took") {
      result.granted.push(message.granted ?? -1);
      second.send({ type: "take", times: 3 });
    }
  });
  second.on("message", (message: { type?: string; granted?: number }) => {
    if (message.type === "ready" && ++ready === 2) first.send({ type: "take", times: 3 });
    if (message.type === "took" && result.granted.length === 1) {
      result.granted.push(message.granted ?? -1);
      second.send({ type: "give-and-take" }); // one given back: one more fits
    } else if (message.type === "took" && result.afterGive === undefined) {
      result.afterGive = message.granted ?? -1;
      first.kill(); // its 3 holds go back with it
    } else if (message.type === "took") {
      result.afterExit = message.granted ?? -1;
      console.log(JSON.stringify(result));
      second.kill();
      process.exit(0);
    }
  });
  cluster.on("exit", (worker) => {
    if (worker === first) second.send({ type: "take", times: 3 });
  });
  setTimeout(() => process.exit(1), 15_000).unref();
} else {
  const holds = sharedHolds("member");
  process.on("message", async (message: { type?: string; times?: number }) => {
    if (message.type !== "take" && message.type !== "give-and-take") return; // the holds' own answers
    if (message.type === "give-and-take") holds.give("42");
    const times = message.type === "give-and-take" ? 2 : (message.times ?? 0);
    let granted = 0;
    for (let index = 0; index < times; index++) if (await holds.take("42", MAX)) granted += 1;
    process.send?.({ type: "took", granted });
  });
  process.send?.({ type: "ready" });
}
