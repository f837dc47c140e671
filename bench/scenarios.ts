/**
 * The event streams the fold benchmark replays, each with what a correct reducer must end with.
 * The checks run outside the timing: a benchmark of a reducer that computes the wrong thing is
 * worthless, so every Parley and SDK result is checked against them.
 */
import { EventType, type BaseEvent, type Message } from "@ag-ui/core";
import type { ThreadState } from "../src/core/fold";

/** What `defaultApplyEvents` ended with: the last `messages` and `state` it emitted. */
export interface SdkResult {
  messages?: Message[];
  state?: unknown;
}

export interface Scenario {
  name: string;
  events: BaseEvent[];
  /** Throws unless Parley's final thread is the expected one. */
  checkParley(thread: ThreadState): void;
  /** Throws unless the SDK's last emitted messages/state are the expected ones. */
  checkSdk(result: SdkResult): void;
}

const THREAD = "t1";
const RUN = "r1";

/**
 * Wraps the events in RUN_STARTED/RUN_FINISHED and sends them through the wire format and back,
 * so the reducers get objects as a client does: made by `JSON.parse` (which matters to V8: e.g.
 * whether a 1,000-key object has fast or dictionary properties).
 */
function inRun(body: BaseEvent[]): BaseEvent[] {
  const events = [
    { type: EventType.RUN_STARTED, threadId: THREAD, runId: RUN } as BaseEvent,
    ...body,
    { type: EventType.RUN_FINISHED, threadId: THREAD, runId: RUN } as BaseEvent,
  ];
  return parseSse(toSse(events)) as BaseEvent[];
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`benchmark sanity check failed: ${message}`);
}

/** Common to every Parley result: no protocol error, every event counted, the run over. */
function checkThreadBasics(thread: ThreadState, events: number): void {
  assert(thread.errors.length === 0 && thread.errorCount === 0,
    `Parley reported ${thread.errorCount} protocol error(s): ${JSON.stringify(thread.errors.slice(0, 3).map((e) => e.message))}`);
  assert(thread.eventCount === events, `eventCount ${thread.eventCount}, expected ${events}`);
  assert(thread.runs.length === 1 && thread.runs[0]?.status === "finished", "the run should be finished");
  assert(thread.openMessageIds.length === 0, "no message should still be streaming");
}

/** A 4-character delta: deterministic text, so the final content can be compared exactly. */
function delta(i: number): string {
  return `w${(i % 1000).toString().padStart(3, "0")}`;
}

/** Text messages: `messages` messages of `deltas` four-character deltas each. Scenarios (i) and (ii). */
export function textScenario(name: string, messages: number, deltas: number): Scenario {
  const body: BaseEvent[] = [];
  const expected: string[] = [];
  for (let m = 0; m < messages; m++) {
    const messageId = `m${m}`;
    body.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
    let text = "";
    for (let i = 0; i < deltas; i++) {
      const piece = delta(m * deltas + i);
      text += piece;
      body.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: piece });
    }
    body.push({ type: EventType.TEXT_MESSAGE_END, messageId });
    expected.push(text);
  }
  const events = inRun(body);
  return {
    name,
    events,
    checkParley(thread) {
      checkThreadBasics(thread, events.length);
      assert(thread.messageIds.length === messages, `${thread.messageIds.length} messages, expected ${messages}`);
      for (let m = 0; m < messages; m++) {
        const message = thread.messages.get(thread.messageIds[m] as string);
        assert(message?.id === `m${m}` && message.role === "assistant", `message ${m} is missing or out of order`);
        assert(message.content === expected[m], `message ${m} has content of length ${String(message.content?.length)}, expected ${expected[m]?.length}`);
        assert(!message.streaming, `message ${m} is still streaming`);
      }
      assert(thread.status === "idle", `status ${thread.status}, expected idle`);
    },
    checkSdk(result) {
      const list = result.messages ?? [];
      assert(list.length === messages, `SDK has ${list.length} messages, expected ${messages}`);
      list.forEach((message, m) => assert(message.content === expected[m], `SDK message ${m} has the wrong content`));
    },
  };
}

/** The argument text of tool call `c`: valid JSON whose length is a multiple of `fragments`. */
function argsText(c: number, fragments: number): string {
  const args = { id: c, city: `City number ${c}`, units: "metric", days: [1, 2, 3], note: "" };
  let text = JSON.stringify(args);
  const pad = (fragments - (text.length % fragments)) % fragments;
  args.note = "x".repeat(pad + 4 * fragments); // about 5 characters per fragment on top
  text = JSON.stringify(args);
  assert(text.length % fragments === 0, "argument text should split evenly");
  return text;
}

