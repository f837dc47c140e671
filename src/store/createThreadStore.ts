import { createStore } from "zustand/vanilla";
import type { Context } from "@ag-ui/core";
import { createThreadState, type ThreadState } from "../core/fold";
import { applyClientAction, refusalOf } from "../core/actions";
import { isDevelopment } from "../core/dev";
import { idleAfterFirstPaint } from "../core/lazyModule";
import { contextLanguage, languageName } from "../core/run-input/languageName";
import { heldBy, primeWhenIdle, randomId } from "./agentHandoff";
import { createCommit, createDeadlineClock } from "./commit";
import { createContinuation } from "./continuation";
import { createDecisionRecorder } from "./decisionRecords";
import { conversationMethods } from "./conversationMethods";
import { decisionMethods } from "./decisionMethods";
import { createEventRecorder } from "./eventRecorder";
import { createFrameBatcher } from "./frameBatcher";
import { createFrontendTools } from "./frontendTools";
import { trustOf } from "./permissionSteps";
import { reduceEvents } from "./reduceEvents";
import { createRunDriver } from "./runDriver";
import type { StoreCore, StreamItem } from "./storeCore";
import { tabMethods } from "./tabMethods";
import { feedbackMethods } from "./feedbackMethods";
import { idleTurn } from "./turn";
import type { ActionResult, ThreadStore, ThreadStoreOptions, ThreadStoreState } from "./types";

export type { ActionResult, KeptPermissionsState, ReadonlyThreadStore, ReplyResult, RunOptions, StateUpdate, StoreAction, ThreadStore, ThreadStoreOptions, ThreadStoreState } from "./types";

/** The same methods, each run as one transaction of the store. */
function transactions<M extends Record<string, (...args: never[]) => unknown>>(batch: StoreCore["batch"], methods: M): M {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods)) wrapped[name] = (...args: never[]) => batch(() => method(...args));
  return wrapped as M;
}

/**
 * One conversation with one agent: the folded thread plus the actions that drive it, on a
 * framework-free zustand store. A fast stream is applied as one update per frame.
 *
 * Every method goes through the two doors — what the agent sent through `foldEvents`, what the
 * person or the app did through `applyClientAction` — and the one `commit`, which derives the
 * reactions (the deadline timer, telling the agent, going on by itself) from before and after;
 * each method is one transaction of it. This client's side of the turn is state too (`turn`).
 *
 * @example
 * const store = createThreadStore({ agent: createHttpAgent({ url: "/api/agent" }) });
 * store.getState().sendMessage("Book me a train to Lyon");
 * store.subscribe((s) => console.log(s.thread.status));
 */
export function createThreadStore(options: ThreadStoreOptions = {}): ThreadStore {
  const createId = options.createId ?? randomId;
  const now = options.now ?? (() => Date.now());
  const permissions = options.permissions;
  const who = permissions?.identity ?? "person";
  const held = heldBy(options.agent);
  const initialThread = () =>
    createThreadState({
      threadId: options.threadId,
      messages: options.initialMessages ?? held.messages ?? [],
      state: options.initialState !== undefined ? options.initialState : held.state,
    });
  const trace = options.trace ? createEventRecorder(options.trace === true ? undefined : options.trace) : undefined;

  return createStore<ThreadStoreState>()((set, get) => {
    const deadlines = createDeadlineClock(now, () =>
      batch(() => {
        if (!continuation.timeOutDue() && get().turn.sends) deadlines.schedule(get().thread);
      }),
    );
    const decisions = createDecisionRecorder({ act: (action) => act(action), who, createId, get, commit: (next) => commit(next) });
    const { commit, batch } = createCommit(set, get, { deadlines, decisions, goOn: () => continuation.goOn() });

    const act = (given: Parameters<StoreCore["act"]>[0]): ActionResult => {
      // The person's decisions name them however they came (a number reply, the app's dispatch): a restore checks that name.
      const action = (given.type === "answer" || given.type === "decline") && given.who === undefined ? { ...given, who } : given;
      const { thread, turn } = get();
      const refusal = refusalOf(thread, action);
      if (refusal) {
        if (isDevelopment()) console.warn(`Parley: ${action.type} refused: ${refusal.message}`);
        return { ok: false, refusal };
      }
      const next = applyClientAction(thread, action);
      commit({ thread: next, ...(next.messageIds.length !== thread.messageIds.length && !turn.owesRun ? { turn: { ...turn, owesRun: true } } : {}) });
      return { ok: true };
    };

    const fold = (events: readonly unknown[], eventId?: string) => {
      trace?.record(events, get().thread.eventCount, now());
      const { thread, turn } = get();
      const next = reduceEvents(thread, turn, events, { at: now(), permissions });
      // Where the stream stands goes with the thread it made: a snapshot holds both or neither.
      const active = next.turn.active;
      commit(eventId === undefined || !active || active.lastEventId === eventId ? next : { ...next, turn: { ...next.turn, active: { ...active, lastEventId: eventId } } });
    };

    const tools = createFrontendTools({
      thread: () => get().thread,
      apply: (action) => act(action).ok,
      runningChanged: (ids) => commit({ runningToolCallIds: ids }),
      // A call that waits for the person ends the chain the store was continuing.
      awaitingChanged: (ids) => commit(ids.length ? { awaitingToolCallIds: ids, continuing: false } : { awaitingToolCallIds: ids }),
      now,
      permissions,
    });
    const declaredToolNames = () => [...new Set([...(options.defaults?.tools ?? []), ...tools.declared()].map((t) => t.name))];

    const base = {
      options,
      createId,
      now,
      who,
      permissions,
      locale: options.locale ?? "en",
      trust: trustOf(permissions, who, now),
      trace,
      initialThread,
      get,
      commit,
      act,
      fold,
      batcher: createFrameBatcher<StreamItem>(options.batch, (items) => fold(items.map((item) => item.event), items[items.length - 1]?.eventId)),
      tools,
      contextEntries: new Map<object, Context>(),
      batch,
      decisionsWaiting: (thread: ThreadState) => decisions.waiting(thread),
    };
    // The first run names the person's language; the locale data that takes (~20 ms) is read in idle
    // time after the first screen, out of its way and usually before the first run (a run started
    // sooner pays it, as on a server). Only in a browser.
    idleAfterFirstPaint(() => void languageName(base.locale, contextLanguage(base.locale)));
    const startThread = initialThread();
    primeWhenIdle(options.agent, startThread, options.initialMessages === undefined && held.messages !== undefined, () => {
      const { agent, thread, turn } = get();
      return { agent, thread, running: turn.active !== undefined };
    });
    const driver = createRunDriver(base);
    const continuation = createContinuation({ ...base, run: driver.run, reattach: driver.reattach, halt: driver.halt });
    const core: StoreCore = { ...base, run: driver.run, reattach: driver.reattach, halt: driver.halt, declineAll: continuation.declineAll, personSettles: continuation.personSettles };

    return {
      thread: startThread,
      turn: idleTurn(options.threadId),
      agent: options.agent,
      permissions,
      trace,
      keptPermissions: undefined,
      declaredTools: declaredToolNames(),
      isRunning: false,
      continuing: false,
      reconnecting: undefined,
      runningToolCallIds: [],
      awaitingToolCallIds: [],
      // Each method is one transaction: whether the store goes on is decided when it is whole.
      ...transactions(batch, {
        ...conversationMethods(core, driver.withAnswersInWords, declaredToolNames),
        ...decisionMethods(core),
        ...tabMethods(core),
        ...feedbackMethods(core),
      }),
    };
  });
}
