import { EventType, type BaseEvent, type Message } from "@ag-ui/core";

/**
 * Random *valid* AG-UI streams (they pass the SDK's verifier): several runs of text, tool calls
 * with and without parents and results, reasoning, activity, state snapshots and deltas, chunks,
 * steps, custom/raw events, message snapshots and every run outcome. Used by the parity suite to
 * compare Parley's fold with `@ag-ui/client` on many shapes of stream.
 */
export function randomValidStream(seed: number): BaseEvent[] {
  const rand = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const chance = (p: number) => rand() < p;
  let counter = 0;
  const id = (prefix: string) => `${prefix}-${seed}-${counter++}`;
  const words = ["Hello", " world", "，你好", " 3 ", "`code`", "\n", " émoji 🎉", "**bold**", ""];
  const text = () => pick(words);

  const events: BaseEvent[] = [];
  const assistants: string[] = [];
  const activities: string[] = [];
  const closedToolCalls: string[] = [];
  let state: Record<string, number> = {};
  const threadId = `thread-${seed}`;

  const runs = 1 + Math.floor(rand() * 3);
  for (let r = 0; r < runs; r++) {
    const runId = id("run");
    const started: BaseEvent = { type: EventType.RUN_STARTED, threadId, runId };
    if (chance(0.3)) {
      (started as { input?: unknown }).input = {
        threadId, runId, state: {}, tools: [], context: [],
        messages: [{ id: id("user"), role: "user", content: "from input" }],
      };
    }
    events.push(started);
    const runToolCalls: string[] = [];
    const actions = Math.floor(rand() * 10);
    for (let a = 0; a < actions; a++) {
      switch (Math.floor(rand() * 11)) {
        case 0: case 1: {
          // A text message, sometimes reusing an assistant message a tool call created.
          const messageId = chance(0.2) && assistants.length ? pick(assistants) : id("msg");
          const meta = chance(0.2) ? { metadata: { source: "gen", n: counter } } : {};
          events.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant", ...(chance(0.2) ? { name: "helper" } : {}), ...meta });
          const n = Math.floor(rand() * 5);
          for (let i = 0; i < n; i++) events.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text() });
          events.push({ type: EventType.TEXT_MESSAGE_END, messageId });
          if (!assistants.includes(messageId)) assistants.push(messageId);
          break;
        }
        case 2: case 3: {
          const toolCallId = id("tc");
          const parentMessageId = chance(0.3) ? undefined : chance(0.5) && assistants.length ? pick(assistants) : id("parent");
          events.push({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: pick(["search", "book_train", "send_email"]), ...(parentMessageId ? { parentMessageId } : {}), ...(chance(0.2) ? { metadata: { tag: "t" } } : {}) });
          const json = JSON.stringify({ query: text(), n: counter });
          let at = 0;
          while (at < json.length) {
            const size = 1 + Math.floor(rand() * 6);
            events.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: json.slice(at, at + size) });
            at += size;
          }
          events.push({ type: EventType.TOOL_CALL_END, toolCallId });
          const owner = parentMessageId ?? toolCallId;
          if (!assistants.includes(owner)) assistants.push(owner);
          runToolCalls.push(toolCallId);
          if (chance(0.6)) events.push({ type: EventType.TOOL_CALL_RESULT, messageId: id("result"), toolCallId, content: `result ${counter}`, role: "tool" });
          else closedToolCalls.push(toolCallId);
          break;
        }
        case 4: {
          const span = id("span");
          const messageId = id("reason");
          events.push({ type: EventType.REASONING_START, messageId: span });
          events.push({ type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" });
          events.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: "thinking…" });
          events.push({ type: EventType.REASONING_MESSAGE_END, messageId });
          events.push({ type: EventType.REASONING_END, messageId: span });
          if (chance(0.5)) events.push({ type: EventType.REASONING_ENCRYPTED_VALUE, subtype: "message", entityId: messageId, encryptedValue: "enc" });
          break;
        }
        case 5: {
          if (activities.length && chance(0.5)) {
            const messageId = pick(activities);
            if (chance(0.5)) {
              events.push({ type: EventType.ACTIVITY_DELTA, messageId, activityType: "PLAN", patch: [{ op: "add", path: `/k${counter}`, value: counter }] });
            } else {
              events.push({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: "PLAN", content: { steps: [text()] }, replace: chance(0.7) });
            }
          } else {
            const messageId = id("activity");
            activities.push(messageId);
            events.push({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: "PLAN", content: { steps: ["one", "two"] } });
          }
          break;
        }
        case 6: {
          if (chance(0.3)) {
            state = { a: counter, b: 2 };
            events.push({ type: EventType.STATE_SNAPSHOT, snapshot: { ...state } });
          } else {
            const keys = Object.keys(state);
            const key = `k${counter++}`;
            if (keys.length && chance(0.5)) {
              const target = pick(keys);
              if (chance(0.5)) {
                events.push({ type: EventType.STATE_DELTA, delta: [{ op: "replace", path: `/${target}`, value: counter }] });
                state[target] = counter;
              } else {
                events.push({ type: EventType.STATE_DELTA, delta: [{ op: "remove", path: `/${target}` }] });
                delete state[target];
              }
            } else {
              events.push({ type: EventType.STATE_DELTA, delta: [{ op: "add", path: `/${key}`, value: counter }] });
              state[key] = counter;
            }
          }
          break;
        }
        case 7: {
          // Chunks: a text stream then maybe a tool-call stream; the next event closes them.
          const messageId = id("chunk");
          events.push({ type: EventType.TEXT_MESSAGE_CHUNK, messageId, role: "assistant", delta: text() });
          events.push({ type: EventType.TEXT_MESSAGE_CHUNK, delta: text() });
          assistants.push(messageId);
          if (chance(0.5)) {
            const toolCallId = id("tchunk");
            events.push({ type: EventType.TOOL_CALL_CHUNK, toolCallId, toolCallName: "lookup", parentMessageId: messageId, delta: '{"q":' });
            events.push({ type: EventType.TOOL_CALL_CHUNK, delta: '"x"}' });
            runToolCalls.push(toolCallId);
            closedToolCalls.push(toolCallId);
          }
          events.push({ type: EventType.CUSTOM, name: "after-chunks", value: counter });
          break;
        }
        case 8: {
          const stepName = id("step");
          events.push({ type: EventType.STEP_STARTED, stepName });
          events.push({ type: EventType.STEP_FINISHED, stepName });
          events.push({ type: EventType.RAW, event: { provider: "x" }, source: "gen" });
          break;
        }
        case 9: {
          // A message snapshot that keeps some assistants, rewrites them, and adds a user turn.
          const messages: Message[] = [];
          for (const messageId of assistants) {
            if (chance(0.6)) messages.push({ id: messageId, role: "assistant", content: `snap ${messageId}` });
          }
          messages.push({ id: id("snapuser"), role: "user", content: "snapshot user" });
          assistants.splice(0, assistants.length, ...messages.filter((m) => m.role === "assistant").map((m) => m.id));
          closedToolCalls.length = 0;
          events.push({ type: EventType.MESSAGES_SNAPSHOT, messages });
          break;
        }
        case 10: {
          if (closedToolCalls.length) {
            const toolCallId = closedToolCalls.shift() as string;
            events.push({ type: EventType.TOOL_CALL_RESULT, messageId: id("late"), toolCallId, content: "late result", role: "tool" });
          } else {
            events.push({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: id("solo"), delta: "solo" });
          }
          break;
        }
      }
    }
    const ending = Math.floor(rand() * 5);
    if (ending === 0) events.push({ type: EventType.RUN_ERROR, message: "boom", code: "E1" });
    else if (ending === 1) events.push({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "cancelled" } });
    else if (ending === 2) {
      events.push({
        type: EventType.RUN_FINISHED, threadId, runId,
        outcome: { type: "interrupt", interrupts: [{ id: id("int"), reason: "confirmation", message: "Proceed?" }] },
      });
      // A thread with pending interrupts needs a resume; keep the generated stream simple.
      break;
    } else if (ending === 3) events.push({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" }, result: { ok: true } });
    else events.push({ type: EventType.RUN_FINISHED, threadId, runId });
  }
  return events;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
