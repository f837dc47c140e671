/**
 * The reference agent's scripts: pure functions from a `RunAgentInput` to the AG-UI events it
 * answers with, each with the pause (in ms) to wait before it is sent. No LLM, no I/O, no clock:
 * the HTTP layer (`server.ts`) does the waiting and the writing, so these are unit-testable.
 */
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";

export type ScenarioName = "markdown" | "tool" | "reasoning" | "state" | "error" | "default";

/** One event and how long to wait before sending it. */
export interface TimedEvent {
  delayMs: number;
  event: BaseEvent;
}

export interface ScenarioInfo {
  name: Exclude<ScenarioName, "default">;
  label: string;
  /** The user message that triggers it (the demo's picker sends exactly this). */
  trigger: string;
}

/** The scenarios the picker offers, in order. */
export const SCENARIOS: readonly ScenarioInfo[] = [
  { name: "markdown", label: "Markdown", trigger: "Show me some markdown" },
  { name: "tool", label: "Tool call", trigger: "Find me a train to Lyon (tool)" },
  { name: "reasoning", label: "Reasoning", trigger: "Think it through first (reasoning)" },
  { name: "state", label: "Shared state", trigger: "Update the shared state" },
  { name: "error", label: "Error + retry", trigger: "Fail once, then succeed (error)" },
];

export interface ScenarioOptions {
  /**
   * How many times this exact request (thread + last user message) has been run before, counting
   * this one: 1 on the first run. The `error` scenario fails on attempt 1 and succeeds after.
   */
  attempt?: number;
  /** Multiplies every delay; 0 for tests, 1 for the demo. */
  delayScale?: number;
}

/** The last user message's text (string content, or the text parts of multimodal content). */
export function lastUserText(input: Pick<RunAgentInput, "messages">): string {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role !== "user") continue;
    const content: unknown = message.content;
    if (typeof content === "string") return content;
    if (Array.isArray(content)) {
      return content
        .map((part: unknown) => (part && typeof part === "object" && (part as { type?: unknown }).type === "text" ? String((part as { text?: unknown }).text ?? "") : ""))
        .join(" ");
    }
    return "";
  }
  return "";
}

/** The id of the last user message, if it has one: the key for counting attempts of one request. */
export function lastUserMessageId(input: Pick<RunAgentInput, "messages">): string | undefined {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role === "user") return message.id;
  }
  return undefined;
}

const NAMES: readonly Exclude<ScenarioName, "default">[] = ["markdown", "tool", "reasoning", "state", "error"];

/**
 * Which scenario a run plays: `forwardedProps.scenario` if it names one, otherwise the first
 * scenario name that appears as a word in the last user message, otherwise `default`.
 */
export function pickScenario(input: Pick<RunAgentInput, "messages" | "forwardedProps">): ScenarioName {
  const forwarded: unknown = (input.forwardedProps as { scenario?: unknown } | undefined)?.scenario;
  if (typeof forwarded === "string" && (NAMES as readonly string[]).includes(forwarded)) return forwarded as ScenarioName;
  const text = lastUserText(input).toLowerCase();
  for (const name of NAMES) {
    if (new RegExp(`\\b${name}\\b`).test(text)) return name;
  }
  return "default";
}

/** Splits text into word-sized tokens that keep their whitespace, as a model would stream them. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

/** 10–30 ms, varying but deterministic, so a stream looks alive and tests stay reproducible. */
function tokenDelay(index: number): number {
  return 10 + ((index * 7919) % 21);
}

class Script {
  readonly events: TimedEvent[] = [];
  #tokens = 0;
  #ids = 0;
  constructor(
    readonly input: RunAgentInput,
    readonly scale: number,
  ) {}

  id(kind: string): string {
    return `${this.input.runId}-${kind}-${++this.#ids}`;
  }

  emit(event: BaseEvent, delayMs = 0): this {
    this.events.push({ delayMs: Math.round(delayMs * this.scale), event });
    return this;
  }

  /** A pause with no event of its own: the next event waits longer. */
  pause(ms: number): this {
    this.#pendingPause += ms;
    return this;
  }
  #pendingPause = 0;

  push(event: BaseEvent, delayMs: number): this {
    const total = delayMs + this.#pendingPause;
    this.#pendingPause = 0;
    return this.emit(event, total);
  }

  tokenDelay(): number {
    return tokenDelay(this.#tokens++);
  }

  start(): this {
    return this.push({ type: EventType.RUN_STARTED, threadId: this.input.threadId, runId: this.input.runId } as BaseEvent, 0);
  }

  finish(): this {
    return this.push({ type: EventType.RUN_FINISHED, threadId: this.input.threadId, runId: this.input.runId } as BaseEvent, 5);
  }

  text(body: string): string {
    const messageId = this.id("msg");
    this.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent, 40);
    for (const delta of tokenize(body)) {
      this.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta } as BaseEvent, this.tokenDelay());
    }
    this.push({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent, 5);
    return messageId;
  }
}

