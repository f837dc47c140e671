import { IdTable } from "./idTable";
import type { ThreadMessage, ThreadState, ToolCallState } from "./types";

/**
 * How many of `after`'s messages are `before`'s, unchanged, when `after` only added messages at
 * the end: its first ids are `before`'s in the same order, and every message and tool call
 * `before` held is still the same object (tool calls may have been added). Otherwise 0. A reader
 * that walked `before` then walks only the rest: a run's start and end at 10,000 messages cost
 * pointer comparisons, not 10,000 lookups. It relies on what the fold keeps true of a thread:
 * every id in `messageIds` is in `messages`, and every tool call an assistant message lists is in
 * `toolCalls` (a call added later comes with its message, which is then a new object).
 *
 * @example
 * const from = messagesKept(previous, thread); // thread.messageIds.slice(from) are the new ones
 */
export function messagesKept(before: ThreadState | undefined, after: ThreadState): number {
  if (!before || !(after.messages instanceof IdTable) || !(after.toolCalls instanceof IdTable)) return 0;
  const kept = after.messages.keeps(before.messages as IdTable<ThreadMessage>) && after.toolCalls.keeps(before.toolCalls as IdTable<ToolCallState>);
  return kept && startsWith(after.messageIds, before.messageIds) ? before.messageIds.length : 0;
}

/**
 * Whether `list` begins with `prefix`: the same items in the same order (compared with `===`, so
 * by pointer for objects).
 *
 * @example
 * startsWith(["a", "b", "c"], ["a", "b"]); // true
 */
export function startsWith<T>(list: readonly T[], prefix: readonly T[]): boolean {
  if (prefix.length > list.length) return false;
  for (let i = 0; i < prefix.length; i++) if (list[i] !== prefix[i]) return false;
  return true;
}
