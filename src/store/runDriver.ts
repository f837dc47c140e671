import type { RunFailure, ThreadState } from "../core/fold";
import { applyClientAction, type ClientAction } from "../core/actions";
import { selectPendingIds, undeliveredIds, uncoveredInterrupts } from "../core/interactions";
import { answersInWords } from "../core/origins/custom";
import { buildRunInput, type RunOptions } from "../core/run-input";
import { isDevelopment } from "../core/dev";
import { bindAbortController, INCOMPLETE_STREAM, RESTORED_MID_RUN } from "./agentHandoff";
import { describeRunFailure } from "./describeRunFailure";
import { answerRevokeCalls } from "./permissionSteps";
import type { RunHandle, StoreCore } from "./storeCore";
import type { EventStream, RunPosition } from "../core/transport/types";

/** The parts of the store core the run driver uses (it supplies `run` and `halt` itself). */
type DriverCore = Omit<StoreCore, "run" | "reattach" | "halt" | "declineAll" | "personSettles">;

/**
 * Drives this client's runs: builds the input (one `buildRunInput`), subscribes to the agent's
 * stream, and ends the run when the stream does. What a run changes in the store goes through
 * `commit`; the transport's handles stay here, by run id.
 *
 * @example
 * const { run, halt } = createRunDriver(core);
 */
