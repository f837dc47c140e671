/**
 * The reference agent's scripts: pure functions from a `RunAgentInput` to the AG-UI events it
 * answers with, each with the pause (in ms) to wait before it is sent. No LLM, no I/O, no clock:
 * the HTTP layer (`server.ts`) does the waiting, the writing and the remembering (attempt counts,
 * interrupts left open), and passes the time in, so these are unit-testable.
 *
 * The agent stands in for a foreign back end: it speaks only the wire format (`@ag-ui/core`
 * types), never the kit's code. It asks the person things three ways:
 * - (A) front-end tools the kit declares (`parley_advise`, …): a call left unanswered; the kit
 *   answers with a `role: "tool"` message and runs again (`booking`);
 * - (B) `CUSTOM` events named `parley.interaction` carrying an envelope; the answer comes back in
 *   `forwardedProps.parley.responses` of the next run (`failure`, `notify`);
 * - (C) AG-UI 1.0 interrupts: `RUN_FINISHED { outcome: { type: "interrupt" } }`, answered by the
 *   next run's `resume` (`address`, `approvals`, `delete`).
 */
import { EventType, type BaseEvent, type Interrupt, type ResumeEntry, type RunAgentInput } from "@ag-ui/core";

export type ScenarioName =
  | "markdown"
  | "tool"
  | "reasoning"
  | "state"
  | "error"
  | "booking"
  | "report"
  | "purge"
  | "revoke"
  | "archive"
  | "testmail"
  | "address"
  | "approvals"
  | "delete"
  | "failure"
  | "notify"
  | "flaky"
  | "long"
  | "broken"
  | "suggest"
  | "a2ui"
  | DojoScenario
  | "team"
  | "default";

/** One event and how long to wait before sending it. */
export interface TimedEvent {
  delayMs: number;
  event: BaseEvent;
  /** Written as the frame's data instead of the event: a frame a client cannot read (`broken`). */
  frame?: string;
  /** The server drops the connection before this event, once per run (`flaky`); a resume goes on from here. */
  cut?: boolean;
}

/** Where the demo's scenario menu lists a scenario, in this order. */
export const SCENARIO_GROUPS = ["conversation", "questions", "permissions", "network", "agents", "dojo"] as const;
export type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

export interface ScenarioInfo {
  name: Exclude<ScenarioName, "default">;
  group: ScenarioGroup;
  label: string;
  /** The user message that triggers it (the demo's picker sends exactly this). */
  trigger: string;
}

/** The scenarios the picker offers, in order. */
export const SCENARIOS: readonly ScenarioInfo[] = [
  { name: "markdown", group: "conversation", label: "Markdown", trigger: "Show me some markdown" },
  { name: "tool", group: "conversation", label: "Tool call", trigger: "Find me a train to Lyon (tool)" },
  { name: "reasoning", group: "conversation", label: "Reasoning", trigger: "Think it through first (reasoning)" },
  { name: "state", group: "conversation", label: "Shared state", trigger: "Update the shared state" },
  { name: "error", group: "network", label: "Error + retry", trigger: "Fail once, then succeed (error)" },
  { name: "booking", group: "questions", label: "Booking (advice)", trigger: "Book me a train to Lyon (booking)" },
  { name: "address", group: "questions", label: "Address form", trigger: "I need a delivery (address)" },
  { name: "a2ui", group: "questions", label: "Table booking (A2UI form)", trigger: "Book me a table for dinner (a2ui)" },
  { name: "approvals", group: "questions", label: "Two approvals", trigger: "Charge my card and note it (approvals)" },
  { name: "delete", group: "questions", label: "Delete (approval)", trigger: "Clean up the cache (delete)" },
  { name: "failure", group: "questions", label: "Failed export", trigger: "Export the report (failure)" },
  { name: "notify", group: "questions", label: "Notification", trigger: "Tell me when it's ready (notify)" },
  { name: "report", group: "permissions", label: "Weekly report (permissions)", trigger: "Send the weekly report (report)" },
  { name: "purge", group: "permissions", label: "Delete a file (typed)", trigger: "Remove last year's file (purge)" },
  { name: "revoke", group: "permissions", label: "Revoke a grant", trigger: "Ask me again before reading customers (revoke)" },
  { name: "archive", group: "permissions", label: "Archive 100 mails (batch)", trigger: "Clear out old newsletters (archive)" },
  { name: "testmail", group: "permissions", label: "Test mail (conditional)", trigger: "Send a test mail (testmail)" },
  { name: "flaky", group: "network", label: "Flaky network", trigger: "Answer over a bad connection (flaky)" },
  { name: "broken", group: "network", label: "Broken frame", trigger: "Send me one broken frame (broken)" },
  { name: "long", group: "network", label: "Long reply (reload me)", trigger: "Tell me a long story, I may reload (long)" },
  // AG-UI's dojo (below, DOJO_SCENARIOS); their triggers name no earlier scenario.
  { name: "background", group: "dojo", label: "Dojo: front-end tool", trigger: "Make the background a sunset (background)" },
  { name: "tasks", group: "dojo", label: "Dojo: pick the steps", trigger: "Make a to-do list for a trip to Mars (tasks)" },
  { name: "plan", group: "dojo", label: "Dojo: steps in state", trigger: "Go through a launch checklist (plan)" },
  { name: "haiku", group: "dojo", label: "Dojo: haiku card", trigger: "Write me a haiku about the sea (haiku)" },
  { name: "recipe", group: "dojo", label: "Dojo: shared recipe", trigger: "Improve my recipe (recipe)" },
  { name: "document", group: "dojo", label: "Dojo: predictive document", trigger: "Draft a short story (document)" },
  { name: "suggest", group: "conversation", label: "Quick replies", trigger: "Where should I go this weekend? (suggest)" },
  { name: "team", group: "agents", label: "Two agents, one report (panels)", trigger: "Let the sales and mail agents do this week's numbers (team)" },
];

export interface ScenarioOptions {
  /**
   * How many times this exact request (thread + last user message) has been run before, counting
   * this one: 1 on the first run. The `error` scenario fails on attempt 1 and succeeds after.
   */
  attempt?: number;
  /** Multiplies every delay; 0 for tests, 1 for the demo. */
  delayScale?: number;
  /**
   * The time (ms since the epoch) the run happens at: envelope timestamps, interrupt deadlines and
   * the expiry check use it. The server passes `Date.now()`; the default is the fixed `DEFAULT_NOW`
   * so the functions stay pure.
   */
  now?: number;
  /** The interrupts an earlier run left open on this thread, as the server remembers them. */
  open?: OpenInterrupts;
}

/** The fixed instant used when no `now` is given (14 June 2025, 08:00 UTC, the demo's travel day). */
export const DEFAULT_NOW = Date.UTC(2025, 5, 14, 8, 0, 0);

/** The scenarios that end a run with interrupts, and so have something to resume. */
export type InterruptScenario = "address" | "approvals" | "delete";

/** What a thread is waiting for: the interrupts one run left open, and which scenario asked. */
export interface OpenInterrupts {
  scenario: InterruptScenario;
  /** The run whose `RUN_FINISHED` carried them. */
  runId: string;
  interrupts: Interrupt[];
}

/**
 * How a run is recognised, from its input alone (never from the last user text when it continues
 * an earlier question): `resume` answers interrupts (or the thread has some open), `tool-result`
 * ends with the answer to a tool call, `responses` carries `forwardedProps.parley.responses`,
 * anything else is `new` and plays the scenario its text names.
 */
