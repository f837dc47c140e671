/**
 * What one small burst costs as the thread grows: the store folds one burst per animation frame,
 * so this is the fold's share of a frame while a token (or a STATE_DELTA) streams into a long
 * thread. A structurally-shared fold should be flat here; a cost that grows with the thread is
 * an O(history) copy per burst.
 *
 *   node --import tsx bench/frame-cost.ts
 */
import type { BaseEvent } from "@ag-ui/core";

const { stateScenario, textScenario } = await import("./scenarios");
const { createThreadState, foldEvents } = await import("../src/core/fold");

function perBurst(fold: (i: number) => void): number {
  for (let i = 0; i < 200; i++) fold(i);
  const reps = 400;
  const start = performance.now();
  for (let i = 0; i < reps; i++) fold(i);
  return ((performance.now() - start) * 1000) / reps;
}

for (const messages of [100, 500, 1_000, 2_000, 5_000]) {
  const finished = textScenario("", messages, 2).events.slice(0, -1); // the run stays open
  let thread = foldEvents(createThreadState(), finished);
  thread = foldEvents(thread, [{ type: "TEXT_MESSAGE_START", messageId: "live", role: "assistant" }]);
  const token = [{ type: "TEXT_MESSAGE_CONTENT", messageId: "live", delta: "tok " } as BaseEvent];
  const us = perBurst(() => (thread = foldEvents(thread, token)));
  console.log(`thread of ${messages.toLocaleString("en-US")} messages: a 1-token burst costs ${us.toFixed(1)} µs`);
}
for (const keys of [100, 1_000, 5_000]) {
  let thread = foldEvents(createThreadState(), stateScenario("", keys, 1).events.slice(0, 2));
  const us = perBurst((i) => {
    const delta = [{ op: "replace", path: "/key1", value: `v${i}` }];
    thread = foldEvents(thread, [{ type: "STATE_DELTA", delta }]);
  });
  console.log(`state of ${keys.toLocaleString("en-US")} keys: a 1-op STATE_DELTA burst costs ${us.toFixed(1)} µs`);
}
