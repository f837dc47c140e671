import type { Context } from "@ag-ui/core";
import type { ThreadState } from "../core/fold";
import type { ClientAction } from "../core/actions";
import type { AnswerMethod } from "../core/interactions";
import type { RunOptions } from "../core/run-input";
import type { EventSubscription, RunPosition } from "../core/transport/types";
import type { PermissionsEngine } from "../core/policy/engine";
import type { Trust } from "../core/persistence/recheck";
import type { EventRecorder } from "./eventRecorder";
import type { FrameBatcher } from "./frameBatcher";
import type { createFrontendTools } from "./frontendTools";
import type { ActionResult, ThreadStoreOptions, ThreadStoreState } from "./types";

/** What a store's parts share: its settings, the one write (`commit`), and the steps built on it. */
export interface StoreCore {
  readonly options: ThreadStoreOptions;
  readonly createId: () => string;
  readonly now: () => number;
  /** The person's identity, which their decisions' audit records name. */
  readonly who: string;
  readonly permissions: PermissionsEngine | undefined;
  readonly locale: string;
  /** What a thread or an action from storage or another tab is re-checked with before it counts. */
  readonly trust: Trust;
  readonly trace: EventRecorder | undefined;
  readonly initialThread: () => ThreadState;
  readonly get: () => ThreadStoreState;
  /**
   * The one write: the next state, then the reactions its difference from the last one calls for
   * (the deadline timer, telling the agent of a run's start and end, going on by itself once the
   * transaction is whole). Nothing else calls `setState`.
   */
  readonly commit: (next: Partial<ThreadStoreState>) => void;
  /**
   * One transaction: what `work` writes is one step of the person, the app, a timer or a tab; the
   * store decides whether to go on by itself when the outermost one ends.
   */
  readonly batch: <T>(work: () => T) => T;
  /** The person's door: applies a client action, or says why not. */
  readonly act: (action: ClientAction) => ActionResult;
  /**
   * The agent's door: folds events (a run's, or ones that arrive outside a run); `eventId`, the
   * run's stream position after them, is kept with the thread they made.
   */
  readonly fold: (events: readonly unknown[], eventId?: string) => void;
  /** A run's events, with where each came in its stream, applied once per frame. */
  readonly batcher: FrameBatcher<StreamItem>;
  readonly tools: ReturnType<typeof createFrontendTools>;
  /** Context entries registered at run time (`useAgentContext`), in registration order. */
  readonly contextEntries: Map<object, Context>;
  /** A decision record the agent's server asked for is still being written: the answers wait for it. */
  readonly decisionsWaiting: (thread: ThreadState) => boolean;
  /**
   * Joins again the run a restored thread was streaming (`agent.reattach`); false when there is
   * nothing to join or the agent cannot.
   */
  readonly reattach: (position: RunPosition) => boolean;
  /** Starts a run with the thread as it is; false when refused. */
  readonly run: (options?: RunOptions) => boolean;
  /** Stop or Pause this client's run: only its request ends, and what streamed stays. */
  readonly halt: (status: "cancelled" | "paused") => void;
  /** Declines every open question in the person's name; returns how many. */
  readonly declineAll: (how?: AnswerMethod) => number;
  /**
   * The person settles a question: through their door, the turn marked theirs (or, "Stop here" on
   * the kit's card, the chain ended), the app's tools started on what it approved.
   */
  readonly personSettles: (action: ClientAction) => ActionResult;
}

/** One event of a run's stream, and the stream's last event id when it came. */
export interface StreamItem {
  event: unknown;
  eventId: string | undefined;
}

/** The transport's side of a run the store drives: not state, so kept beside it by run id. */
export interface RunHandle {
  subscription?: EventSubscription;
  abort?: AbortController;
  /** Stop was pressed, perhaps before the subscription was handed back. */
  stopped: boolean;
}