export type RunKind = "new" | "resume" | "tool-result" | "responses";

export interface RunDescription {
  kind: RunKind;
  /** The scenario played (new) or continued; `default` when the continuation is not one of ours. */
  scenario: ScenarioName;
}

/** One run, planned: what to send, and what the thread is left waiting for once it is all sent. */
export interface RunPlan extends RunDescription {
  events: TimedEvent[];
  /**
   * The thread's open interrupts after this run: new ones when it ends in an interrupt outcome,
   * the same ones when it refuses the request (`RUN_ERROR`), none when it finishes otherwise.
   */
  open: OpenInterrupts | undefined;
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
        .map((part: unknown) => (part && typeof part === "object" && (part as { type?: unknown }).type === "text" ? textPart((part as { text?: unknown }).text) : ""))
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

const NAMES: readonly Exclude<ScenarioName, "default">[] = SCENARIOS.map((s) => s.name);

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
    /** The run's time (ms since the epoch), injected: never read from a clock here. */
    readonly now: number,
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
    return this.push({ type: EventType.RUN_STARTED, threadId: this.input.threadId, runId: this.input.runId }, 0);
  }

  /** `RUN_FINISHED`, with an outcome when the run ends waiting (interrupts, tool calls to answer). */
  finish(outcome?: Record<string, unknown>): this {
    const event = { type: EventType.RUN_FINISHED, threadId: this.input.threadId, runId: this.input.runId, ...(outcome ? { outcome } : {}) };
    return this.push(event, 5);
  }

  /** `RUN_ERROR` with a code; as the only event when the request is refused before a run starts. */
  fail(code: string, message: string, delayMs = 0): this {
    return this.push({ type: EventType.RUN_ERROR, message, code }, delayMs);
  }

  /** A tool call with its arguments streamed as JSON in small uneven pieces, as a model emits them. */
  /** `by`: the sub-agent run that makes the call (every event of it says so). */
  toolCall(name: string, args: unknown, parentMessageId?: string, by?: string): string {
    const toolCallId = this.id("call");
    const json = JSON.stringify(args);
    const owner = by ? { subagentRunId: by } : {};
    this.push({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name, ...(parentMessageId ? { parentMessageId } : {}), ...owner }, 60);
    for (let i = 0; i < json.length; ) {
      const size = 3 + (i % 5);
      this.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: json.slice(i, i + size), ...owner }, this.tokenDelay());
      i += size;
    }
    this.push({ type: EventType.TOOL_CALL_END, toolCallId, ...owner }, 5);
    return toolCallId;
  }

  /** `TOOL_CALL_RESULT`: the tool message answering a call, its content a JSON string. */
  toolResult(toolCallId: string, content: unknown, delayMs = 250): this {
    return this.push(
      { type: EventType.TOOL_CALL_RESULT, messageId: this.id("tool"), toolCallId, content: JSON.stringify(content), role: "tool" },
      delayMs,
    );
  }

  /** A `CUSTOM parley.interaction` event carrying one envelope. */
  interaction(envelope: InteractionEnvelope): this {
    return this.push({ type: EventType.CUSTOM, name: PARLEY_INTERACTION, value: envelope }, 60);
  }

  /** `by`: the sub-agent run that writes it (every event of the message says so). */
  text(body: string, by?: string): string {
    const messageId = this.id("msg");
    const owner = by ? { subagentRunId: by } : {};
    this.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant", ...owner }, 40);
    for (const delta of tokenize(body)) {
      this.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta, ...owner }, this.tokenDelay());
    }
    this.push({ type: EventType.TEXT_MESSAGE_END, messageId, ...owner }, 5);
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
  const toolCallId = s.toolCall("search_trains", { from: "Paris", to: "Lyon", date: "2025-06-14", passengers: 1 }, messageId);
  s.toolResult(toolCallId, { results: TRAIN_RESULTS });
  s.text("I found 3 trains from Paris to Lyon on 14 June. The cheapest is the TGV 6601 at 07:04 for €39.");
  s.finish();
}

function reasoning(s: Script): void {
  s.start();
  const reasoningId = s.id("reasoning");
  s.push({ type: EventType.REASONING_START, messageId: reasoningId }, 30);
  s.push({ type: EventType.REASONING_MESSAGE_START, messageId: reasoningId, role: "reasoning" }, 5);
  for (const delta of tokenize("The person wants an answer they can trust. First compare the options, then check the constraints, then answer briefly.")) {
    s.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: reasoningId, delta }, s.tokenDelay());
  }
  s.push({ type: EventType.REASONING_MESSAGE_END, messageId: reasoningId }, 5);
  s.push({ type: EventType.REASONING_END, messageId: reasoningId }, 5);
  s.text("After thinking it through: the 07:04 train is the best choice — cheapest, and it arrives before 09:30.");
  s.finish();
}

function state(s: Script): void {
  s.start();
  s.push({ type: EventType.STATE_SNAPSHOT, snapshot: { trip: { from: "Paris", to: "Lyon" }, passengers: 1, steps: ["search"] } }, 30);
  s.push(
    {
      type: EventType.STATE_DELTA,
      delta: [
        { op: "replace", path: "/passengers", value: 2 },
        { op: "add", path: "/steps/-", value: "choose" },
        { op: "add", path: "/trip/date", value: "2025-06-14" },
      ],
    },
    300,
  );
  s.text("I updated the shared state: 2 passengers, a date, and a new step.");
  s.finish();
}

function error(s: Script, attempt: number): void {
  s.start();
  if (attempt <= 1) {
    const messageId = s.id("msg");
    s.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" }, 40);
    for (const delta of tokenize("Let me look that up")) {
      s.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta }, s.tokenDelay());
    }
    s.push({ type: EventType.RUN_ERROR, message: ERROR_MESSAGE, code: "demo_unavailable" }, 200);
    return;
  }
  s.text(`Second time lucky: this attempt (#${attempt}) succeeded.`);
  s.finish();
}

export const FLAKY_ANSWER =
  "This answer streams over a flaky network. Halfway through, the server cuts the connection; the client waits a moment, asks again with the last event id it saw, and the rest of the answer arrives exactly once.";

/** A plain answer whose connection the server cuts once, halfway through the text. */
function flaky(s: Script): void {
  s.start();
  const from = s.events.length;
  s.text(FLAKY_ANSWER);
  s.events[from + Math.floor((s.events.length - from) / 2)]!.cut = true;
  s.finish();
}

export const LONG_ANSWER = [
  "This reply is long on purpose: reload the page, or close the tab and open it again, while it streams.",
  "The server keeps going when the page goes away, and it keeps the frames it has sent for a few minutes, each numbered.",
  "The page kept the conversation, and with it where this reply had got to: the run it belongs to and the number of the last frame it had read.",
  "Back again, the page does not ask the agent to answer a second time. It asks the server for the frames after that number, and the reply goes on from the word it stopped at.",
  "Nothing is said twice, and nothing is lost: the words before the reload were already on the page, the words after it come from the same run.",
  "When the server no longer has the run, because it was restarted or too much time went by, the page says honestly that the reload cut the reply short, and offers to try again.",
  "That is all there is to it. Thank you for reading to the end.",
].join("\n\n");

/** A plain answer long enough (about eight seconds) to reload in the middle of. */
function long(s: Script): void {
  s.start();
  const messageId = s.id("msg");
  s.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" }, 40);
  // Slower than the other answers (a reader's pace), so there is time to reload in the middle.
  for (const delta of tokenize(LONG_ANSWER)) s.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta }, 10 + 2 * s.tokenDelay());
  s.push({ type: EventType.TEXT_MESSAGE_END, messageId }, 5);
  s.finish();
}

