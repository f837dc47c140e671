import type { AnswerFeedback } from "../feedback/types";
import type { IdTable } from "./idTable";
import type { Interaction, InteractionRow } from "../interactions/types";
import type { AuditRecord, Grant } from "../policy/types";
import type {
  ActivityMessage,
  AssistantMessage,
  DeveloperMessage,
  Interrupt,
  ReasoningMessage,
  RunFinishedOutcome,
  SystemMessage,
  TokenUsage,
  ToolMessage,
  UserMessage,
} from "@ag-ui/core";

/** What the agent is doing, as a person would put it. Derived; never sent by the agent. */
export type AgentStatus = "idle" | "thinking" | "acting" | "waiting";

/**
 * An assistant message as the thread keeps it: its tool calls live in {@link ThreadState.toolCalls}
 * (so a streamed argument touches one tool call, not the message) and are listed here by id.
 */
export type ThreadAssistantMessage = Omit<AssistantMessage, "toolCalls"> & {
  toolCallIds?: readonly string[];
};

/**
 * One message of the thread: AG-UI's `Message` union (every role, `activity` and `reasoning`
 * included), except that assistant tool calls are held by id. `streaming` is true while a
 * START has been seen and its END has not. A row of role `interaction` is Parley's own: it places an
 * {@link Interaction} in the conversation and is never sent to the agent.
 */
export type ThreadMessage = (
  | DeveloperMessage
  | SystemMessage
  | ThreadAssistantMessage
  | UserMessage
  | ToolMessage
  | ActivityMessage
  | ReasoningMessage
  | InteractionRow
) & { streaming?: boolean };

/** Lifecycle of a tool call as the UI shows it. */
export type ToolCallStatus = "streaming-args" | "waiting" | "complete" | "error";

/**
 * A tool call: its streaming argument text, a best-effort parse of the (possibly partial) JSON,
 * and its result once a `TOOL_CALL_RESULT` arrives.
 */
export interface ToolCallState {
  id: string;
  name: string;
  /** The assistant message that owns it. */
  messageId: string;
  argsText: string;
  /** Best-effort parse of `argsText`, complete or not; `undefined` until something parses. */
  args: unknown;
  status: ToolCallStatus;
  /** The id of the `tool` message that answered it. */
  resultMessageId?: string;
  runId?: string;
  subagentRunId?: string;
  metadata?: Record<string, unknown>;
  encryptedValue?: string;
  /** The interaction this call asks with (a Parley tool) or waits on (an interrupt about it). */
  interactionId?: string;
  /**
   * While the agent re-sends a finished call (`TOOL_CALL_START` … `END` again — LangGraph's AG-UI
   * integration does after a resume), the arguments it re-sends; the call keeps its first ones.
   */
  restated?: string;
  /** The arguments a re-sent call last carried, when they differ from `argsText` (what the agent says it runs). */
  restatedArgsText?: string;
}

/** `paused`: the person said "wait"; the next message resumes the conversation. */
export type RunStatus = "running" | "finished" | "interrupted" | "cancelled" | "paused" | "error";

/** One run of the agent, from `RUN_STARTED` to its end. */
export interface RunRecord {
  runId: string;
  threadId: string;
  parentRunId?: string;
  status: RunStatus;
  outcome?: RunFinishedOutcome;
  result?: unknown;
  usage?: readonly TokenUsage[];
  /** Set when the run ended in `RUN_ERROR` or a transport failure. */
  error?: RunFailure;
  startedAt?: number;
  finishedAt?: number;
  /** Tool calls started in this run, in order; the ones without a result become pending. */
  toolCallIds: readonly string[];
}

/** How a run failed, in words a person can read, plus what a program needs to react. */
export interface RunFailure {
  message: string;
  code?: string;
  /** `agent`: a `RUN_ERROR` event; `transport`: the connection or the HTTP answer failed. */
  source: "agent" | "transport";
}

export interface StepRecord {
  name: string;
  subagentRunId?: string;
}

export type SubagentStatus = "running" | "finished" | "suspended" | "error";

