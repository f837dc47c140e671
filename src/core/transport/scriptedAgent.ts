import { AbstractAgent } from "@ag-ui/client";
import type { AgentConfig } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { Observable } from "rxjs";
import { TransportError } from "./types";

/**
 * One step of a script: an event to emit, a pause, or a failure of the stream.
 *
 * @example
 * const steps: ScriptStep[] = [
 *   { type: EventType.RUN_STARTED, threadId: "t", runId: "r" },
 *   { delay: 500 },
 *   { error: "connection reset" },
 * ];
 */
export type ScriptStep = BaseEvent | ScriptDelay | ScriptError;

/**
 * A pause of `delay` milliseconds before the next step.
 *
 * @example
 * const thinking: ScriptDelay = { delay: 800 };
 */
export interface ScriptDelay {
  delay: number;
}

/**
 * Errors the stream at this point, as a dropped connection would. A string becomes a
 * `TransportError` of kind `"network"` with that message; an `Error` is passed on as it is.
 *
 * @example
 * const dropped: ScriptError = { error: "The connection to the agent dropped." };
 */
export interface ScriptError {
  error: Error | string;
}

/**
 * The steps of every run, or a function that picks them from the run's input (to answer what the
 * person said, or a tool result).
 *
 * @example
 * const script: Script = (input) => (input.messages.length > 1 ? followUp : greeting);
 */
export type Script = ScriptStep[] | ((input: RunAgentInput) => ScriptStep[]);

/**
 * Options of {@link ScriptedAgent}: an `AgentConfig` plus the script.
 *
 * @example
 * const config: ScriptedAgentConfig = { script: steps, delayMs: 40, threadId: "demo" };
 */
export interface ScriptedAgentConfig extends AgentConfig {
  script: Script;
  /** A pause before every event, so a story streams like a real agent. Default 0. */
  delayMs?: number;
}

/**
 * An AG-UI agent that replays a script instead of calling a back end — for stories, tests, the
 * demo and your own tests. It is a real `AbstractAgent`, so it also works with the SDK's
 * `runAgent()` (then the events must be valid AG-UI, as `verifyEvents` checks them).
 *
 * Timing: every event waits `delayMs`, every `{ delay }` step waits its own time, both through
 * `setTimeout` (`{ delay: 0 }` too: what follows comes in a task of its own). Events that need no
 * wait are emitted synchronously, so with `delayMs` 0 and no delay steps the whole script is
 * emitted inside `subscribe()` — handy in tests, no timers.
 *
 * @example
 * const agent = new ScriptedAgent({
 *   delayMs: 30,
 *   script: [
 *     { type: EventType.RUN_STARTED, threadId: "t", runId: "r" },
 *     { type: EventType.TEXT_MESSAGE_START, messageId: "m", role: "assistant" },
 *     { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "Hello" },
 *     { type: EventType.TEXT_MESSAGE_END, messageId: "m" },
 *     { type: EventType.RUN_FINISHED, threadId: "t", runId: "r" },
 *   ],
 * });
 * await agent.runAgent();
 */
export class ScriptedAgent extends AbstractAgent {
  script: Script;
  delayMs: number;
  // Not a #private field: AbstractAgent.clone() builds copies without running the constructor.
  private stops = new Set<() => void>();

  constructor({ script, delayMs = 0, ...config }: ScriptedAgentConfig) {
    super(config);
    this.script = script;
    this.delayMs = delayMs;
  }

  /**
   * A cold stream of the script's events; each subscription replays it from the start.
   * Unsubscribing clears the pending timer.
   *
   * @example
   * agent.run(input).subscribe({ next: (event) => console.log(event.type) });
   */
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const steps = typeof this.script === "function" ? this.script(input) : this.script;
      let index = 0;
      let waited = false;
      let timer: ReturnType<typeof setTimeout> | undefined;

      const advance = (): void => {
        timer = undefined;
        while (!subscriber.closed) {
          const step = steps[index];
          if (step === undefined) {
            subscriber.complete();
            return;
          }
          // A delay step always waits, even `{ delay: 0 }` (the next step in a task of its own, as a
          // network read arrives); an event waits only when `delayMs` asks for it.
          const isDelay = !isEvent(step) && "delay" in step;
          const wait = isEvent(step) ? this.delayMs : isDelay ? step.delay : 0;
          if ((wait > 0 || isDelay) && !waited) {
            waited = true;
            timer = setTimeout(advance, wait);
            return;
          }
          waited = false;
          index += 1;
          if (isEvent(step)) subscriber.next(step);
          else if ("error" in step) {
            subscriber.error(typeof step.error === "string" ? new TransportError("network", step.error) : step.error);
            return;
          }
        }
      };

      const stop = () => subscriber.complete();
      this.stops.add(stop);
      advance();
      return () => {
        clearTimeout(timer);
        this.stops.delete(stop);
      };
    });
  }

  /**
   * Stops every run of this agent: no more events, and the streams complete.
   *
   * @example
   * void agent.runAgent();
   * agent.abortRun(); // runAgent() resolves with what arrived so far
   */
  override abortRun(): void {
    for (const stop of [...this.stops]) stop();
    super.abortRun();
  }

  /**
   * A copy with the same script, messages and state, and no runs in flight.
   *
   * @example
   * const twin = agent.clone();
   */
  override clone(): ScriptedAgent {
    const copy = super.clone() as ScriptedAgent;
    copy.script = this.script;
    copy.delayMs = this.delayMs;
    copy.stops = new Set();
    return copy;
  }
}

function isEvent(step: ScriptStep): step is BaseEvent {
  return typeof (step as { type?: unknown }).type === "string";
}