export const BROKEN_ANSWER = "One frame of this answer was not JSON. The client recorded it as a protocol error, skipped it, and kept reading.";
/** What the `broken` scenario writes as one frame's data: not JSON, and hostile if shown as HTML. */
export const BROKEN_FRAME = `{"type":"TEXT_MESSAGE_CONTENT", <img src=x onerror="window.__parleyPwned=1"> oops`;

/** A plain answer with one frame that is not JSON in the middle of the text. */
function broken(s: Script): void {
  s.start();
  const from = s.events.length;
  s.text(BROKEN_ANSWER);
  const at = from + Math.floor((s.events.length - from) / 2);
  s.events.splice(at, 0, { delayMs: 20 * s.scale, event: { type: EventType.RAW, source: "demo", event: "a frame that is not JSON" }, frame: BROKEN_FRAME });
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

// ————————————————————————————————————————————————————————————————————————————————————————————
// Asking the person. The wire shapes below are the kit's contract; the agent only speaks them.

/** The `CUSTOM` event name whose `value` is an interaction envelope. */
export const PARLEY_INTERACTION = "parley.interaction";

export type InteractionType = "notification" | "advice" | "permission_request" | "input_request" | "error";

/** What a `CUSTOM parley.interaction` event carries as its `value`. */
export interface InteractionEnvelope {
  messageId: string;
  messageType: InteractionType;
  /** When it was sent, in ms since the epoch. */
  timestamp: number;
  allowInterrupt: boolean;
  context: { sessionId?: string; relatedSkill?: string };
  /** As the arguments of the matching `parley_*` tool: `content`, `options`, `schema`, `actions`, … */
  payload: Record<string, unknown>;
  timeoutMs?: number;
  /** ISO 8601. */
  expiresAt?: string;
}

/** One answer to an envelope, in `forwardedProps.parley.responses` of the next run. */
export interface InteractionResponse {
  messageId: string;
  messageType: string;
  status: "answered" | "declined" | "timed_out";
  response?: unknown;
  /** ISO 8601. */
  at: string;
  /** How the person answered (a click, a typed number, …). */
  how: string;
}

/** The front-end tools the kit declares in `RunAgentInput.tools`; the agent calls them by name. */
export const PARLEY_TOOLS = ["parley_advise", "parley_notify", "parley_request_permission", "parley_request_input", "parley_report_error"] as const;

/** The `booking` scenario's options (`parley_advise` arguments). */
export const DEPARTURES = [
  { id: "dep-0805", label: "08:05 — arrives 10:02" },
  { id: "dep-1240", label: "12:40 — arrives 14:39" },
  { id: "dep-1840", label: "18:40 — arrives 20:41" },
] as const;

/** How long the `address` interrupt stays answerable unless `forwardedProps.expiresInMs` says otherwise. */
export const ADDRESS_TTL_MS = 90_000;

/** The `address` interrupt's `responseSchema`. */
export const ADDRESS_SCHEMA = {
  type: "object",
  title: "Delivery address",
  properties: {
    street: { type: "string", title: "Street", minLength: 1 },
    city: { type: "string", title: "City", minLength: 1 },
    postcode: { type: "string", title: "Postcode", pattern: "^[0-9]{5}$" },
    country: { type: "string", title: "Country", enum: ["FR", "DE", "CN"] },
    note: { type: "string", title: "Note for the courier" },
  },
  required: ["street", "city", "postcode"],
};

/** The `approvals` scenario's second interrupt: one optional string. */
export const COURIER_NOTE_SCHEMA = {
  type: "object",
  properties: { note: { type: "string", title: "Note for the courier", maxLength: 200 } },
};

/** A yes/no confirmation's `responseSchema`. */
export const CONFIRMATION_SCHEMA = {
  type: "object",
  properties: { approved: { type: "boolean" } },
  required: ["approved"],
};

/** A tool-call approval's `responseSchema` (approve, decline, or approve with edited arguments). */
export const TOOL_APPROVAL_SCHEMA = {
  type: "object",
  properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } },
  required: ["approved"],
};

export const CACHE_PATH = "/tmp/cache";

