import type { Draft } from "../thread/draft";
import { isOpen, isRecord } from "../thread/guards";

/**
 * Events that *claim* an answer the person has not given — a `CUSTOM` "approve", a state write
 * marking a question answered, an activity dressed as an answered card. The fold never lets them
 * settle anything (only `applyClientAction` does); this module notices them so the claim is
 * recorded as `forged-answer` in `thread.errors` (and the store's audit log marks it suspicious).
 * The event itself still does what it would otherwise do: state stays the agent's own.
 *
 * A claim names an open question (by an id field or as a key) together with an answer's marks —
 * `approved`, `response`, `answer`, `granted`, `decision`, or a settled `status`/`value`.
 */

/** Fields whose presence beside an open question's id reads as an answer to it. */
const ANSWER_KEYS = ["approved", "response", "answer", "granted", "decision"];
/** Words that, as a `status` or `value`, say a question is settled. */
const SETTLED = ["approved", "answered", "granted", "accepted", "declined", "denied", "rejected", "resolved"];
/** Fields that name the question an object is about. */
const REF_KEYS = ["interactionId", "messageId", "toolCallId", "interruptId", "id"];
/** The five envelope types: an activity of one of these kinds poses as Parley's own card. */
const CARD_TYPES = ["notification", "advice", "permission_request", "input_request", "error"];
/** A claim is looked for this deep, in this many nodes at most: a huge state costs little. */
const MAX_NODES = 2000;
const MAX_DEPTH = 8;

/** Records a claim in `event` (any type) when it makes one. Cheap when no question is open. */
export function watchClaims(d: Draft, type: string, event: Record<string, unknown>): void {
  // The common case, a state stream with no question ever asked, costs one comparison.
  if (!d.s.interactionIds.length && (type === "STATE_DELTA" || type === "STATE_SNAPSHOT")) return;
  const open = openIds(d);
  const claim = claimIn(type, event, open);
  if (claim) d.error("forged-answer", `${type}: ${claim}; only the person answers, so nothing was settled`, event);
}

function claimIn(type: string, event: Record<string, unknown>, open: Set<string>): string | undefined {
  if (type === "CUSTOM") {
    const value = event.value;
    // A question announced as already settled is one the person never saw asked.
    if ((event.name === "parley.interaction" || event.name === "rtui/action") && isRecord(value) && ("response" in value || (typeof value.status === "string" && value.status !== "pending"))) {
      return "a question announced as already answered";
    }
    // Over RTUI the client sends results; one coming from the server answers for the person.
    if (event.name === "rtui/action_result") return `a result for "${String(isRecord(value) ? value.actionId : "").slice(0, 80)}" sent by the server`;
    if (!open.size) return undefined;
    const named = typeof event.name === "string" && /approv|answer|grant|respon|decision|consent/i.test(event.name);
    const id = named ? mentions(value, open) : undefined;
    if (id) return `"${String(event.name).slice(0, 60)}" names the open question "${id}"`;
    return described(value, open);
  }
  if (type === "ACTIVITY_SNAPSHOT" && CARD_TYPES.includes(String(event.activityType)) && isRecord(event.content) && answers(event.content)) {
    return "an activity dressed as an answered card";
  }
  if (!open.size) return undefined;
  const patch = type === "STATE_DELTA" ? event.delta : type === "ACTIVITY_DELTA" ? event.patch : undefined;
  if (Array.isArray(patch)) {
    for (const op of patch.slice(0, MAX_NODES)) {
      const claim = isRecord(op) ? patchClaim(op, open) : undefined;
      if (claim) return claim;
    }
    return undefined;
  }
  return described(type === "STATE_SNAPSHOT" ? event.snapshot : type === "ACTIVITY_SNAPSHOT" ? event.content : undefined, open);
}

/** A JSON Patch operation whose path runs through an open question's id to an answer. */
function patchClaim(op: Record<string, unknown>, open: Set<string>): string | undefined {
  if (typeof op.path === "string") {
    const segments = op.path.split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    const at = segments.findIndex((s) => open.has(s));
    if (at >= 0) {
      const rest = segments.slice(at + 1);
      const value = op.value;
      if (rest.some((s) => ANSWER_KEYS.includes(s)) || (rest[0] === "status" && SETTLED.includes(String(value))) || (!rest.length && (value === true || SETTLED.includes(String(value)) || (isRecord(value) && answers(value))))) {
        return `a write to "${op.path.slice(0, 80)}" answers the open question "${segments[at]}"`;
      }
    }
  }
  return described(op.value, open);
}

/** Walks a value for an object that answers an open question, by reference or by key. */
function described(value: unknown, open: Set<string>): string | undefined {
  let nodes = 0;
  const walk = (node: unknown, depth: number): string | undefined => {
    if (typeof node !== "object" || node === null || depth > MAX_DEPTH || ++nodes > MAX_NODES) return undefined;
    const children = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      const ref = REF_KEYS.map((key) => record[key]).find((v) => typeof v === "string" && open.has(v));
      if (ref !== undefined && answers(record)) return `it marks the open question "${ref as string}" answered`;
      for (const key of Object.keys(record)) {
        const v = record[key];
        if (open.has(key) && (v === true || SETTLED.includes(String(v)) || (isRecord(v) && answers(v)))) return `it marks the open question "${key}" answered`;
      }
    }
    for (const child of children) {
      const found = walk(child, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(value, 0);
}

/** Whether `record` carries an answer's marks. */
function answers(record: Record<string, unknown>): boolean {
  return ANSWER_KEYS.some((key) => Object.hasOwn(record, key)) || SETTLED.includes(String(record.status)) || SETTLED.includes(String(record.value));
}

/** The first open question's id found anywhere in `value` (as a string or a key). */
function mentions(value: unknown, open: Set<string>): string | undefined {
  let nodes = 0;
  const walk = (node: unknown, depth: number): string | undefined => {
    if (typeof node === "string") return open.has(node) ? node : undefined;
    if (typeof node !== "object" || node === null || depth > MAX_DEPTH || ++nodes > MAX_NODES) return undefined;
    for (const [key, child] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
      const found = typeof key === "string" && open.has(key) ? key : walk(child, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(value, 0);
}

/** Ids of the questions still open (pending or streaming): what a claim could pretend to settle. */
function openIds(d: Draft): Set<string> {
  const open = new Set<string>();
  for (const id of d.s.interactionIds) {
    const interaction = d.s.interactions.get(id);
    if (interaction && isOpen(interaction)) open.add(id);
  }
  return open;
}
