import * as v from "valibot";

/**
 * The seed's envelope: one shape for every moment the agent needs the person, whichever way it
 * arrives (a Parley tool call, a `CUSTOM parley.interaction` event, an AG-UI interrupt, an RTUI
 * action). The wire form is checked here with valibot (a schema library built to be tree-shaken:
 * these schemas cost ~2.5 KB gzip where zod's cost ~8 KB, which kept `parley-ui/core` under its
 * 30 KB budget); everything past this file trusts the normalised {@link Envelope}.
 */

/** The five semantic message types. */
export const MESSAGE_TYPES = ["notification", "advice", "permission_request", "input_request", "error"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** A semantic type, or a namespaced custom one (`acme:seat_map`) that a product team registers. */
export type InteractionType = MessageType | `${string}:${string}`;

export const PERMISSION_CATEGORIES = ["destructive", "irreversible", "money", "privacy"] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];
export const RECOVERY_ACTIONS = ["retry", "undo", "report"] as const;
/** How far an approval may reach: the request may offer wider scopes than `once` (a batch, the session). */
export const GRANT_SCOPE_NAMES = ["once", "batch", "session", "conditional"] as const;
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

/** Seed 001's RTUI action types, and the semantic type each one is. */
export const RTUI_ACTION_TYPES: Readonly<Record<string, MessageType>> = {
  confirm: "permission_request",
  requestPermission: "permission_request",
  prompt: "input_request",
  form: "input_request",
  notify: "notification",
};

/** Bounds that keep a hostile envelope from costing the page: longer text or more options are refused. */
export const ENVELOPE_LIMITS = { text: 20_000, options: 50, id: 200 } as const;

const text = () => v.pipe(v.string(), v.maxLength(ENVELOPE_LIMITS.text));
const id = () => v.pipe(v.string(), v.minLength(1), v.maxLength(ENVELOPE_LIMITS.id));

export const notificationPayloadSchema = v.object({
  content: text(),
  level: v.optional(v.picklist(["info", "success", "warning"])),
});

export const adviceOptionSchema = v.object({
  id: id(),
  label: text(),
  description: v.optional(text()),
  // Kept as sent and read by the view (a score from 0 to 1, or nothing shown): a bad one is not a
  // reason to refuse the advice, and checking it here would cost the core entry ~0.2 KB.
  confidence: v.optional(v.unknown()),
});

export const advicePayloadSchema = v.object({
  content: text(),
  options: v.optional(v.pipe(v.array(adviceOptionSchema), v.maxLength(ENVELOPE_LIMITS.options))),
  multiple: v.optional(v.boolean()),
  allowFreeText: v.optional(v.boolean()),
});

export const permissionRequestPayloadSchema = v.object({
  operation: text(),
  summary: text(),
  details: v.optional(v.unknown()),
  categories: v.optional(v.array(v.picklist(PERMISSION_CATEGORIES))),
  confirmLabel: v.optional(text()),
  cancelLabel: v.optional(text()),
  confirmText: v.optional(text()),
  args: v.optional(v.unknown()),
  editable: v.optional(v.boolean()),
  scopes: v.optional(v.array(v.picklist(GRANT_SCOPE_NAMES))),
});

export const inputRequestPayloadSchema = v.object({
  content: text(),
  schema: v.record(v.string(), v.unknown()),
});

export const errorPayloadSchema = v.object({
  content: text(),
  code: v.optional(text()),
  actions: v.optional(v.array(v.picklist(RECOVERY_ACTIONS))),
});