export interface SubagentRecord {
  subagentRunId: string;
  name: string;
  description?: string;
  parentSubagentRunId?: string;
  parentToolCallId?: string;
  parentMessageId?: string;
  status: SubagentStatus;
  result?: unknown;
  interruptIds?: readonly string[];
  error?: { message: string; code?: string };
}

/** Why an event was not applied as sent. */
export type ProtocolErrorCode =
  | "malformed-event"
  | "unknown-event-type"
  | "unknown-message"
  | "unknown-tool-call"
  | "duplicate-id"
  | "not-open"
  | "already-open"
  | "id-conflict"
  | "patch-failed"
  | "outside-run"
  | "unclosed-at-finish"
  | "chunk-without-id"
  /** An interaction envelope that does not fit the schema; shown escaped, never answerable. */
  | "invalid-envelope"
  /** Something from the agent that would answer a question only the person may answer; refused. */
  | "forged-answer"
  /** A frame the transport could not read (not JSON, not an event, too large); skipped. */
  | "invalid-frame"
  /** Over the door's limits (depth, size, text: `WIRE_LIMITS`); refused, or the text cut there. */
  | "too-large"
  /** What a restored thread held that the kit could not have written (a grant, an answer without its audit record); dropped. */
  | "untrusted-storage"
  /** What another tab sent that the kit could not have written (a grant, an answer in someone else's name, a delivery of an open question); dropped. */
  | "untrusted-tab-message";

/**
 * A malformed or out-of-order event, kept with the event that caused it (a summary of it, when
 * the event is large: `{ summary, type, cut }`, or `{ type, cut }` for one refused at the door as
 * too large). The fold never throws: it records one of these and goes on.
 */
export interface ProtocolError {
  code: ProtocolErrorCode;
  message: string;
  event: unknown;
  /** Index of the event in the thread's stream (counted across all folds). */
  eventIndex: number;
}

/** Open chunk stream per owner (`subagentRunId`, or `""` for the parent agent). */
export interface ChunkLane {
  kind: "text" | "tool" | "reasoning";
  id: string;
}

/**
 * Everything the fold knows about a thread. Immutable: each fold returns a new state that shares
 * every object the events did not touch.
 */
export interface ThreadState {
  threadId: string | undefined;
  /** Message ids in display order. A new array only when a message is added, removed or moved. */
  messageIds: readonly string[];
  /** Messages by id (`thread.messages.get(id)`); the order is `messageIds`. */
  messages: ReadonlyTable<ThreadMessage>;
  /** Tool calls by id (`thread.toolCalls.get(id)`). */
  toolCalls: ReadonlyTable<ToolCallState>;
  /** The agent's shared state (`STATE_SNAPSHOT` / `STATE_DELTA`), with the person's edits (`set-state`). */
  state: unknown;
  /**
   * Top-level keys the person set while a run streamed: they win over the agent's state until the
   * next run carries them (see `core/state/heldEdits`).
   */
  stateEdits?: HeldEdits;
  /** `CUSTOM PredictState`: tool arguments shown as state while they stream, for one run. */
  predictions?: StatePredictions;
  /** The run that changed the state last, and where in the thread its state views show. */
  stateRun?: StateRun;
  runs: readonly RunRecord[];
  activeSteps: readonly StepRecord[];
  subagents: Readonly<Record<string, SubagentRecord>>;
  /** Interrupts of the last run that ended in an interrupt outcome; cleared by the next run. */
  pendingInterrupts: readonly Interrupt[];
  /** Tool calls the last run left for the application to answer. */
  pendingToolCallIds: readonly string[];
  /** Text and reasoning messages between START and END. */
  openMessageIds: readonly string[];
  /** Open reasoning spans (`REASONING_START` without `REASONING_END`). */
  openReasoning: readonly string[];
  chunkLanes: Readonly<Record<string, ChunkLane>>;
  /** The latest `CUSTOM` events (at most {@link EVENT_LOG_LIMIT}). */
  customEvents: readonly { name: string; value: unknown; eventIndex: number }[];
  /** The latest `RAW` events (at most {@link EVENT_LOG_LIMIT}). */
  rawEvents: readonly { event: unknown; source?: string; eventIndex: number }[];
  /** The latest protocol errors (at most {@link EVENT_LOG_LIMIT}); `errorCount` counts them all. */
  errors: readonly ProtocolError[];
  errorCount: number;
  /** How many events this thread has folded. */
  eventCount: number;
  status: AgentStatus;
  /** Every moment the agent asked the person, by id (`thread.interactions.get(id)`). */
  interactions: ReadonlyTable<Interaction>;
  /** Interaction ids in the order they were asked. */
  interactionIds: readonly string[];
  /** The number the next respondable item gets (numbers run on across the session). */
  nextNumber: number;
  /** Messages before this one were cut from the agent's context (`truncate`); they stay visible. */
  contextFrom?: string;
  /** The grants the person made (and their uses and revocations); written only through `applyClientAction`. */
  grants: readonly Grant[];
  /** One record per decision on a question, a grant or a revocation; append-only. */
  audit: readonly AuditRecord[];
  /** Earlier versions of the conversation (edits, regenerations), by the id of the message before the fork. */
  branches?: Readonly<Record<string, BranchSet>>;
  /** The quick replies the agent offered last (`CUSTOM parley.suggestions`), with the run that offered them. */
  suggestions?: Suggestions;
  /** The sources and confidence the agent gave for its answers (`CUSTOM parley.citations`), by message id. */
  citations?: Readonly<Record<string, MessageSupport>>;
  /** The person's thumbs up or down (and reason) on answers, by message id: given through the person's door only. */
  feedback?: Readonly<Record<string, AnswerFeedback>>;
}

