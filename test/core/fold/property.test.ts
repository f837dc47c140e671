import { EventType } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createThreadState, foldEvent, foldEvents, type ThreadState } from "../../../src/core";
import { randomValidStream } from "../../support/randomStream";
import { deepFreeze, expectConsistent } from "./invariants";

/**
 * Properties of the fold over arbitrary input: junk events, valid streams mutated (fields dropped,
 * ids swapped, events reordered, duplicated, deleted, retyped) and both mixed together. Whatever
 * comes in, the fold never throws, never writes to its input, keeps every structural invariant
 * after every burst, and gives the same thread however the stream is cut into bursts.
 */

const EVENT_TYPES = Object.values(EventType) as string[];

// ── Arbitraries ────────────────────────────────────────────────────────────────────────────────

/** A small pool, so events collide on ids; hostile names included. */
const ID = fc.constantFrom("m1", "m2", "tc1", "tc2", "s1", "r1", "act", "", "__proto__", "constructor", "<script>x</script>");
const JUNK = fc.oneof(
  fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean(), fc.string({ maxLength: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const idOrJunk = fc.oneof({ weight: 6, arbitrary: ID }, { weight: 1, arbitrary: JUNK });
const TEXT = fc.oneof(
  fc.constantFrom("", "Hel", "lo", '{"a":', "1}", '"x', "-", "1", "}", "[", "🎉", "<b>", " "),
  fc.string({ maxLength: 6 }),
);
const textOrJunk = fc.oneof({ weight: 6, arbitrary: TEXT }, { weight: 1, arbitrary: JUNK });
const POINTER = fc.constantFrom("", "/", "/a", "/a/b", "/a/-", "/l/0", "/l/-", "/steps/0", "/__proto__/polluted", "/a~1b", "/~0", "/constructor/prototype/polluted");
const PATCH_OP = fc.record(
  {
    op: fc.constantFrom("add", "remove", "replace", "move", "copy", "test", "bogus"),
    path: fc.oneof({ weight: 8, arbitrary: POINTER }, { weight: 1, arbitrary: JUNK }),
    from: POINTER,
    value: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: ["op"] },
);
const PATCH = fc.oneof({ weight: 6, arbitrary: fc.array(PATCH_OP, { maxLength: 3 }) }, { weight: 1, arbitrary: JUNK });
const TOOL_CALL = fc.record(
  { id: idOrJunk, type: fc.constant("function"), function: fc.record({ name: TEXT, arguments: textOrJunk }) },
  { requiredKeys: ["id"] },
);
const MESSAGE = fc.oneof(
  fc.record(
    {
      id: idOrJunk,
      role: fc.oneof(fc.constantFrom("user", "assistant", "tool", "activity", "reasoning", "system", "developer"), JUNK),
      content: fc.oneof(TEXT, fc.dictionary(fc.string({ maxLength: 2 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), JUNK),
      toolCalls: fc.oneof(fc.array(TOOL_CALL, { maxLength: 3 }), JUNK),
      toolCallId: idOrJunk,
      activityType: fc.constantFrom("PLAN", "OTHER"),
      streaming: fc.boolean(),
      toolCallIds: fc.array(ID, { maxLength: 2 }),
      subagentRunId: fc.oneof(ID, fc.constant(null)),
      error: TEXT,
    },
    { requiredKeys: ["id", "role"] },
  ),
  JUNK,
);
const INTERRUPT = fc.oneof(
  fc.record({ id: idOrJunk, reason: TEXT, toolCallId: ID, subagentRunId: fc.oneof(ID, fc.constant(null)) }, { requiredKeys: ["id"] }),
  JUNK,
);
const OUTCOME = fc.oneof(
  fc.record(
    {
      type: fc.oneof(fc.constantFrom("success", "interrupt", "cancelled", "suspended"), JUNK),
      interrupts: fc.oneof(fc.array(INTERRUPT, { maxLength: 2 }), JUNK),
      pendingToolCallIds: fc.oneof(fc.array(idOrJunk, { maxLength: 2 }), JUNK),
      interruptIds: fc.oneof(fc.array(ID, { maxLength: 2 }), JUNK),
    },
    { requiredKeys: ["type"] },
  ),
  JUNK,
);

/** Every field any event has, each drawn from a small pool of good values plus junk. */
const EVENT_FIELDS = {
    type: fc.oneof({ weight: 15, arbitrary: fc.constantFrom(...EVENT_TYPES) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom("", "FOO", "THINKING_START"), JUNK) }),
    messageId: idOrJunk,
    toolCallId: idOrJunk,
    toolCallName: textOrJunk,
    parentMessageId: idOrJunk,
    delta: fc.oneof({ weight: 3, arbitrary: textOrJunk }, { weight: 1, arbitrary: PATCH }),
    role: fc.oneof(fc.constantFrom("assistant", "user", "reasoning", "tool", "system"), JUNK),
    name: textOrJunk,
    subagentRunId: fc.oneof({ weight: 4, arbitrary: ID }, { weight: 1, arbitrary: JUNK }),
    parentSubagentRunId: idOrJunk,
    stepName: fc.oneof(fc.constantFrom("plan", "act"), JUNK),
    runId: idOrJunk,
    threadId: fc.oneof(fc.constant("t1"), JUNK),
    snapshot: fc.jsonValue({ maxDepth: 3 }),
    messages: fc.oneof(fc.array(MESSAGE, { maxLength: 4 }), JUNK),
    outcome: OUTCOME,
    content: fc.oneof(TEXT, fc.dictionary(fc.string({ maxLength: 2 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), JUNK),
    patch: PATCH,
    activityType: fc.oneof(fc.constantFrom("PLAN", "OTHER"), JUNK),
    replace: fc.oneof(fc.boolean(), JUNK),
    entityId: idOrJunk,
    subtype: fc.oneof(fc.constantFrom("message", "tool-call"), JUNK),
    encryptedValue: textOrJunk,
    value: fc.jsonValue({ maxDepth: 2 }),
    event: fc.jsonValue({ maxDepth: 2 }),
    source: textOrJunk,
    message: textOrJunk,
    code: textOrJunk,
    result: fc.jsonValue({ maxDepth: 1 }),
    usage: fc.oneof(fc.array(fc.record({ inputTokens: fc.nat() }), { maxLength: 2 }), JUNK),
    input: fc.oneof(fc.record({ messages: fc.oneof(fc.array(MESSAGE, { maxLength: 3 }), JUNK) }), JUNK),
    metadata: fc.oneof(fc.dictionary(fc.constantFrom("a", "b", "__proto__"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), JUNK),
    timestamp: fc.oneof(fc.nat(), JUNK),
    junk: JUNK,
};
/** An object with a `type` drawn from EventType (or junk) and any subset of every event's fields. */
const SPARSE_EVENT = fc.record(EVENT_FIELDS, { requiredKeys: ["type"] });
/** The same with every field present: each handler finds what it reads, so streams get deep. */
const FULL_EVENT = fc.record(EVENT_FIELDS);

/**
 * Well-formed events over a tiny alphabet (two ids of each kind, JSON fragments as deltas), so
 * that starts, continuations, ends, results, snapshots and run boundaries collide often.
 */
const SMALL_ID = fc.constantFrom("a", "b");
const FRAGMENT = fc.constantFrom("{", '"k":', '"v', '"', "}", "[", "1", "-", "2.", "]", ",", "x", " ", "");
const SUB = fc.option(fc.constantFrom("s1", "s2"), { nil: undefined });
const SMALL_EVENT: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant(EventType.RUN_STARTED), threadId: fc.constant("t1"), runId: fc.constantFrom("r1", "r2") }),
  fc.record({ type: fc.constant(EventType.RUN_FINISHED), threadId: fc.constant("t1"), runId: fc.constant("r1"), outcome: fc.option(OUTCOME, { nil: undefined }) }),
  fc.record({ type: fc.constant(EventType.RUN_ERROR), message: fc.constant("boom") }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_START), messageId: SMALL_ID, subagentRunId: SUB }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_CONTENT), messageId: SMALL_ID, delta: FRAGMENT }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_END), messageId: SMALL_ID }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_CHUNK), messageId: fc.option(SMALL_ID, { nil: undefined }), delta: FRAGMENT, subagentRunId: SUB }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_START), toolCallId: SMALL_ID, toolCallName: fc.constant("f"), parentMessageId: fc.option(SMALL_ID, { nil: undefined }) }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_ARGS), toolCallId: SMALL_ID, delta: FRAGMENT }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_ARGS), toolCallId: SMALL_ID, delta: FRAGMENT }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_END), toolCallId: SMALL_ID }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_CHUNK), toolCallId: fc.option(SMALL_ID, { nil: undefined }), toolCallName: fc.constant("f"), delta: FRAGMENT }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_RESULT), messageId: fc.constantFrom("res-a", "res-b", "a"), toolCallId: SMALL_ID, content: fc.constant("ok") }),
  fc.record({ type: fc.constant(EventType.REASONING_MESSAGE_START), messageId: SMALL_ID, role: fc.constant("reasoning") }),
  fc.record({ type: fc.constant(EventType.REASONING_MESSAGE_CHUNK), messageId: fc.option(SMALL_ID, { nil: undefined }), delta: FRAGMENT }),
  fc.record({ type: fc.constant(EventType.ACTIVITY_SNAPSHOT), messageId: SMALL_ID, activityType: fc.constant("PLAN"), content: fc.constant({ steps: [] }), replace: fc.boolean() }),
  fc.record({ type: fc.constant(EventType.ACTIVITY_DELTA), messageId: SMALL_ID, activityType: fc.constant("PLAN"), patch: fc.array(PATCH_OP, { maxLength: 2 }) }),
  fc.record({ type: fc.constant(EventType.STATE_DELTA), delta: fc.array(PATCH_OP, { maxLength: 2 }) }),
  fc.record({ type: fc.constant(EventType.STEP_STARTED), stepName: SMALL_ID, subagentRunId: SUB }),
  fc.record({ type: fc.constant(EventType.STEP_FINISHED), stepName: SMALL_ID, subagentRunId: SUB }),
  fc.record({ type: fc.constant(EventType.SUBAGENT_STARTED), subagentRunId: fc.constantFrom("s1", "s2"), name: fc.constant("sub") }),
  fc.record({ type: fc.constant(EventType.SUBAGENT_FINISHED), subagentRunId: fc.constantFrom("s1", "s2") }),
  fc.record({ type: fc.constant(EventType.REASONING_ENCRYPTED_VALUE), subtype: fc.constantFrom("message", "tool-call"), entityId: SMALL_ID, encryptedValue: fc.constant("E") }),
  fc.record({ type: fc.constant(EventType.MESSAGES_SNAPSHOT), messages: fc.array(MESSAGE, { maxLength: 3 }) }),
  fc.record({ type: fc.constant(EventType.MESSAGES_SNAPSHOT), messages: fc.array(
    fc.record({ id: SMALL_ID, role: fc.constant("assistant"), toolCalls: fc.array(fc.record({ id: SMALL_ID, type: fc.constant("function"), function: fc.record({ name: fc.constant("f"), arguments: FRAGMENT }) }), { maxLength: 2 }) }),
    { maxLength: 2 },
  ) }),
);