export interface NotificationPayload {
  content: string;
  level: "info" | "success" | "warning";
}
export interface AdviceOption {
  id: string;
  label: string;
  description?: string;
  /** How sure the agent is of this option, as sent: a number from 0 to 1 is shown as a label ("high confidence · 0.92"), anything else not at all. */
  confidence?: unknown;
}
export interface AdvicePayload {
  content: string;
  /** Empty: the advice is accepted or rejected as a whole. */
  options: readonly AdviceOption[];
  multiple: boolean;
  allowFreeText: boolean;
}
export interface PermissionRequestPayload {
  operation: string;
  summary: string;
  details?: unknown;
  categories: readonly PermissionCategory[];
  confirmLabel?: string;
  cancelLabel?: string;
  /** The exact text the person must type before Approve is enabled (a file name, say). */
  confirmText?: string;
  /** The arguments of the tool call the request is about, when there is one. */
  args?: unknown;
  /** The person may change `args` before approving (the interrupt's `responseSchema` allows `editedArgs`). */
  editable?: boolean;
  /** The scopes the request offers the person beyond `once` ("these 100 mails": `batch`); the policy bounds them. */
  scopes?: readonly (typeof GRANT_SCOPE_NAMES)[number][];
}
export interface InputRequestPayload {
  content: string;
  /** A JSON Schema (an object schema) of what to collect. */
  schema: Record<string, unknown>;
}
export interface ErrorPayload {
  content: string;
  code?: string;
  actions: readonly RecoveryAction[];
}

export interface EnvelopeContext {
  sessionId?: string;
  relatedSkill?: string;
  [key: string]: unknown;
}

interface EnvelopeBase {
  messageId: string;
  /** Epoch milliseconds, when the sender said. */
  timestamp?: number;
  /** Whether the person may pause the agent while this is open. */
  allowInterrupt: boolean;
  context: EnvelopeContext;
  /** An absolute deadline (ISO 8601). */
  expiresAt?: string;
  /** A relative deadline, counted from when the client received the envelope. */
  timeoutMs?: number;
  /**
   * The person may ask for more time: each "More time" moves the deadline `byMs` later, at most
   * `times` times (default 1). Whoever sets it must accept the later answer (`createAsk` does).
   */
  extendable?: { byMs: number; times?: number };
}

/** A checked, normalised envelope: defaults filled, RTUI names mapped to the semantic type. */
export type Envelope =
  | (EnvelopeBase & { messageType: "notification"; payload: NotificationPayload })
  | (EnvelopeBase & { messageType: "advice"; payload: AdvicePayload })
  | (EnvelopeBase & { messageType: "permission_request"; payload: PermissionRequestPayload })
  | (EnvelopeBase & { messageType: "input_request"; payload: InputRequestPayload })
  | (EnvelopeBase & { messageType: "error"; payload: ErrorPayload })
  | (EnvelopeBase & { messageType: `${string}:${string}`; payload: unknown });

export type EnvelopeResult = { ok: true; envelope: Envelope } | { ok: false; problem: string };

const baseSchema = v.object({
  messageId: id(),
  messageType: v.string(),
  timestamp: v.optional(v.union([v.number(), v.string()])),
  allowInterrupt: v.optional(v.boolean()),
  context: v.optional(v.record(v.string(), v.unknown())),
  payload: v.optional(v.unknown()),
  expiresAt: v.optional(v.string()),
  timeoutMs: v.optional(v.pipe(v.number(), v.gtValue(0))),
  extendable: v.optional(v.object({ byMs: v.pipe(v.number(), v.gtValue(0)), times: v.optional(v.pipe(v.number(), v.gtValue(0))) })),
});

/** `acme:seat_map`; never `activity:…`, which the registry keeps for activity messages. */
const NAMESPACED = /^[A-Za-z][\w.-]{0,63}:[A-Za-z][\w.-]{0,63}$/;

/**
 * Checks an envelope from the wire and normalises it. Never throws: a value that does not fit
 * comes back with the reason in words, for `thread.errors` and the escaped fallback view.
 *
 * @example
 * const result = parseEnvelope({ messageId: "m1", messageType: "notify", payload: { content: "Saved" } });
 * result.ok && result.envelope.messageType; // "notification"
 */