export const MARKDOWN_ANSWER = `Here is a quick tour of what **Parley** renders while it streams:

- Lists, with *emphasis* and \`inline code\`
- Links such as [AG-UI](https://docs.ag-ui.com)
- Tables and fenced code blocks

| Train | Departs | Arrives | Price |
| --- | --- | --- | --- |
| TGV 6601 | 07:04 | 09:01 | €39 |
| TGV 6607 | 09:04 | 11:02 | €54 |

\`\`\`ts
const agent = createHttpAgent({ url: "/api/agent" });
store.getState().sendMessage("Book me a train to Lyon");
\`\`\`

That's all for now.`;

export const TRAIN_RESULTS = [
  { train: "TGV 6601", departs: "07:04", arrives: "09:01", price: 39 },
  { train: "TGV 6607", departs: "09:04", arrives: "11:02", price: 54 },
  { train: "TGV 6611", departs: "11:04", arrives: "13:00", price: 47 },
];

export const ERROR_MESSAGE = "The train database is warming up. Please try again.";

function markdown(s: Script): void {
  s.start().text(MARKDOWN_ANSWER);
  s.finish();
}

function tool(s: Script): void {
  s.start();
  const messageId = s.id("msg");
  const toolCallId = s.id("call");
  const args = JSON.stringify({ from: "Paris", to: "Lyon", date: "2025-06-14", passengers: 1 });
  s.push({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "search_trains", parentMessageId: messageId } as BaseEvent, 60);
  // Streamed JSON in small uneven pieces, as a model emits arguments.
  for (let i = 0; i < args.length; ) {
    const size = 3 + (i % 5);
    s.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(i, i + size) } as BaseEvent, s.tokenDelay());
    i += size;
  }
  s.push({ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent, 5);
  s.push(
    { type: EventType.TOOL_CALL_RESULT, messageId: s.id("tool"), toolCallId, content: JSON.stringify({ results: TRAIN_RESULTS }), role: "tool" } as BaseEvent,
    250,
  );
  s.text("I found 3 trains from Paris to Lyon on 14 June. The cheapest is the TGV 6601 at 07:04 for €39.");
  s.finish();
}

function reasoning(s: Script): void {
  s.start();
  const reasoningId = s.id("reasoning");
  s.push({ type: EventType.REASONING_START, messageId: reasoningId } as BaseEvent, 30);
  s.push({ type: EventType.REASONING_MESSAGE_START, messageId: reasoningId, role: "reasoning" } as BaseEvent, 5);
  for (const delta of tokenize("The person wants an answer they can trust. First compare the options, then check the constraints, then answer briefly.")) {
    s.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: reasoningId, delta } as BaseEvent, s.tokenDelay());
  }
  s.push({ type: EventType.REASONING_MESSAGE_END, messageId: reasoningId } as BaseEvent, 5);
  s.push({ type: EventType.REASONING_END, messageId: reasoningId } as BaseEvent, 5);
  s.text("After thinking it through: the 07:04 train is the best choice — cheapest, and it arrives before 09:30.");
  s.finish();
}

function state(s: Script): void {
  s.start();
  s.push({ type: EventType.STATE_SNAPSHOT, snapshot: { trip: { from: "Paris", to: "Lyon" }, passengers: 1, steps: ["search"] } } as BaseEvent, 30);
  s.push(
    {
      type: EventType.STATE_DELTA,
      delta: [
        { op: "replace", path: "/passengers", value: 2 },
        { op: "add", path: "/steps/-", value: "choose" },
        { op: "add", path: "/trip/date", value: "2025-06-14" },
      ],
    } as BaseEvent,
    300,
  );
  s.text("I updated the shared state: 2 passengers, a date, and a new step.");
  s.finish();
}

function error(s: Script, attempt: number): void {
  s.start();
  if (attempt <= 1) {
    const messageId = s.id("msg");
    s.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent, 40);
    for (const delta of tokenize("Let me look that up")) {
      s.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta } as BaseEvent, s.tokenDelay());
    }
    s.push({ type: EventType.RUN_ERROR, message: ERROR_MESSAGE, code: "demo_unavailable" } as BaseEvent, 200);
    return;
  }
  s.text(`Second time lucky: this attempt (#${attempt}) succeeded.`);
  s.finish();
}

function fallback(s: Script): void {
  const said = lastUserText(s.input).trim();
  const echo = said ? `You said: “${said.length > 120 ? `${said.slice(0, 120)}…` : said}”. ` : "";
  s.start().text(
    `${echo}I am Parley's reference agent, with no LLM behind me. Try one of these: ${SCENARIOS.map((x) => `**${x.name}**`).join(", ")}.`,
  );
  s.finish();
}

/**
 * The whole answer to one run, in order, with pauses. Ids are derived from the run id, so the
 * same input gives the same events.
 *
 * @example
 * for (const { delayMs, event } of scenarioEvents(input)) { await sleep(delayMs); write(event); }
 */
export function scenarioEvents(input: RunAgentInput, options: ScenarioOptions = {}): TimedEvent[] {
  const s = new Script(input, options.delayScale ?? 1);
  const name = pickScenario(input);
  switch (name) {
    case "markdown":
      markdown(s);
      break;
    case "tool":
      tool(s);
      break;
    case "reasoning":
      reasoning(s);
      break;
    case "state":
      state(s);
      break;
    case "error":
      error(s, options.attempt ?? 1);
      break;
    default:
      fallback(s);
  }
  return s.events;
}