/**
 * The read side of an {@link IdTable}: what the thread's `messages` and `toolCalls` offer.
 *
 * @example
 * thread.messages.get("m1")?.content;
 */
export type ReadonlyTable<T extends { readonly id: string }> = Pick<
  IdTable<T>,
  "get" | "has" | "size" | "keys" | "values" | "entries" | "toJSON" | typeof Symbol.iterator
>;

/**
 * Logs of custom, raw and error entries keep this many of the latest; the custom and raw logs also
 * keep to `LOG_TOTAL_WEIGHT` in all, and an error keeps a summary of a large event.
 */
export const EVENT_LOG_LIMIT = 500;

/**
 * The versions of the conversation from one point on. A fork (editing a message, regenerating an
 * answer) keeps the tail it replaces here; switching puts another tail back. Keyed, in
 * {@link ThreadState.branches}, by the id of the message before the fork (`""` at the start).
 */
export interface BranchSet {
  /** Each version's message ids from the fork on; the shown one is kept up to date when it is left. */
  tails: readonly (readonly string[])[];
  /** The version shown now (0-based). */
  active: number;
}

/** A quick reply: `label` is shown, `value` (or the label) is what the person sends. */
export interface Suggestion {
  label: string;
  value?: string;
}

/** The latest quick replies and the run that offered them (they stand until the next run). */
export interface Suggestions {
  runId: string | undefined;
  items: readonly Suggestion[];
}

/**
 * One source an answer cites. `id` is what its `[n]` marker in the text says (`"1"`); `url` is
 * kept as sent — the view decides whether it is safe to link.
 */
export interface Citation {
  id: string;
  title?: string;
  url?: string;
  snippet?: string;
}

/** What backs an answer: its sources, and how sure the agent says it is (0–1). */
export interface MessageSupport {
  sources: readonly Citation[];
  confidence?: number;
}

/** The held keys and the person's values for them. */
export type HeldEdits = Readonly<Record<string, unknown>>;

export interface StatePrediction {
  stateKey: string;
  tool: string;
  /** The argument that flows into the key; without it, the whole arguments object. */
  toolArgument?: string;
}

/** The predictions in force and the run that announced them. */
export interface StatePredictions {
  runId: string | undefined;
  entries: readonly StatePrediction[];
}

/**
 * Where a view of the shared state belongs in the conversation: the run that changed it last, and
 * the message the thread ended with when that run first changed it (so a plan the agent streams
 * into state shows right after the question that started it, while it runs and after).
 */
export interface StateRun {
  runId: string;
  /** The thread's last message when the run first changed the state. */
  afterMessageId?: string;
}