export function parseEnvelope(value: unknown): EnvelopeResult {
  const base = v.safeParse(baseSchema, value);
  if (!base.success) return { ok: false, problem: `The envelope is malformed: ${describeIssues(base.issues)}` };
  const raw = base.output;
  const messageType = RTUI_ACTION_TYPES[raw.messageType] && Object.prototype.hasOwnProperty.call(RTUI_ACTION_TYPES, raw.messageType)
    ? (RTUI_ACTION_TYPES[raw.messageType] as MessageType)
    : raw.messageType;
  const envelope: EnvelopeBase = {
    messageId: raw.messageId,
    allowInterrupt: raw.allowInterrupt ?? true,
    context: { ...(raw.context ?? {}) },
  };
  const timestamp = typeof raw.timestamp === "string" ? Date.parse(raw.timestamp) : raw.timestamp;
  if (timestamp !== undefined && Number.isFinite(timestamp)) envelope.timestamp = timestamp;
  if (raw.expiresAt !== undefined) {
    if (!Number.isFinite(Date.parse(raw.expiresAt))) return { ok: false, problem: `expiresAt "${raw.expiresAt}" is not a date` };
    envelope.expiresAt = raw.expiresAt;
  }
  if (raw.timeoutMs !== undefined) envelope.timeoutMs = raw.timeoutMs;
  if (raw.extendable) envelope.extendable = raw.extendable;
  const payload = normalisePayload(messageType, raw.payload);
  if (!payload.ok) return payload;
  return { ok: true, envelope: { ...envelope, messageType, payload: payload.payload } as Envelope };
}

type PayloadResult = { ok: true; payload: unknown } | { ok: false; problem: string };

function normalisePayload(messageType: string, payload: unknown): PayloadResult {
  const check = <S extends v.GenericSchema>(schema: S, fill: (p: v.InferOutput<S>) => unknown): PayloadResult => {
    const parsed = v.safeParse(schema, payload);
    if (!parsed.success) return { ok: false, problem: `The ${messageType} payload is malformed: ${describeIssues(parsed.issues)}` };
    const filled = fill(parsed.output);
    // A fill may still refuse what the schema cannot express (two options with one id).
    if (typeof filled === "string") return { ok: false, problem: `The ${messageType} payload is malformed: ${filled}` };
    return { ok: true, payload: filled };
  };
  switch (messageType) {
    case "notification":
      return check(notificationPayloadSchema, (p): NotificationPayload => ({ content: p.content, level: p.level ?? "info" }));
    case "advice":
      return check(advicePayloadSchema, (p): AdvicePayload | string => {
        const options = p.options ?? [];
        if (new Set(options.map((o) => o.id)).size !== options.length) return "two options share an id";
        return { content: p.content, options, multiple: p.multiple ?? false, allowFreeText: p.allowFreeText ?? false };
      });
    case "permission_request":
      return check(permissionRequestPayloadSchema, (p) => {
        const request: PermissionRequestPayload = { ...p, categories: [...new Set(p.categories ?? [])] };
        if (request.confirmText !== undefined && !request.confirmText.trim()) delete request.confirmText;
        return request;
      });
    case "input_request":
      return check(inputRequestPayloadSchema, (p): InputRequestPayload => ({ content: p.content, schema: p.schema }));
    case "error":
      return check(errorPayloadSchema, (p): ErrorPayload => {
        const request: ErrorPayload = { content: p.content, actions: [...new Set(p.actions ?? (["retry"] as const))] };
        if (p.code !== undefined) request.code = p.code;
        return request;
      });
    default:
      if (!NAMESPACED.test(messageType) || messageType.startsWith("activity:")) {
        return { ok: false, problem: `Unknown messageType "${messageType.slice(0, 80)}": use one of ${MESSAGE_TYPES.join(", ")}, or a namespaced type such as "acme:seat_map"` };
      }
      return { ok: true, payload };
  }
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`)
    .join("; ");
}