export function createRunDriver(core: DriverCore) {
  const { options, get, commit, batcher, tools, permissions, now, createId } = core;
  const handles = new Map<string, RunHandle>();

  /** The `CUSTOM` answers owed, said as the person's words before the run that carries them (`answersInWords`). */
  const withAnswersInWords = (thread: ThreadState): ThreadState => {
    const message = answersInWords(thread, core.locale, { interruptAnswers: options.interruptAnswersInWords });
    return message ? applyClientAction(thread, { type: "append-message", message }) : thread;
  };

  /**
   * Ends this client's side of a run: the stream is over, one way or another. Only the run
   * records this stream created are judged: a run that already finished (or was interrupted)
   * stays as it is even if the connection drops afterwards; a run still going is ended; a stream
   * that never started a run leaves a failed (or stopped) record so the UI can show and retry it.
   */
  const settle = (runId: string, ending?: { status: "cancelled" | "error" | "paused"; failure?: RunFailure }) => {
    if (get().turn.active?.runId !== runId) return;
    batcher.flush();
    const before = get().turn;
    const runsBefore = before.active!.runsBefore;
    handles.delete(runId);
    let owesRun = before.owesRun;
    let thread = get().thread;
    const own = thread.runs.length > runsBefore ? thread.runs[thread.runs.length - 1] : undefined;
    if (!own || own.status === "running") {
      const action: ClientAction = !ending
        ? { type: "end-run", status: "error", failure: INCOMPLETE_STREAM, runId }
        : ending.status === "paused"
          ? { type: "pause", runId }
          : { type: "end-run", status: ending.status, runId, ...(ending.failure ? { failure: ending.failure } : {}) };
      thread = applyClientAction(thread, action);
    }
    if (!ending && permissions) {
      const revoked = answerRevokeCalls(permissions, thread, now(), core.who);
      if (revoked.acted) owesRun = true;
      thread = revoked.thread;
    }
    // Never started: the answers it carried were not delivered and go out with the next run.
    const turn = { ...before, active: undefined, owesRun, inFlight: before.inFlight?.runId === runId ? undefined : before.inFlight };
    // The store will go on by itself (its handlers answer calls, or answers are owed): until it
    // knows, the agent is still busy and Stop stays.
    const goesOn =
      !ending && options.autoContinue !== false && turn.sends && !turn.autoHalted && selectPendingIds(thread).length === 0 && (owesRun || tools.hasPending(thread) || undeliveredIds(thread).length > 0);
    // Calls it left for the app's own tools are answered first: queued before the commit asks
    // (in a microtask of its own, outside any transaction) whether the store goes on.
    if (!ending) queueMicrotask(() => tools.start());
    commit({ thread, turn, isRunning: false, reconnecting: undefined, continuing: goesOn });
  };

  const run = (runOptions: RunOptions = {}): boolean => {
    const { agent, isRunning, turn: before } = get();
    if (!agent || isRunning) return false;
    let thread = get().thread;
    const uncovered = uncoveredInterrupts(thread, [...(options.defaults?.resume ?? []), ...(runOptions.resume ?? [])]);
    if (uncovered.length) {
      if (isDevelopment()) console.warn(`Parley: run refused: interrupt(s) ${uncovered.join(", ")} are still open. Answer or decline them first (the protocol rejects a run that does not resume every open interrupt).`);
      return false;
    }
    const owed = undeliveredIds(thread);
    thread = withAnswersInWords(thread);
    // The person's held edits go out with this run: from now on the agent has seen them.
    if (thread.stateEdits) thread = applyClientAction(thread, { type: "set-state", state: thread.state });
    const runId = createId();
    const threadId = before.threadId ?? thread.threadId ?? createId();
    const extraContext = [...core.contextEntries.values(), ...(permissions ? permissions.context(thread.grants, { now: now(), locale: core.locale }) : [])];
    const input = buildRunInput(thread, {
      runId,
      threadId,
      ...(options.defaults ? { defaults: options.defaults } : {}),
      run: runOptions,
      ...(options.parleyTools === false ? { parleyTools: false } : {}),
      locale: core.locale,
      frontendTools: tools.declared(),
      ...(permissions ? { extraTools: permissions.tools, identity: permissions.identity } : {}),
      ...(extraContext.length ? { extraContext } : {}),
      ...(before.parentRunId ? { parentRunId: before.parentRunId } : {}),
    });
    const handle: RunHandle = { stopped: false };
    handles.set(runId, handle);
    commit({
      thread,
      isRunning: true,
      continuing: false,
      turn: {
        ...get().turn,
        threadId,
        parentRunId: undefined,
        inFlight: owed.length ? { runId, ids: owed } : undefined,
        owesRun: false,
        lastRun: { options: runOptions, messageIdsBefore: thread.messageIds },
        active: { runId, runsBefore: thread.runs.length, agent },
        personActed: false,
      },
    });
    handle.abort = bindAbortController(agent);
    follow(runId, handle, () => agent.run(input));
    return true;
  };

  /**
   * Reads the run's stream into the store until it ends. `joined`: a run a restored thread was
   * streaming, joined again — failing before any event, it ends as the reload cut it (Retry).
   */
  const follow = (runId: string, handle: RunHandle, open: () => EventStream, joined = false) => {
    const active = () => get().turn.active?.runId === runId;
    let heard = false;
    const failure = (error: unknown) => (joined && !heard ? RESTORED_MID_RUN : describeRunFailure(error));
    try {
      const subscription = open().subscribe({
        // Events of a run this client has let go of (stopped, or replaced) are not folded.
        next: (event, frame) => {
          if (!active()) return;
          heard = true;
          batcher.push({ event, eventId: frame?.eventId });
        },
        connection: (state) => {
          if (active()) commit({ reconnecting: state.status === "reconnecting" ? { attempt: state.attempt, attempts: state.attempts } : undefined });
        },
        error: (error) => settle(runId, { status: "error", failure: failure(error) }),
        complete: () => settle(runId, joined && !heard ? { status: "error", failure: RESTORED_MID_RUN } : undefined),
      });
      // A synchronous agent may have finished inside subscribe(), or the person may have pressed
      // Stop from a listener while it ran: then the subscription is only there to be closed.
      if (active()) handle.subscription = subscription;
      else if (handle.stopped) subscription.unsubscribe();
    } catch (error) {
      settle(runId, { status: "error", failure: failure(error) });
    }
  };

  /**
   * The run a restored thread was streaming, joined again where the snapshot left it: no new run
   * (nothing is built or sent), the agent's events after `lastEventId` go through the same door.
   */
  const reattach = (position: RunPosition): boolean => {
    const { agent, isRunning, thread } = get();
    const last = thread.runs[thread.runs.length - 1];
    if (!agent?.reattach || isRunning || last?.status !== "running") return false;
    const handle: RunHandle = { stopped: false };
    handles.set(position.runId, handle);
    commit({
      isRunning: true,
      continuing: false,
      turn: { ...get().turn, threadId: position.threadId, active: { runId: position.runId, runsBefore: thread.runs.length - 1, agent, lastEventId: position.lastEventId } },
    });
    follow(position.runId, handle, () => agent.reattach!(position), true);
    return true;
  };

  /** Stop or Pause: only this run's request ends, and what streamed stays. */
  const halt = (status: "cancelled" | "paused") => {
    const current = get().turn.active;
    if (!current) return;
    const handle = handles.get(current.runId);
    if (handle) {
      handle.stopped = true;
      const subscription = handle.subscription;
      handle.subscription = undefined;
      // Parley's HTTP agent aborts its fetch on unsubscribe, an SDK HttpAgent through the
      // controller bound to this run. agent.abortRun() would also end the runs of other threads
      // sharing the agent.
      subscription?.unsubscribe();
      handle.abort?.abort();
    }
    settle(current.runId, { status });
  };

  return { run, reattach, halt, withAnswersInWords };
}
