import type { Interrupt } from "@ag-ui/core";
import { digestOf } from "../core/decisions/digest";
import type { AskProof } from "../core/decisions/types";

/**
 * What the server keeps of an ask, to check the decision that comes back (`verifyDecision`): store
 * it with the pending tool call or interrupt (it holds no secret).
 */
export interface AskRecord {
  /** The interrupt id, the tool call id or the envelope's messageId the decision must answer. */
  id: string;
  kind: "interrupt" | "tool-call" | "envelope" | "rtui";
  nonce: string;
  /** Epoch ms: the last moment a decision is accepted (the deadline, plus the extra time the person may ask for). */
  expiresAt: number;
  /** The digest of the arguments proposed. */
  argsDigest?: string;
  /** Whether the person may approve other arguments than those proposed (approve-with-edits). */
  editable: boolean;
  /** The passkey challenge, when the ask requires a step-up. */
  challenge?: string;
  /** Where the browser has no passkey, the typed confirmation is accepted instead (`stepUp.fallback: "typed"`). */
  passkeyFallback?: "typed";
}

export interface CreateAskOptions {
  /** The arguments the tool would run with: their digest is what an approval must name. */
  args?: unknown;
  /** How long a decision is accepted for (default 15 minutes). */
  ttlMs?: number;
  /** May the person edit the arguments before approving (default false). */
  editable?: boolean;
  /**
   * The person may ask for more time: each "More time" moves the deadline `byMs` later, at most
   * `times` times (default 1). The ask carries it to the client, and the record accepts a decision
   * until the latest deadline the person could reach.
   */
  extendable?: { byMs: number; times?: number };
  /**
   * Require a passkey (WebAuthn) for approval: the challenge is made here. `rpId` and the person's
   * `credentialIds` (base64url) narrow what the browser offers; `fallback: "typed"` accepts the typed
   * confirmation where the browser has no passkey (weaker: a script in the page can type), and
   * `"refuse"`, the default, leaves such an ask unapprovable there.
   */
  stepUp?: boolean | { rpId?: string; credentialIds?: readonly string[]; fallback?: "refuse" | "typed" };
  /** The clock (epoch ms); `Date.now` by default. */
  now?: number;
}

const DEFAULT_TTL_MS = 15 * 60_000;

function randomToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function proof(id: string, kind: AskRecord["kind"], options: CreateAskOptions): Promise<{ record: AskRecord; proof: AskProof }> {
  const now = options.now ?? Date.now();
  const expiresAt = now + (options.ttlMs ?? DEFAULT_TTL_MS);
  const extra = options.extendable ? options.extendable.byMs * (options.extendable.times ?? 1) : 0;
  const record: AskRecord = { id, kind, nonce: randomToken(), expiresAt: expiresAt + extra, editable: options.editable === true };
  if (options.args !== undefined) record.argsDigest = await digestOf(options.args);
  const carried: AskProof = { nonce: record.nonce, expiresAt: new Date(expiresAt).toISOString() };
  if (record.argsDigest) carried.argsDigest = record.argsDigest;
  if (options.stepUp) {
    record.challenge = randomToken();
    const given = typeof options.stepUp === "object" ? options.stepUp : {};
    carried.stepUp = { challenge: record.challenge, ...(given.rpId ? { rpId: given.rpId } : {}), ...(given.credentialIds ? { credentialIds: given.credentialIds } : {}) };
    if (given.fallback === "typed") carried.stepUp.fallback = record.passkeyFallback = "typed";
  }
  return { record, proof: carried };
}

/**
 * An AG-UI interrupt asking the person, with what its decision will be checked against: send the
 * interrupt in `RUN_FINISHED`'s outcome, keep the record until the resume comes back.
 *
 * @example
 * const { interrupt, record } = await createInterruptAsk(
 *   { id: "int-1", reason: "tool_call", toolCallId: call.id, message: "Delete /tmp/cache?" },
 *   { args: call.args, stepUp: true },
 * );
 */
export async function createInterruptAsk(interrupt: Interrupt, options: CreateAskOptions = {}): Promise<{ interrupt: Interrupt; record: AskRecord }> {
  const { record, proof: carried } = await proof(interrupt.id, "interrupt", options);
  const metadata = { ...(isRecord(interrupt.metadata) ? interrupt.metadata : {}), parley: carried, ...(options.extendable ? { extendable: options.extendable } : {}) };
  return { interrupt: { ...interrupt, expiresAt: interrupt.expiresAt ?? carried.expiresAt, metadata }, record };
}

/**
 * A Parley envelope (`CUSTOM parley.interaction`, or the arguments of Parley's permission tool)
 * with what its decision will be checked against, in `context.parley`.
 *
 * @example
 * const { envelope, record } = await createEnvelopeAsk({ messageId: "p1", messageType: "permission_request", payload }, { args });
 */
export async function createEnvelopeAsk<E extends { messageId: string; context?: Record<string, unknown> }>(envelope: E, options: CreateAskOptions = {}): Promise<{ envelope: E; record: AskRecord }> {
  const { record, proof: carried } = await proof(envelope.messageId, "envelope", options);
  return {
    envelope: { ...envelope, expiresAt: carried.expiresAt, ...(options.extendable ? { extendable: options.extendable } : {}), context: { ...(envelope.context ?? {}), parley: carried } },
    record,
  };
}

/**
 * An ask answered through a tool call the client declares (Parley's `parley_request_permission`,
 * or the app's own tool): the record to check the tool result's decision against; put `proof` in
 * the call's arguments as `context.parley`.
 *
 * @example
 * const { record, proof } = await createToolCallAsk(callId, { args });
 */
export async function createToolCallAsk(toolCallId: string, options: CreateAskOptions = {}): Promise<{ record: AskRecord; proof: AskProof }> {
  return proof(toolCallId, "tool-call", options);
}

/**
 * An RTUI action (`rtui/action` params: `actionId`, `type`, `title` …) with what its decision will
 * be checked against, in `context.parley`; the `rtui/action_result` comes back with the decision
 * record beside `data` (`result.decision`).
 *
 * @example
 * const { params, record } = await createRtuiAsk({ actionId: "act_1", type: "confirm", title: "Delete file", operation: "fs.delete", args }, { args });
 * connection.send({ jsonrpc: "2.0", method: "rtui/action", params });
 */
export async function createRtuiAsk<P extends { actionId: string; context?: Record<string, unknown> }>(params: P, options: CreateAskOptions = {}): Promise<{ params: P; record: AskRecord }> {
  const { record, proof: carried } = await proof(params.actionId, "rtui", options);
  return { params: { ...params, context: { ...(params.context ?? {}), parley: carried } }, record };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