/** Anything at all in the event stream: events, JSON values that are not events, odd JS values. */
const ANY_EVENT = fc.oneof(
  { weight: 5, arbitrary: FULL_EVENT },
  { weight: 3, arbitrary: SPARSE_EVENT },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

const ID_FIELDS = ["messageId", "toolCallId", "parentMessageId", "entityId", "subagentRunId", "runId", "stepName"] as const;

/** One change to a valid stream; indices are taken modulo the stream's length. */
const MUTATION = fc.oneof(
  fc.record({ kind: fc.constant("drop-field" as const), at: fc.nat(), key: fc.nat() }),
  fc.record({ kind: fc.constant("swap-ids" as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant("swap-events" as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("retype" as const), at: fc.nat(), type: fc.constantFrom(...EVENT_TYPES) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), event: ANY_EVENT }),
);
type Mutation = typeof MUTATION extends fc.Arbitrary<infer M> ? M : never;

function mutate(stream: unknown[], mutations: Mutation[]): unknown[] {
  const events = [...stream];
  for (const m of mutations) {
    const n = events.length;
    if (n === 0) break;
    switch (m.kind) {
      case "drop-field": {
        const event = events[m.at % n];
        if (typeof event !== "object" || event === null) break;
        const keys = Object.keys(event);
        if (!keys.length) break;
        const copy: Record<string, unknown> = { ...event };
        delete copy[keys[m.key % keys.length] as string];
        events[m.at % n] = copy;
        break;
      }
      case "swap-ids": {
        const [a, b] = [events[m.a % n] as Record<string, unknown>, events[m.b % n] as Record<string, unknown>];
        if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) break;
        const field = ID_FIELDS.find((f) => f in a && f in b);
        if (!field) break;
        events[m.a % n] = { ...a, [field]: b[field] };
        events[m.b % n] = { ...b, [field]: a[field] };
        break;
      }
      case "swap-events": {
        const tmp = events[m.a % n];
        events[m.a % n] = events[m.b % n];
        events[m.b % n] = tmp;
        break;
      }
      case "duplicate":
        events.splice(m.at % n, 0, structuredClone(events[m.at % n]));
        break;
      case "delete":
        events.splice(m.at % n, 1);
        break;
      case "retype": {
        const event = events[m.at % n];
        if (typeof event === "object" && event !== null) events[m.at % n] = { ...event, type: m.type };
        break;
      }
      case "insert":
        events.splice(m.at % (n + 1), 0, m.event);
        break;
    }
  }
  return events;
}

/** A valid stream, mutated. */
const MUTATED_STREAM = fc
  .record({ seed: fc.integer({ min: 1, max: 100_000 }), mutations: fc.array(MUTATION, { maxLength: 10 }) })
  .map(({ seed, mutations }) => mutate(randomValidStream(seed), mutations));

/** Every kind of stream the properties run on. */
const STREAM = fc.oneof(
  fc.array(ANY_EVENT, { maxLength: 40 }),
  fc.array(SMALL_EVENT, { maxLength: 40 }),
  fc.array(fc.oneof({ weight: 4, arbitrary: SMALL_EVENT }, { weight: 1, arbitrary: ANY_EVENT }), { maxLength: 40 }),
  MUTATED_STREAM,
  fc.tuple(MUTATED_STREAM, fc.array(ANY_EVENT, { maxLength: 15 }), fc.array(fc.nat(), { maxLength: 15 })).map(([valid, junk, at]) => {
    const events = [...valid];
    junk.forEach((event, i) => events.splice((at[i] ?? 0) % (events.length + 1), 0, event));
    return events;
  }),
);

/** Cuts `events` into bursts at the given points. */
function split(events: unknown[], cuts: number[]): unknown[][] {
  const points = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
  const bursts: unknown[][] = [];
  let from = 0;
  for (const p of [...points, events.length]) {
    bursts.push(events.slice(from, p));
    from = p;
  }
  return bursts;
}

/** numRuns keep this file at a few seconds; `PARLEY_PROPERTY_SCALE=50` searches harder. */
const SCALE = Number(process.env.PARLEY_PROPERTY_SCALE) || 1;
const runs = (n: number) => ({ numRuns: Math.round(n * SCALE) });
/** Generous, so a slow machine does not fail on time; the suite asserts nothing about speed. */
const TIMEOUT = 60_000 * SCALE;

const fresh = () => createThreadState({ threadId: "t1", messages: [{ id: "seed", role: "user", content: "hello" }] });
const safeJson = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));

