import type { Message } from "@ag-ui/core";
import { applyClientAction, type ClientAction } from "../core/actions";
import { pauseBlocker, selectPendingIds, uncoveredInterrupts } from "../core/interactions";
import { answerStart } from "../core/branches";
import { isUserContent } from "../core/attachments/userContent";
import type { StoreCore } from "./storeCore";
import { byPerson, idleTurn, personStarts } from "./turn";
import type { ActionResult, ThreadStoreState } from "./types";

type ConversationMethods = Pick<
  ThreadStoreState,
  "run" | "sendMessage" | "stop" | "pause" | "retry" | "editMessage" | "regenerate" | "switchBranch" | "truncate" | "setState" | "reset" | "setAgent" | "registerTool" | "registerContext" | "receiveEvents"
>;

const EMPTY: ActionResult = { ok: false, refusal: { code: "invalid-response", message: "The message is empty." } };
const NOT_THE_PERSONS: ActionResult = { ok: false, refusal: { code: "invalid-response", message: "The message holds parts that are not the person's words or media." } };

/**
 * The conversation's controls: send, run, stop, pause, retry, fork, the shared state, and what the
 * app registers for its runs.
 *
 * @example
 * const methods = conversationMethods(core, withAnswersInWords, declaredToolNames);
 */
export function conversationMethods(core: StoreCore, withAnswersInWords: (thread: ThreadStoreState["thread"]) => ThreadStoreState["thread"], declaredToolNames: () => string[]): ConversationMethods {
  const { options, get, commit, act, run, halt, tools, createId } = core;
  /** A run the person starts themselves (a message, Retry, an edit). */
  const started = () => commit({ turn: personStarts(get().turn) });

  const sendMessage: ThreadStoreState["sendMessage"] = (content, runOptions = {}) => {
    const { agent, isRunning } = get();
    if (!agent || isRunning) return false;
    started();
    if (typeof content === "string" ? !content.trim() : content.length === 0 || !isUserContent(content)) return false;
    const { declineOpen: declineFirst, ...rest } = runOptions;
    if (selectPendingIds(get().thread).length) {
      if (!declineFirst) return false;
      core.declineAll("text-reply");
    }
    // Checked before the message is added: a refused run must not leave it behind unsent.
    if (uncoveredInterrupts(get().thread, [...(options.defaults?.resume ?? []), ...(rest.resume ?? [])]).length) return false;
    // A front-end tool still waiting (or running) gets a result first: a call left unanswered
    // makes the run's history one model APIs reject.
    tools.dismiss("The person sent a new message instead.");
    const message: Message = { id: createId(), role: "user", content };
    // The declined questions are said before the person's new message, as they happened.
    commit({ thread: applyClientAction(withAnswersInWords(get().thread), { type: "append-message", message }) });
    // Declines whose server asked for a decision record wait for it (the digests are WebCrypto's,
    // asynchronous): the message goes once they are written, as answers do, by the store going on.
    // Not where it would not go on by itself (no auto-continue, another tab sends, run options given).
    const { turn } = get();
    if (declineFirst && turn.sends && options.autoContinue !== false && Object.keys(rest).length === 0 && core.decisionsWaiting(get().thread)) {
      commit({ turn: { ...byPerson(turn), owesRun: true } });
      return true;
    }
    return run(rest);
  };

  /** Edit or regenerate: the fork is applied, then the run goes out linked to the run it branches from. */
  const forkAndRun = (action: ClientAction): ActionResult => {
    const { agent, isRunning, thread } = get();
    if (!agent || isRunning) return { ok: false, refusal: { code: "busy", message: "The agent is answering; wait for it to finish (or stop it) first." } };
    started();
    const parent = thread.runs.findLast((r) => r.runId !== "")?.runId;
    const result = act(action);
    if (!result.ok) return result;
    commit({ turn: { ...get().turn, parentRunId: parent } });
    // A run refused (an interrupt still uncovered) must not hand the link to a later, unrelated run.
    if (!run()) commit({ turn: { ...get().turn, parentRunId: undefined } });
    return result;
  };

  return {
    run(runOptions) {
      started();
      return run(runOptions);
    },
    sendMessage,
    stop() {
      tools.abort("Stopped by the person.");
      // Between runs the store chains by itself, Stop ends the chain too.
      if (get().continuing || !get().turn.active) commit({ turn: { ...get().turn, autoHalted: true }, continuing: false });
      halt("cancelled");
    },
    pause() {
      if (!get().turn.active || pauseBlocker(get().thread)) return false;
      halt("paused");
      return true;
    },
    retry() {
      const { thread, isRunning } = get();
      const last = thread.runs[thread.runs.length - 1];
      if (isRunning || (last && last.status !== "error" && last.status !== "cancelled")) return false;
      started();
      const lastRun = get().turn.lastRun;
      // A thread restored after a reload has no run of this page's to repeat: it runs as it is.
      if (!lastRun) return last ? run() : false;
      const before = new Set(lastRun.messageIdsBefore);
      const partial = thread.messageIds.filter((id) => !before.has(id) && thread.messages.get(id)?.role !== "user");
      commit({ thread: applyClientAction(thread, { type: "remove-messages", ids: partial }) });
      return run(lastRun.options);
    },
    editMessage(messageId, content) {
      if (typeof content === "string" ? !content.trim() : content.length === 0) return EMPTY;
      // The same check sendMessage makes: only text and media parts the kit sends as the person's.
      if (!isUserContent(content)) return NOT_THE_PERSONS;
      return forkAndRun({ type: "fork", fromMessageId: messageId, message: { id: createId(), role: "user", content } });
    },
    regenerate(messageId) {
      const from = answerStart(get().thread, messageId);
      if (!from) return { ok: false, refusal: { code: "unknown-message", message: `There is no message "${messageId}".` } };
      return forkAndRun({ type: "fork", fromMessageId: from });
    },
    switchBranch: (at, index) => act({ type: "switch-branch", at, index }),
    truncate: (fromMessageId) => act({ type: "truncate", fromMessageId }),
    setState(next) {
      const thread = get().thread;
      const state = typeof next === "function" ? (next as (state: unknown) => unknown)(thread.state) : next;
      commit({ thread: applyClientAction(thread, { type: "set-state", state, hold: get().turn.active !== undefined }) });
    },
    reset() {
      get().stop();
      tools.reset();
      core.trace?.clear();
      // Which tab sends is the tabs' arrangement, not the thread's: it outlives a reset.
      commit({ thread: core.initialThread(), continuing: false, turn: { ...idleTurn(options.threadId), sends: get().turn.sends } });
    },
    setAgent(agent) {
      // A run in progress keeps going on the agent it started with; the next run uses this one.
      commit({ agent });
    },
    registerTool(tool) {
      const unregister = tools.register(tool);
      commit({ declaredTools: declaredToolNames() });
      // A call may already wait for this tool (registered after the run ended).
      queueMicrotask(() => tools.start());
      return () => {
        unregister();
        commit({ declaredTools: declaredToolNames() });
      };
    },
    registerContext(entry) {
      const token = {};
      core.contextEntries.set(token, entry);
      return () => void core.contextEntries.delete(token);
    },
    receiveEvents(events) {
      // A run's events still waiting for their frame go first: the order they arrived in.
      core.batcher.flush();
      if (events.length) core.fold(events);
    },
  };
}
