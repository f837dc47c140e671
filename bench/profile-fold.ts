/**
 * Loops one Parley fold variant over one scenario, for `node --cpu-prof`:
 *
 *   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/fold-prof bench/profile-fold.ts ii burst
 *   node bench/summarize-profile.mjs /tmp/fold-prof/*.cpuprofile
 *
 * scenario: i | ii | iii | iv;  variant: burst (64-event bursts) | whole | single (foldEvent).
 */
import type { BaseEvent } from "@ag-ui/core";
import type { ThreadState } from "../src/core/fold";
import type { Scenario } from "./scenarios";

const { stateScenario, textScenario, toolScenario } = await import("./scenarios");
const { createThreadState, foldEvent, foldEvents } = await import("../src/core/fold");

const [which = "ii", variant = "burst", seconds = "4"] = process.argv.slice(2);
const makers: Record<string, () => Scenario> = {
  i: () => textScenario("i", 1, 20_000),
  ii: () => textScenario("ii", 500, 20),
  iii: () => toolScenario("iii", 200, 50),
  iv: () => stateScenario("iv", 1_000, 2_000),
};
const scenario = makers[which]?.();
if (!scenario) throw new Error(`unknown scenario ${which}`);
const events: BaseEvent[] = scenario.events;
const bursts: BaseEvent[][] = [];
for (let i = 0; i < events.length; i += 64) bursts.push(events.slice(i, i + 64));

const fold = (): ThreadState => {
  let thread = createThreadState();
  if (variant === "whole") return foldEvents(thread, events);
  if (variant === "single") for (const event of events) thread = foldEvent(thread, event);
  else for (const burst of bursts) thread = foldEvents(thread, burst);
  return thread;
};

const until = performance.now() + Number(seconds) * 1000;
let runs = 0;
let last: ThreadState | undefined;
while (performance.now() < until) {
  last = fold();
  runs++;
}
scenario.checkParley(last as ThreadState);
console.log(`${which}/${variant}: ${runs} runs, ${((Number(seconds) * 1000) / runs).toFixed(2)} ms per run`);