// ── Properties ─────────────────────────────────────────────────────────────────────────────────

describe("fold properties", () => {
  it("never throws, never writes to its input, and keeps every invariant after every burst", () => {
    fc.assert(
      fc.property(STREAM, fc.array(fc.nat(), { maxLength: 8 }), (events, cuts) => {
        deepFreeze(events);
        let state = deepFreeze(fresh());
        let folded = 0;
        for (const burst of split(events, cuts)) {
          const before = safeJson({ state, burst });
          const next = foldEvents(state, burst);
          expect(safeJson({ state, burst })).toBe(before);
          folded += burst.length;
          expectConsistent(next, folded);
          state = deepFreeze(next);
        }
        expect(state.eventCount).toBe(events.length);
      }),
      runs(400),
    );
  }, TIMEOUT);

  it("gives the same thread however the stream is cut into bursts", () => {
    fc.assert(
      fc.property(STREAM, fc.array(fc.nat(), { maxLength: 8 }), (events, cuts) => {
        deepFreeze(events);
        const oneBurst = foldEvents(fresh(), events);
        const bursts = split(events, cuts).reduce<ThreadState>((s, burst) => foldEvents(s, burst), fresh());
        expect(bursts).toStrictEqual(oneBurst);
      }),
      runs(400),
    );
  }, TIMEOUT);

  it("gives the same thread one event at a time as in one burst", () => {
    fc.assert(
      fc.property(STREAM, (events) => {
        deepFreeze(events);
        const oneBurst = foldEvents(fresh(), events);
        const stepwise = events.reduce<ThreadState>((s, event) => foldEvent(s, event), fresh());
        expect(stepwise).toStrictEqual(oneBurst);
      }),
      runs(200),
    );
  }, TIMEOUT);

  it("a valid stream, unmutated, folds without a single error", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        const events = deepFreeze(randomValidStream(seed));
        const thread = foldEvents(createThreadState({ threadId: `thread-${seed}` }), events);
        expect(thread.errors).toEqual([]);
        expectConsistent(thread, events.length);
      }),
      runs(200),
    );
  }, TIMEOUT);
});
