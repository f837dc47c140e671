import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { vi } from "vitest";
import type { AgentLike } from "../../src";
import type { EventObserver } from "../../src/core/transport/types";
import { ev } from "./events";

/** An agent whose runs the test drives: it records each input and lets the test push that run's events. */
export function fakeAgent() {
  const inputs: RunAgentInput[] = [];
  const observers: Partial<EventObserver>[] = [];
  const unsubscribe = vi.fn<(runId: string) => void>();
  const agent: AgentLike = {
    run(input) {
      inputs.push(input);
      return {
        subscribe(observer) {
          observers.push(observer);
          return { unsubscribe: () => unsubscribe(input.runId) };
        },
      };
    },
  };
  const current = () => {
    const input = inputs.at(-1);
    if (!input) throw new Error("no run was started");
    return input;
  };
  return {
    agent,
    inputs,
    unsubscribe,
    /** Pushes events into the newest run; RUN_STARTED / RUN_FINISHED get that run's ids. */
    push(...events: BaseEvent[]) {
      const { runId, threadId } = current();
      const observer = observers.at(-1)!;
      for (const e of events) {
        const own = e.type === EventType.RUN_STARTED || e.type === EventType.RUN_FINISHED ? { ...e, runId, threadId } : e;
        observer.next?.(own);
      }
    },
    complete() {
      observers.at(-1)!.complete?.();
    },
    /** A whole run: RUN_STARTED, the events, RUN_FINISHED (with an outcome, if given), then the stream closes. */
    play(events: BaseEvent[], outcome?: object) {
      this.push(ev.runStarted(), ...events, ev.runFinished("", "", outcome ? { outcome } : {}));
      this.complete();
    },
  };
}

