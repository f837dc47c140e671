import { isId, isRecord } from "../thread/guards";
import type { PushedSession } from "./types";

/** The most events one pushed frame may carry: a session's first words, not a history. */
const MAX_EVENTS = 2_000;

export type SessionFrameResult = { ok: true; session: PushedSession } | { ok: false; problem: string };

/**
 * A frame of the sessions push channel, checked: `{ "type": "session", "threadId", "title",
 * "events": [AG-UI events] }` (a string is parsed first). Anything else — another type, a
 * missing id, events that are not a list of objects with a `type`, text that is not JSON — is
 * refused in words, never thrown; the events themselves are checked by the fold.
 *
 * @example
 * socket.onmessage = (m) => {
 *   const frame = readSessionFrame(m.data);
 *   if (frame.ok) threads.deliver(frame.session); else console.warn(frame.problem);
 * };
 */
export function readSessionFrame(data: unknown): SessionFrameResult {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return { ok: false, problem: "A pushed session frame is not JSON." };
    }
  }
  if (!isRecord(value) || value.type !== "session") return { ok: false, problem: 'A pushed frame is not of type "session".' };
  if (!isId(value.threadId) || value.threadId.length > 200) return { ok: false, problem: "A pushed session has no usable thread id." };
  if (!Array.isArray(value.events) || value.events.length > MAX_EVENTS || !value.events.every((e) => isRecord(e) && typeof e.type === "string")) {
    return { ok: false, problem: `A pushed session's events are not a list of AG-UI events (at most ${MAX_EVENTS}).` };
  }
  const title = typeof value.title === "string" ? value.title.replace(/\s+/g, " ").trim().slice(0, 200) : "";
  return { ok: true, session: { threadId: value.threadId, title, events: value.events } };
}
