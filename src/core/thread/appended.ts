import { IdTable } from "./idTable";
import type { ThreadMessage, ThreadState, ToolCallState } from "./types";

/**
 * How many of `after`'s messages are `before`'s, unchanged, when `after` only added messages at
 * the end: its first ids are `before`'s in the same order, and every message and tool call
 * `before` held is still the same object (tool calls may have been added). Otherwise 0. A reader
 * that walked `before` then walks only the rest: a run's start and end at 10,000 messages cost
 * pointer comparisons, not 10,000 lookups.
 *
 * @example
 * const from = messagesKept(previous, thread); // thread.messageIds.slice(from) are the new ones
 */
export function messagesKept(before: ThreadState | undefined, after: ThreadState): number {
  if (!before || !(after.messages instanceof IdTable) || !(after.toolCalls instanceof IdTable)) return 0;
  const ids = before.messageIds;
  const next = after.messageIds;
  if (ids.length > next.length || !after.messages.keeps(before.messages as IdTable<ThreadMessage>) || !after.toolCalls.keeps(before.toolCalls as IdTable<ToolCallState>)) return 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] !== next[i]) return 0;
  return ids.length;
}