/** The `failure` scenario's `error` envelope payload. */
export const EXPORT_ERROR = {
  content: "The export failed: the storage quota is full.",
  code: "quota-exceeded",
  actions: ["retry", "undo", "report"],
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A text part's text; anything else in its place reads as nothing, not "[object Object]". */
function textPart(text: unknown): string {
  return typeof text === "string" ? text : "";
}

/** String content, or the text parts of content parts. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: unknown) => (isRecord(part) && part.type === "text" ? textPart(part.text) : "")).join(" ");
}

function list(ids: readonly string[]): string {
  return ids.map((id) => `"${id}"`).join(", ");
}

/** `forwardedProps.expiresInMs` when it is a usable duration, else `fallbackMs` (maybe none). */
function deadline(s: Script, fallbackMs?: number): { expiresAt?: string } {
  const given: unknown = isRecord(s.input.forwardedProps) ? s.input.forwardedProps.expiresInMs : undefined;
  const ms = typeof given === "number" && Number.isFinite(given) && given >= 0 ? given : fallbackMs;
  return ms === undefined ? {} : { expiresAt: new Date(s.now + ms).toISOString() };
}

/** Expired at `now`: a deadline that has passed (one that does not parse never expires). */
export function isExpired(interrupt: Pick<Interrupt, "expiresAt">, now: number): boolean {
  if (typeof interrupt.expiresAt !== "string") return false;
  const at = Date.parse(interrupt.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** Ends the run with an interrupt outcome and returns what the thread now waits for. */
function interrupt(s: Script, scenario: InterruptScenario, interrupts: Interrupt[]): OpenInterrupts {
  s.finish({ type: "interrupt", interrupts });
  return { scenario, runId: s.input.runId, interrupts };
}

// (A) A front-end tool: `parley_advise`, left for the kit to answer.

function booking(s: Script): void {
  s.start();
  const messageId = s.text("Here are today's departures to Lyon:");
  const toolCallId = s.toolCall("parley_advise", { content: "Which departure?", options: DEPARTURES, allowFreeText: true }, messageId);
  // Unanswered on purpose: the kit answers with a `role: "tool"` message and starts the next run.
  s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
}

/** The tool call the input's last message answers, when its last message is a tool result. */
interface AnsweredCall {
  toolCallId: string;
  /** The called tool's name, from the assistant message that made the call (if the input has it). */
  name: string | undefined;
  args: unknown;
  /** The tool message's content as text (the kit's answers are JSON strings). */
  content: string;
}

function answeredCall(input: Pick<RunAgentInput, "messages">): AnsweredCall | undefined {
  const last: unknown = input.messages[input.messages.length - 1];
  if (!isRecord(last) || last.role !== "tool" || typeof last.toolCallId !== "string") return undefined;
  const toolCallId = last.toolCallId;
  let name: string | undefined;
  let args: unknown;
  for (const message of input.messages as unknown[]) {
    if (!isRecord(message) || message.role !== "assistant" || !Array.isArray(message.toolCalls)) continue;
    for (const call of message.toolCalls as unknown[]) {
      if (!isRecord(call) || call.id !== toolCallId || !isRecord(call.function)) continue;
      name = typeof call.function.name === "string" ? call.function.name : undefined;
      args = parseJson(call.function.arguments);
    }
  }
  return { toolCallId, name, args, content: textOf(last.content) };
}

/** A `parley_advise` call of ours: its options are departures. */
function isBookingCall(call: AnsweredCall): boolean {
  return (
    call.name === "parley_advise" &&
    isRecord(call.args) &&
    Array.isArray(call.args.options) &&
    call.args.options.some((o: unknown) => isRecord(o) && typeof o.id === "string" && o.id.startsWith("dep-"))
  );
}

const booked = (label: string) => `Booked the ${label.split(" — ")[0]} to Lyon. Seat 42, coach 7.`;
export const NOTHING_BOOKED = "No problem, nothing was booked.";

/**
 * The answer to the `booking` question: `content` of the kit's tool message (a JSON string) and
 * the call's arguments (for the option labels).
 */
export function bookingReply(content: string, args?: unknown): string {
  const options: { id: string; label: string }[] = (
    isRecord(args) && Array.isArray(args.options) ? (args.options as unknown[]) : [...DEPARTURES]
  ).filter((o): o is { id: string; label: string } => isRecord(o) && typeof o.id === "string" && typeof o.label === "string");
  const answer = parseJson(content);
  if (!isRecord(answer)) return "I could not read that answer, so nothing was booked.";
  if (answer.status === "declined" || answer.status === "timed_out") return NOTHING_BOOKED;
  const response = isRecord(answer.response) ? answer.response : {};
  if (answer.status !== "answered") return "I could not read that answer, so nothing was booked.";
  switch (response.action) {
    case "choose": {
      const ids = Array.isArray(response.optionIds) ? response.optionIds : [];
      const chosen = ids.map((id) => options.find((o) => o.id === id)).find((o) => o !== undefined);
      return chosen ? booked(chosen.label) : "That is not one of the departures I offered, so nothing was booked.";
    }
    case "accept":
      return "You accepted without picking a departure, so nothing is booked yet.";
    case "reject":
      return NOTHING_BOOKED;
    case "text": {
      const text = typeof response.text === "string" ? response.text.trim() : "";
      const evening = options.find((o) => o.id === "dep-1840") ?? options[options.length - 1];
      if (evening && /evening|傍晚/i.test(text)) return `The evening one, then: ${booked(evening.label).replace(/^B/, "b")}`;
      return `Noted: “${text.length > 120 ? `${text.slice(0, 120)}…` : text}”. Nothing is booked yet; ask me for the departures again when you're ready.`;
    }
    default:
      return "I could not read that answer, so nothing was booked.";
  }
}

/** The run after a tool result: the booking answer, or an acknowledgement of any other tool. */
// Permissions (issue 7): the weekly report of seed 001 — read customer data (privacy), then mail the
// report (irreversible); a file deleted behind typed confirmation; the agent revoking a grant.

const MANAGERS = ["north@example.com", "south@example.com", "east@example.com", "west@example.com"];

function report(s: Script): void {
  s.start();
  const messageId = s.text("To build the weekly report I need the customer data.");
  const toolCallId = s.toolCall(
    "parley_request_permission",
    { operation: "read_customers", summary: "Read customers.xlsx (names, emails, regions)", categories: ["privacy"], details: { file: "customers.xlsx" } },
    messageId,
  );
  s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
}

function purge(s: Script): void {
  s.start();
  const messageId = s.text("The 2024 report is superseded.");
  const toolCallId = s.toolCall(
    "parley_request_permission",
    { operation: "delete_file", summary: "Delete report_2024_final.pdf for good", categories: ["destructive", "irreversible"], confirmText: "report_2024_final.pdf", details: { path: "/reports/report_2024_final.pdf" } },
    messageId,
  );
  s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
}

/** One approval for 100 operations of one kind: the request offers a batch grant. */
function archive(s: Script): void {
  s.start();
  const messageId = s.text("I found 100 newsletters older than a year.");
  const toolCallId = s.toolCall(
    "parley_request_permission",
    { operation: "archive_mail", summary: "Archive 100 newsletters older than a year", categories: [], scopes: ["once", "batch"], details: { count: 100, folder: "Newsletters" } },
    messageId,
  );
  s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
}

/**
 * A mail to the test inbox: the app's policy lets the person allow mail "only in test mode", so a
 * second test mail needs no prompt while the app stays in test mode — and asks again once it is not.
 */
function testmail(s: Script): void {
  s.start();
  const messageId = s.text("I'll send the draft to the test inbox first.");
  const toolCallId = s.toolCall(
    "parley_request_permission",
    { operation: "send_mail", summary: "Mail the draft report to test-inbox@example.com", categories: ["irreversible"], details: { to: ["test-inbox@example.com"], subject: "Weekly report (test)" } },
    messageId,
  );
  s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
}

function revoke(s: Script): void {
  s.start();
  const messageId = s.text("Understood — I will ask before reading customer data again.");
  const toolCallId = s.toolCall("parley_revoke_grant", { operation: "read_customers", reason: "The person asked to be asked again." }, messageId);
  s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
}

/** The scope words of the kit's live-grants context entry (src/core/policy/context.ts), in either language. */
const SCOPE_WORDS: Record<string, readonly string[]> = { conditional: ["scope: conditional", "范围：条件授权"], batch: ["scope: batch", "范围：批量"] };

/** Whether the run's context (the kit's live-grants entry) lists a live grant of `scope` for `operation`. */
function liveGrant(input: Pick<RunAgentInput, "context">, operation: string, scope: "conditional" | "batch"): boolean {
  const entry = input.context.find((c) => c.description === "Parley: permissions the person has granted" || c.description === "Parley：用户已授予的权限");
  return entry !== undefined && entry.value.split("\n").some((line) => line.includes(`"${operation}"`) && SCOPE_WORDS[scope]!.some((words) => line.includes(words)));
}

/** The answer to one of the permission scenarios' tool calls, or undefined when it is not one. */
function permissionAnswer(s: Script, call: AnsweredCall): boolean {
  const args = isRecord(call.args) ? call.args : {};
  const answer = parseJson(call.content);
  const approved = isRecord(answer) && answer.status === "answered" && isRecord(answer.response) && answer.response.approved === true;
  if (call.name === "parley_revoke_grant") {
    s.text(isRecord(answer) && answer.status === "revoked" ? "Done: that permission is gone, so I will ask next time." : "There was no such permission to revoke.");
    s.finish();
    return true;
  }
  if (call.name !== "parley_request_permission") return false;
  switch (args.operation) {
    case "read_customers": {
      if (!approved) {
        s.text("Without the customer data there is no report.");
        s.finish();
        return true;
      }
      const messageId = s.text("Read 412 customers. The report is ready; mailing it needs your go-ahead.");
      const toolCallId = s.toolCall(
        "parley_request_permission",
        { operation: "send_mail", summary: `Mail the weekly report to ${MANAGERS.length} regional managers`, categories: ["irreversible"], details: { to: MANAGERS, subject: "Weekly report", body: "Attached: this week's report by region." } },
        messageId,
      );
      s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
      return true;
    }
    case "send_mail": {
      const toTest = isRecord(args.details) && Array.isArray(args.details.to) && args.details.to.includes("test-inbox@example.com");
      // How far the approval reached is not in the answer (the kit keeps its bookkeeping out of it):
      // the run's context lists the person's live grants.
      const how = liveGrant(s.input, "send_mail", "conditional") ? " You allowed test mail for now, so the next one will not ask." : "";
      if (toTest) s.text(approved ? `Sent to the test inbox.${how}` : "Not sent.");
      else s.text(approved ? `Sent to ${MANAGERS.length} regional managers.` : "Not sent; the report stays a draft.");
      s.finish();
      return true;
    }
    case "archive_mail": {
      s.text(!approved ? "Left the newsletters where they are." : liveGrant(s.input, "archive_mail", "batch") ? "Archived 100 newsletters with one approval." : "Archived the first newsletter; I would ask for each of the others.");
      s.finish();
      return true;
    }
    case "delete_file":
      s.text(approved ? "Deleted report_2024_final.pdf." : "Kept report_2024_final.pdf.");
      s.finish();
      return true;
    default:
      return false;
  }
}

function toolResultRun(s: Script, call: AnsweredCall): void {
  s.start();
  if (permissionAnswer(s, call) || dojoAnswer(s, call)) return;
  if (isBookingCall(call)) {
    s.text(bookingReply(call.content, call.args));
  } else {
    const answer = parseJson(call.content);
    const status = isRecord(answer) && typeof answer.status === "string" ? answer.status : undefined;
    const what = call.name ? `\`${call.name}\`` : "the tool call";
    s.text(call.name?.startsWith("parley_") && status ? `Thanks — your answer to ${what} arrived (${status}).` : `Got the result of ${what}.`);
  }
  s.finish();
}

// (B) Envelopes in `CUSTOM parley.interaction`, answered in `forwardedProps.parley.responses`.

function failure(s: Script): void {
  s.start().text("Exporting the weekly report…");
  s.interaction({
    messageId: s.id("ask"),
    messageType: "error",
    timestamp: s.now,
    allowInterrupt: true,
    context: { sessionId: s.input.threadId, relatedSkill: "export_report" },
    payload: { ...EXPORT_ERROR, actions: [...EXPORT_ERROR.actions] },
  });
  s.finish();
}

function notify(s: Script): void {
  s.start();
  s.interaction({
    messageId: s.id("ask"),
    messageType: "notification",
    timestamp: s.now,
    allowInterrupt: true,
    context: { sessionId: s.input.threadId, relatedSkill: "weekly_report" },
    payload: { content: "Your weekly report is ready.", level: "success" },
  });
  s.text("That notice needs no answer; I'll post one like it whenever a report is ready.");
  s.finish();
}

/** `forwardedProps.parley.responses`, keeping only well-formed entries. */
export function parleyResponses(input: Pick<RunAgentInput, "forwardedProps">): InteractionResponse[] {
  const parley: unknown = isRecord(input.forwardedProps) ? input.forwardedProps.parley : undefined;
  const responses: unknown = isRecord(parley) ? parley.responses : undefined;
  if (!Array.isArray(responses)) return [];
  return responses.filter(
    (r): r is InteractionResponse =>
      isRecord(r) &&
      typeof r.messageId === "string" &&
      typeof r.messageType === "string" &&
      (r.status === "answered" || r.status === "declined" || r.status === "timed_out"),
  );
}

/** The answer to the `failure` scenario's error envelope. */
export function failureReply(response: Pick<InteractionResponse, "status" | "response">): string {
  if (response.status === "declined") return "Understood: I left the export as it is; it has not run.";
  if (response.status === "timed_out") return "No answer came, so I left the export as it is; it has not run.";
  const action = isRecord(response.response) ? response.response.action : undefined;
  switch (action) {
    case "retry":
      return "Retried: the export worked this time.";
    case "undo":
      return "Undone: the draft is back as it was.";
    case "report":
      return "Reported. Reference #PL-1042.";
    default:
      return "I could not tell retry, undo or report from that answer; the export is still stopped.";
  }
}

function responsesRun(s: Script, responses: InteractionResponse[]): void {
  s.start();
  const replies = responses.map((r) =>
    r.messageType === "error"
      ? failureReply(r)
      : r.messageType === "notification"
        ? "Noted."
        : `Thanks — your answer to ${r.messageType} "${r.messageId}" arrived (${r.status}).`,
  );
  s.text(replies.join("\n\n"));
  s.finish();
}

// (C) AG-UI 1.0 interrupts, answered by the next run's `resume`.

function address(s: Script): OpenInterrupts {
  s.start().text("I can arrange a delivery; I only need the address.");
  return interrupt(s, "address", [
    {
      id: s.id("int"),
      reason: "input_required",
      message: "Where should we deliver?",
      responseSchema: ADDRESS_SCHEMA,
      ...deadline(s, ADDRESS_TTL_MS),
    },
  ]);
}

function approvals(s: Script): OpenInterrupts {
  s.start().text("Two things before I go ahead:");
  const expiry = deadline(s);
  return interrupt(s, "approvals", [
    {
      id: s.id("int"),
      reason: "confirmation",
      message: "Charge €42.00 to the card ending 4242?",
      responseSchema: CONFIRMATION_SCHEMA,
      metadata: { categories: ["money"] },
      ...expiry,
    },
    { id: s.id("int"), reason: "input_required", message: "Anything to tell the courier?", responseSchema: COURIER_NOTE_SCHEMA, ...expiry },
  ]);
}

function deleteFiles(s: Script): OpenInterrupts {
  s.start();
  const toolCallId = s.toolCall("delete_files", { paths: [CACHE_PATH] }, s.id("msg"));
  return interrupt(s, "delete", [
    {
      id: s.id("int"),
      reason: "tool_call",
      toolCallId,
      message: `Approve deleting ${CACHE_PATH}?`,
      responseSchema: TOOL_APPROVAL_SCHEMA,
      metadata: { categories: ["destructive"] },
      ...deadline(s),
    },
  ]);
}

function isResumeEntry(entry: unknown): entry is ResumeEntry {
  return isRecord(entry) && typeof entry.interruptId === "string" && (entry.status === "resolved" || entry.status === "cancelled");
}

/** A resolved `{ approved: true }`; anything else (declined, cancelled, malformed) is a no. */
function approved(entry: ResumeEntry | undefined): boolean {
  return entry?.status === "resolved" && isRecord(entry.payload) && entry.payload.approved === true;
}

function addressAnswer(s: Script, entry: ResumeEntry | undefined): void {
  if (entry?.status !== "resolved") {
    s.text("No address, no delivery; ask again when you're ready.");
    return;
  }
  const values = isRecord(entry.payload) ? entry.payload : {};
  const field = (name: string) => (typeof values[name] === "string" ? values[name].trim() : "");
  const missing = ["street", "city", "postcode"].filter((name) => !field(name));
  s.text(
    missing.length > 0
      ? `That address has no ${missing.join(", ")}, so nothing was arranged; ask again when you have it.`
      : `Thanks — delivering to ${field("street")}, ${field("postcode")} ${field("city")}.`,
  );
}

function approvalsAnswer(s: Script, open: OpenInterrupts, byId: Map<string, ResumeEntry>): void {
  const charge = byId.get(open.interrupts.find((i) => i.reason === "confirmation")?.id ?? "");
  const note = byId.get(open.interrupts.find((i) => i.reason === "input_required")?.id ?? "");
  const charged = approved(charge)
    ? "Charged €42.00 to the card ending 4242."
    : charge?.status === "resolved"
      ? "You declined, so nothing was charged."
      : "No answer on the charge, so nothing was charged.";
  const text = note?.status === "resolved" && isRecord(note.payload) && typeof note.payload.note === "string" ? note.payload.note.trim() : "";
  const courier = text ? `I'll tell the courier: “${text.length > 200 ? `${text.slice(0, 200)}…` : text}”.` : "No note for the courier.";
  s.text(`${charged} ${courier}`);
}

function deleteAnswer(s: Script, open: OpenInterrupts, byId: Map<string, ResumeEntry>): void {
  const asked = open.interrupts[0];
  const entry = byId.get(asked?.id ?? "");
  const toolCallId = asked?.toolCallId ?? "";
  if (!approved(entry)) {
    s.toolResult(toolCallId, { deleted: [], declined: true }, 30);
    s.text(`Left ${CACHE_PATH} alone.`);
    return;
  }
  // Approve-with-edits replaces the arguments whole; without edits the call runs as asked.
  const edited: unknown = isRecord(entry?.payload) ? entry.payload.editedArgs : undefined;
  let paths: string[] = [CACHE_PATH];
  if (edited !== undefined) {
    const given: unknown = isRecord(edited) ? edited.paths : undefined;
    if (!Array.isArray(given) || given.length === 0 || !given.every((p) => typeof p === "string" && p.length > 0)) {
      s.toolResult(toolCallId, { deleted: [], error: "editedArgs.paths must be a non-empty list of paths" }, 30);
      s.text(`The edited arguments had no list of paths, so I left ${CACHE_PATH} alone.`);
      return;
    }
    paths = given as string[];
  }
  s.toolResult(toolCallId, { deleted: paths });
  s.text(`Deleted ${paths.join(", ")}.`);
}

/**
 * A run on a thread with interrupts open, or one that carries `resume`: refused with a lone
 * `RUN_ERROR` (no `RUN_STARTED`: the run never starts, and the interrupts stay open) unless its
 * resume entries cover every open interrupt, name no other, and answer an expired one only with
 * `cancelled`; otherwise the continuation of the scenario that asked.
 */
function resumeRun(s: Script, open: OpenInterrupts | undefined): OpenInterrupts | undefined {
  const refuse = (code: string, message: string) => {
    s.fail(code, message);
    return open;
  };
  const entries: unknown = s.input.resume ?? [];
  if (!Array.isArray(entries) || !entries.every(isResumeEntry)) {
    return refuse("resume-invalid", 'Each resume entry needs an interruptId and a status of "resolved" or "cancelled".');
  }
  const ids = entries.map((e) => e.interruptId);
  if (new Set(ids).size !== ids.length) return refuse("resume-invalid", "Two resume entries answer the same interrupt.");
  if (!open || open.interrupts.length === 0) {
    return refuse("interrupt-unknown", `Nothing on this thread is waiting for an answer (resume named ${list(ids)}).`);
  }
  const byId = new Map(entries.map((e) => [e.interruptId, e]));
  const missing = open.interrupts.filter((i) => !byId.has(i.id)).map((i) => i.id);
  if (missing.length > 0) {
    return refuse(
      "interrupt-not-resumed",
      `This thread is waiting for ${missing.length === 1 ? "an answer" : "answers"} to interrupt ${list(missing)}; the next run must resume every open interrupt.`,
    );
  }
  const unknown = ids.filter((id) => !open.interrupts.some((i) => i.id === id));
  if (unknown.length > 0) return refuse("interrupt-unknown", `No open interrupt is called ${list(unknown)}.`);
  const expired = open.interrupts.find((i) => isExpired(i, s.now) && byId.get(i.id)?.status !== "cancelled");
  if (expired) {
    return refuse("interrupt-expired", `Interrupt "${expired.id}" expired at ${expired.expiresAt}; it can only be cancelled now.`);
  }

  s.start();
  switch (open.scenario) {
    case "address":
      addressAnswer(s, byId.get(open.interrupts[0]?.id ?? ""));
      break;
    case "approvals":
      approvalsAnswer(s, open, byId);
      break;
    case "delete":
      deleteAnswer(s, open, byId);
      break;
  }
  s.finish();
  return undefined;
}

// ————————————————————————————————————————————————————————————————————————————————————————————

/**
 * What a run is, from its input (and the interrupts its thread has open): a continuation is
 * recognised by `resume`, a trailing tool result or `forwardedProps.parley.responses`, in that
 * order, and never replays the scenario named by an earlier user message.
 *
 * @example
 * describeRun({ ...input, resume: [{ interruptId: "r1-int-2", status: "cancelled" }] }, open); // { kind: "resume", scenario: "address" }
 */
export function describeRun(input: Pick<RunAgentInput, "messages" | "forwardedProps" | "resume">, open?: OpenInterrupts): RunDescription {
  const resuming = Array.isArray(input.resume) ? input.resume.length > 0 : input.resume !== undefined && input.resume !== null;
  if ((open && open.interrupts.length > 0) || resuming) return { kind: "resume", scenario: open?.scenario ?? "default" };
  const call = answeredCall(input);
  if (call) return { kind: "tool-result", scenario: isBookingCall(call) ? "booking" : "default" };
  const responses = parleyResponses(input);
  if (responses.length > 0) {
    const scenario = responses.some((r) => r.messageType === "error") ? "failure" : responses.every((r) => r.messageType === "notification") ? "notify" : "default";
    return { kind: "responses", scenario };
  }
  return { kind: "new", scenario: pickScenario(input) };
}

/**
 * The whole answer to one run, in order, with pauses, plus what the thread waits for once it is
 * sent. Ids are derived from the run id and times from `options.now`, so the same input and
 * options give the same plan.
 *
 * @example
 * const plan = planRun(input, { now: Date.now(), open: remembered.get(input.threadId) });
 * for (const { delayMs, event } of plan.events) { await sleep(delayMs); write(event); }
 * remembered.set(input.threadId, plan.open);
 */
export function planRun(input: RunAgentInput, options: ScenarioOptions = {}): RunPlan {
  const s = new Script(input, options.delayScale ?? 1, options.now ?? DEFAULT_NOW);
  const run = describeRun(input, options.open);
  let open: OpenInterrupts | undefined;
  if (run.kind === "resume") {
    open = resumeRun(s, options.open);
  } else if (run.kind === "tool-result") {
    toolResultRun(s, answeredCall(input) as AnsweredCall);
  } else if (run.kind === "responses") {
    responsesRun(s, parleyResponses(input));
  } else {
    switch (run.scenario) {
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
      case "booking":
        booking(s);
        break;
      case "address":
        open = address(s);
        break;
      case "approvals":
        open = approvals(s);
        break;
      case "delete":
        open = deleteFiles(s);
        break;
      case "failure":
        failure(s);
        break;
      case "notify":
        notify(s);
        break;
      case "report":
        report(s);
        break;
      case "purge":
        purge(s);
        break;
      case "revoke":
        revoke(s);
        break;
      case "archive":
        archive(s);
        break;
      case "testmail":
        testmail(s);
        break;
      case "flaky":
        flaky(s);
        break;
      case "broken":
        broken(s);
        break;
      case "long":
        long(s);
        break;
      case "background":
      case "tasks":
      case "plan":
      case "haiku":
      case "recipe":
      case "document":
        dojo(s, run.scenario);
        break;
      case "suggest":
        suggest(s);
        break;
      case "a2ui":
        a2uiBooking(s);
        break;
      case "team":
        team(s);
        break;
      default:
        fallback(s);
    }
  }
  return { ...run, events: s.events, open };
}

/**
 * The whole answer to one run, in order, with pauses (`planRun(...).events`).
 *
 * @example
 * for (const { delayMs, event } of scenarioEvents(input)) { await sleep(delayMs); write(event); }
 */
export function scenarioEvents(input: RunAgentInput, options: ScenarioOptions = {}): TimedEvent[] {
  return planRun(input, options).events;
}

// ————————————————————————————————————————————————————————————————————————————————————————————
// AG-UI's dojo, with its own tool and state names, so the demo page (and any client that speaks
// them) works against this agent and against any dojo server: front-end tools (`change_background`),
// human in the loop (`generate_task_steps`), agentic generative UI (state `steps`), tool-based
// generative UI (`generate_haiku`), shared state (`recipe`), predictive state (`document` through
// `write_document_local`, then `confirm_changes`).

export type DojoScenario = "background" | "tasks" | "plan" | "haiku" | "recipe" | "document";

const DOJO_NAMES: readonly string[] = ["background", "tasks", "plan", "haiku", "recipe", "document"] satisfies DojoScenario[];

/** The dojo's scenarios, at the end of the picker. */
export const DOJO_SCENARIOS = SCENARIOS.filter((x) => DOJO_NAMES.includes(x.name)) as readonly (ScenarioInfo & { name: DojoScenario })[];

export const SUNSET = "linear-gradient(135deg, #f97316 0%, #db2777 100%)";
export const MARS_STEPS = ["Train for zero gravity", "Pack oxygen and food", "Board the rocket", "Launch", "Land on Mars", "Plant a flag"];
export const CHECKLIST = ["Fuel the rocket", "Check the weather", "Seal the hatch", "Start the countdown"];
export const HAIKU = {
  japanese: ["古池や", "蛙飛び込む", "水の音"],
  english: ["An old silent pond", "A frog jumps into the pond", "Splash! Silence again."],
};
export const DEFAULT_RECIPE = {
  title: "Pancakes",
  skill_level: "Beginner",
  ingredients: [
    { icon: "🥚", name: "Eggs", amount: "2" },
    { icon: "🥛", name: "Milk", amount: "250 ml" },
  ],
  instructions: ["Whisk the eggs and the milk"],
};
export const STORY =
  "The lighthouse keeper counted ships the way other people counted sheep. One night the sea was empty, and the light swept over nothing but waves. " +
  "At dawn a small boat came in with no one aboard, only a letter addressed to her, in her own handwriting, dated tomorrow.";

/** The state without the keys of the other dojo views, so the thread shows one view at a time. */
function dojoState(s: Script, drop: readonly string[], add: Record<string, unknown>): Record<string, unknown> {
  const state: Json = isRecord(s.input.state) ? { ...s.input.state } : {};
  for (const key of drop) delete state[key];
  return { ...state, ...add };
}

function snapshot(s: Script, state: Record<string, unknown>, delayMs = 30): void {
  s.push({ type: EventType.STATE_SNAPSHOT, snapshot: state }, delayMs);
}

function dojo(s: Script, scenario: DojoScenario): void {
  s.start();
  switch (scenario) {
    case "background": {
      const messageId = s.text("Painting the page for you.");
      const toolCallId = s.toolCall("change_background", { background: SUNSET }, messageId);
      s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
      return;
    }
    case "tasks": {
      const messageId = s.text("Here is a plan. Untick what you don't want, then confirm.");
      const toolCallId = s.toolCall("generate_task_steps", { steps: MARS_STEPS.map((description) => ({ description, status: "enabled" })) }, messageId);
      s.finish({ type: "success", pendingToolCallIds: [toolCallId] });
      return;
    }
    case "plan": {
      snapshot(s, dojoState(s, ["document"], { steps: CHECKLIST.map((description) => ({ description, status: "pending" })) }));
      CHECKLIST.forEach((_, i) => {
        s.push({ type: EventType.STATE_DELTA, delta: [{ op: "replace", path: `/steps/${i}/status`, value: "completed" }] }, 450);
      });
      s.text("All four checks are done: ready for launch.");
      s.finish();
      return;
    }
    case "haiku": {
      const toolCallId = s.toolCall("generate_haiku", HAIKU, s.id("msg"));
      s.toolResult(toolCallId, { shown: true }, 30);
      s.text("Here is your haiku.");
      s.finish();
      return;
    }
    case "recipe": {
      const given: unknown = isRecord(s.input.state) ? s.input.state.recipe : undefined;
      const recipe: Json = isRecord(given) ? { ...given } : { ...DEFAULT_RECIPE };
      const ingredients: unknown[] = Array.isArray(recipe.ingredients) ? recipe.ingredients : [];
      const instructions: unknown[] = Array.isArray(recipe.instructions) ? recipe.instructions : [];
      const has = (name: string) => ingredients.some((i) => isRecord(i) && i.name === name);
      const added = ["Flour", "Butter", "Sugar"].find((name) => !has(name)) ?? "Salt";
      const improved = {
        ...recipe,
        ingredients: [...ingredients, { icon: "➕", name: added, amount: "to taste" }],
        instructions: [...instructions, `Fold in the ${added.toLowerCase()}`],
      };
      snapshot(s, dojoState(s, [], { recipe: improved }));
      const title = typeof recipe.title === "string" && recipe.title.trim() ? recipe.title.trim().slice(0, 80) : "your recipe";
      s.text(`I improved “${title}”: added ${added.toLowerCase()} and a step for it.`);
      s.finish();
      return;
    }
    case "document": {
      snapshot(s, dojoState(s, ["steps"], { document: "" }));
      s.push({ type: EventType.CUSTOM, name: "PredictState", value: [{ state_key: "document", tool: "write_document_local", tool_argument: "document" }] }, 20);
      const writeId = s.toolCall("write_document_local", { document: STORY }, s.id("msg"));
      s.toolResult(writeId, { written: STORY.length }, 30);
      snapshot(s, dojoState(s, ["steps"], { document: STORY }));
      const messageId = s.text("I drafted the story. Keep it?");
      const confirmId = s.toolCall("confirm_changes", {}, messageId);
      s.finish({ type: "success", pendingToolCallIds: [confirmId] });
      return;
    }
  }
}

/** The run after a dojo front-end tool answered; false when the call is not one of the dojo's. */
function dojoAnswer(s: Script, call: AnsweredCall): boolean {
  const answer = parseJson(call.content);
  const failed = isRecord(answer) && typeof answer.error === "string" ? answer.error : undefined;
  switch (call.name) {
    case "change_background":
      s.text(failed ? `I could not change the background: ${failed}` : "Done: the background is a sunset now.");
      break;
    case "generate_task_steps": {
      const steps: unknown[] = isRecord(answer) && Array.isArray(answer.steps) ? answer.steps : [];
      const chosen = steps.flatMap((st) => (isRecord(st) && st.status === "enabled" && typeof st.description === "string" ? [st.description] : []));
      s.text(failed || chosen.length === 0 ? "No problem, I won't do any of them." : `Great — I'll do ${chosen.length} step${chosen.length === 1 ? "" : "s"}: ${chosen.join(", ")}.`);
      break;
    }
    case "confirm_changes":
      if (isRecord(answer) && answer.accepted === true) {
        s.text("Saved the story.");
      } else {
        snapshot(s, dojoState(s, ["document"], {}));
        s.text("Discarded the draft.");
      }
      break;
    default:
      return false;
  }
  s.finish();
  return true;
}

/** `CUSTOM parley.suggestions`: an answer with quick replies, shown as chips above the composer. */
function suggest(s: Script): void {
  s.start().text("Three ideas for the weekend: the coast, the mountains, or a city you have not seen yet. Which do you fancy?");
  s.push({ type: EventType.CUSTOM, name: "parley.suggestions", value: { suggestions: [{ label: "The coast" }, { label: "The mountains" }, { label: "Surprise me", value: "Pick one for me" }] } }, 60);
  s.finish();
}

/**
 * Seed 001 §5.1's multi-agent flow, for the side panels: a sales agent prepares the data (a tool
 * call, memory updated, the weekly report as an artifact), a mail agent drafts the mail (the
 * report's second version), and one confirmation sends it (answered by `permissionAnswer`).
 */
function team(s: Script): void {
  const base = isRecord(s.input.state) ? s.input.state : {};
  const memory = (shortTerm: Record<string, string>) => ({
    shortTerm,
    longTerm: { report_format: "Tables by region, totals last", managers: MANAGERS.join(", ") },
  });
  const artifact = (version: number, content: string, messageId: string) =>
    s.push({ type: EventType.CUSTOM, name: "parley.artifact", value: { id: "weekly-report", title: "Weekly sales report", kind: "markdown", version, content, messageId } }, 80);
  s.start();
  s.push({ type: EventType.STATE_SNAPSHOT, snapshot: { ...base, memory: memory({ task: "Weekly report, week 48" }) } }, 40);
  s.push({ type: EventType.STEP_STARTED, stepName: "prepare_data" }, 20);
  const salesRun = s.id("sales");
  s.push({ type: EventType.SUBAGENT_STARTED, subagentRunId: salesRun, name: "sales_agent", description: "Prepares the sales figures" }, 40);
  // Each sub-agent writes under its own run id: the thread names it, indents it, and shows the hand-off.
  const sales = s.text("Pulling this week's figures by region from the sales warehouse [1].", salesRun);
  s.push({ type: EventType.CUSTOM, name: "parley.citations", value: { messageId: sales, sources: [{ id: "1", title: "Sales warehouse — week 48", url: "https://example.com/sales/week-48", snippet: "Orders by region, Monday to Sunday." }] } }, 20);
  const query = s.toolCall("query_sales", { week: 48, groupBy: "region" }, sales, salesRun);
  s.push({ type: EventType.TOOL_CALL_RESULT, messageId: s.id("tool"), toolCallId: query, content: JSON.stringify({ north: 124, south: 95, east: 88, west: 102 }), role: "tool", subagentRunId: salesRun }, 250);
  s.text("North leads with 124; the table is in the report.", salesRun);
  s.push({ type: EventType.STATE_DELTA, delta: [{ op: "add", path: "/memory/shortTerm/figures", value: "North 124 · South 95 · East 88 · West 102" }] }, 60);
  const table = "| Region | Sales |\n|---|---:|\n| North | 124 |\n| South | 95 |\n| East | 88 |\n| West | 102 |";
  artifact(1, `## Weekly sales, week 48\n\n${table}`, sales);
  s.push({ type: EventType.SUBAGENT_FINISHED, subagentRunId: salesRun }, 40);
  s.push({ type: EventType.STEP_FINISHED, stepName: "prepare_data" }, 10);
  s.push({ type: EventType.STEP_STARTED, stepName: "draft_mail" }, 20);
  const mailRun = s.id("mail");
  s.push({ type: EventType.SUBAGENT_STARTED, subagentRunId: mailRun, name: "mail_agent", description: "Drafts the mail to the managers" }, 40);
  const mail = s.text("Drafted the mail to the four regional managers and added the total to the report.", mailRun);
  artifact(2, `## Weekly sales, week 48\n\n${table}\n\n**Total: 409**`, mail);
  s.push({ type: EventType.STATE_DELTA, delta: [{ op: "add", path: "/memory/shortTerm/draft", value: "Subject: Weekly report — week 48" }] }, 60);
  s.push({ type: EventType.SUBAGENT_FINISHED, subagentRunId: mailRun }, 40);
  s.push({ type: EventType.STEP_FINISHED, stepName: "draft_mail" }, 10);
  const ask = s.text("The report and the mail are ready. Sending needs your go-ahead.");
  const send = s.toolCall(
    "parley_request_permission",
    { operation: "send_mail", summary: `Mail the weekly report to ${MANAGERS.length} regional managers`, categories: ["irreversible"], details: { to: MANAGERS, subject: "Weekly report — week 48" } },
    ask,
  );
  s.push({ type: EventType.CUSTOM, name: "usage", value: { inputTokens: 1830, outputTokens: 412 } }, 5);
  s.finish({ type: "success", pendingToolCallIds: [send] });
}

// ————————————————————————————————————————————————————————————————————————————————————————————
// An A2UI booking form, as `@ag-ui/a2ui-middleware` sends a surface (an `a2ui-surface` activity
// carrying the A2UI 0.9 messages) and reads the person's action back (`forwardedProps.a2uiAction`).

const TABLE_FORM = [
  { version: "v0.9", createSurface: { surfaceId: "table", catalogId: "https://a2ui.org/specification/v0_9/basic_catalog.json" } },
  {
    version: "v0.9",
    updateComponents: {
      surfaceId: "table",
      components: [
        { id: "root", component: "Card", child: "form" },
        { id: "form", component: "Column", children: ["title", "guests", "when", "name", "seating", "actions"] },
        { id: "title", component: "Text", text: "Book a table at Chez Ada", variant: "h2" },
        { id: "guests", component: "Slider", label: "Guests", min: 1, max: 8, value: { path: "/booking/guests" } },
        { id: "when", component: "DateTimeInput", label: "When", enableDate: true, enableTime: true, value: { path: "/booking/when" } },
        { id: "name", component: "TextField", label: "Name", value: { path: "/booking/name" }, checks: [{ condition: { call: "required", args: { value: { path: "/booking/name" } } }, message: "Say whose name the table is under." }] },
        { id: "seating", component: "ChoicePicker", label: "Seating", displayStyle: "chips", options: [{ label: "Inside", value: "inside" }, { label: "Terrace", value: "terrace" }], value: { path: "/booking/seating" } },
        { id: "actions", component: "Row", children: ["book", "cancel"] },
        { id: "book", component: "Button", variant: "primary", child: "book-text", action: { event: { name: "book_table", consequential: true, context: { guests: { path: "/booking/guests" }, when: { path: "/booking/when" }, name: { path: "/booking/name" }, seating: { path: "/booking/seating" } } } } },
        { id: "book-text", component: "Text", text: "Book" },
        { id: "cancel", component: "Button", child: "cancel-text", action: { event: { name: "cancel_booking" } } },
        { id: "cancel-text", component: "Text", text: "Not now" },
      ],
    },
  },
  { version: "v0.9", updateDataModel: { surfaceId: "table", path: "/", value: { booking: { guests: 2, when: "2025-06-14T19:30", name: "", seating: ["inside"] } } } },
];

/** The form; or, when the run carries the person's action on it, the agent's answer to that. */
function a2uiBooking(s: Script): void {
  const forwarded = s.input.forwardedProps as { a2uiAction?: { userAction?: { name?: unknown; context?: Json } } } | undefined;
  const action = forwarded?.a2uiAction?.userAction;
  s.start();
  if (action) {
    const c = isRecord(action.context) ? action.context : {};
    s.text(action.name === "book_table" ? `Booked a table for ${String(c.guests)} under ${String(c.name)}, ${String(c.when).replace("T", " at ")}.` : "No table booked.");
  } else {
    s.text("Here is the booking form.");
    s.push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: "a2ui-surface-table", activityType: "a2ui-surface", content: { a2ui_operations: TABLE_FORM }, replace: true }, 60);
  }
  s.finish();
}