/** Scenario (iii): `calls` tool calls (no parent message), each with `fragments` TOOL_CALL_ARGS. */
export function toolScenario(name: string, calls: number, fragments: number): Scenario {
  const body: BaseEvent[] = [];
  const texts: string[] = [];
  for (let c = 0; c < calls; c++) {
    const toolCallId = `tc${c}`;
    const text = argsText(c, fragments);
    texts.push(text);
    const size = text.length / fragments;
    body.push({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "get_weather" });
    for (let f = 0; f < fragments; f++) {
      body.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: text.slice(f * size, (f + 1) * size) });
    }
    body.push({ type: EventType.TOOL_CALL_END, toolCallId });
  }
  const events = inRun(body);
  return {
    name,
    events,
    checkParley(thread) {
      checkThreadBasics(thread, events.length);
      assert(thread.messageIds.length === calls, `${thread.messageIds.length} messages, expected ${calls}`);
      assert(thread.toolCalls.size === calls, "wrong number of tool calls");
      for (let c = 0; c < calls; c++) {
        const call = thread.toolCalls.get(`tc${c}`);
        assert(call, `tool call ${c} is missing`);
        assert(call.argsText === texts[c], `tool call ${c} has argsText of length ${call.argsText.length}, expected ${texts[c]?.length}`);
        assert((call.args as { id?: unknown } | undefined)?.id === c && (call.args as { note: string }).note.length > 0,
          `tool call ${c} args were not parsed: ${JSON.stringify(call.args)}`);
        assert(call.status === "waiting", `tool call ${c} status ${call.status}, expected waiting`);
      }
      assert(thread.pendingToolCallIds.length === calls, "every tool call should be pending");
      assert(thread.status === "waiting", `status ${thread.status}, expected waiting`);
    },
    checkSdk(result) {
      const list = result.messages ?? [];
      assert(list.length === calls, `SDK has ${list.length} messages, expected ${calls}`);
      list.forEach((message, c) => {
        const call = message.role === "assistant" ? message.toolCalls?.[0] : undefined;
        assert(call?.function.arguments === texts[c], `SDK tool call ${c} has the wrong arguments`);
      });
    },
  };
}

/** A state value about 35 characters long, so 1,000 keys make a ~45 KB state. */
function stateValue(key: number, revision: number): string {
  return `item ${key} revision ${revision} lorem ipsum`;
}

/** Scenario (iv): a `keys`-key STATE_SNAPSHOT, then `deltas` STATE_DELTAs of one `replace` each. */
export function stateScenario(name: string, keys: number, deltas: number): Scenario {
  const snapshot: Record<string, string> = {};
  for (let k = 0; k < keys; k++) snapshot[`key${k}`] = stateValue(k, 0);
  const body: BaseEvent[] = [{ type: EventType.STATE_SNAPSHOT, snapshot }];
  const expected = { ...snapshot };
  for (let j = 0; j < deltas; j++) {
    const k = j % keys;
    const value = stateValue(k, j + 1);
    expected[`key${k}`] = value;
    body.push({ type: EventType.STATE_DELTA, delta: [{ op: "replace", path: `/key${k}`, value }] });
  }
  const events = inRun(body);
  const checkState = (who: string, state: unknown) => {
    const actual = state as Record<string, unknown>;
    assert(actual && typeof actual === "object", `${who} state is not an object`);
    assert(Object.keys(actual).length === keys, `${who} state has ${Object.keys(actual).length} keys, expected ${keys}`);
    for (const key in expected) assert(actual[key] === expected[key], `${who} state.${key} is ${String(actual[key])}, expected ${expected[key]}`);
    // The fold must be pure: the snapshot carried by the event is never written to.
    const sent = (events[1] as unknown as { snapshot: Record<string, unknown> }).snapshot;
    assert(Object.keys(sent).length === keys && Object.entries(snapshot).every(([key, value]) => sent[key] === value),
      `${who} mutated the STATE_SNAPSHOT event's object`);
  };
  return {
    name,
    events,
    checkParley(thread) {
      checkThreadBasics(thread, events.length);
      checkState("Parley", thread.state);
    },
    checkSdk(result) {
      checkState("SDK", result.state);
    },
  };
}

/** The same events as an SSE body: `data: <json>\n\n` frames. */
export function toSse(events: readonly BaseEvent[]): string {
  let out = "";
  for (const event of events) out += `data: ${JSON.stringify(event)}\n\n`;
  return out;
}

/** The floor: split the frames and `JSON.parse` each data line. */
export function parseSse(body: string): unknown[] {
  const out: unknown[] = [];
  for (const frame of body.split("\n\n")) {
    if (frame.startsWith("data: ")) out.push(JSON.parse(frame.slice(6)));
  }
  return out;
}
