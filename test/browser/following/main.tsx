/**
 * The page of test/browser/following.e2e.test.ts: a 1,000-message thread in a fixed 700 px box,
 * and `window.reply(deltas, delayMs, chunk)`, which streams one reply of `deltas` pieces ending
 * with "ENDOFREPLY" and resolves when the run ends: `delayMs` apart, or flat out (0) — all at once,
 * or `chunk` pieces per task (as network reads arrive).
 */
import { createRoot } from "react-dom/client";
import { EventType, type Message } from "@ag-ui/core";
import { createThreadStore, ParleyProvider, ParleyUIProvider, Thread } from "../../../src";
import { ScriptedAgent, type ScriptStep } from "../../../src/testing";
import "../../../src/theme/parley.css";

const WORDS = ["the", "agent", "streams", "a", "reply", "token", "by", "token", "while", "**Lyon**", "train", "09:30", "`seat`", "window"];

function seed(n: number): Message[] {
  return Array.from({ length: n }, (_, i): Message => {
    const content = Array.from({ length: 15 + ((i * 7) % 31) }, (_, w) => WORDS[(i + w * 5) % WORDS.length]).join(" ");
    return i % 2 === 0 ? { id: `seed-${i}`, role: "user", content } : { id: `seed-${i}`, role: "assistant", content };
  });
}

let runs = 0;
let next = { deltas: 0, delayMs: 0, chunk: 0 };
const agent = new ScriptedAgent({
  script: (input) => {
    const id = `reply-${++runs}`;
    const steps: ScriptStep[] = [
      { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
      { type: EventType.TEXT_MESSAGE_START, messageId: id, role: "assistant" },
    ];
    for (let i = 0; i < next.deltas; i++) {
      const delta = i === next.deltas - 1 ? " ENDOFREPLY" : `${i > 0 && i % 50 === 0 ? "\n\n" : ""}${WORDS[i % WORDS.length]} `;
      steps.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta });
      // A zero delay would be no wait at all: a chunk waits 1 ms, a task of its own, as a network read.
      if (next.delayMs || (next.chunk && (i + 1) % next.chunk === 0)) steps.push({ delay: next.delayMs || 1 });
    }
    steps.push({ type: EventType.TEXT_MESSAGE_END, messageId: id });
    steps.push({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
    return steps;
  },
});
const store = createThreadStore({ agent, threadId: "following", initialMessages: seed(1_000) });

declare global {
  interface Window {
    reply(deltas: number, delayMs: number, chunk?: number): Promise<void>;
  }
}
window.reply = (deltas, delayMs, chunk = 0) =>
  new Promise<void>((resolve) => {
    next = { deltas, delayMs, chunk };
    const unsubscribe = store.subscribe((state, previous) => {
      if (previous.isRunning && !state.isRunning) {
        unsubscribe();
        resolve();
      }
    });
    if (!store.getState().run()) {
      unsubscribe();
      resolve();
    }
  });

createRoot(document.getElementById("root")!).render(
  <ParleyProvider store={store}>
    <ParleyUIProvider style={{ height: 700, width: 800 }}>
      <Thread />
    </ParleyUIProvider>
  </ParleyProvider>,
);
