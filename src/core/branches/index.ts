import type { ThreadState } from "../thread/types";
import type { BranchSet } from "../thread/types";
export type { BranchSet };

/** Where a message stands among its versions: "2 / 3" is `{ index: 2, count: 3 }`. */
export interface BranchPosition {
  /** 1-based. */
  index: number;
  count: number;
  /** The key of the branch set, for `switch-branch`. */
  at: string;
}

/** The key of the branch set a message at `position` belongs to: the id of the message before it. */
function keyAt(thread: ThreadState, position: number): string {
  return position === 0 ? "" : (thread.messageIds[position - 1] as string);
}

/**
 * The versions of the conversation that start at `messageId`, or `undefined` when it starts none.
 *
 * @example
 * branchPosition(thread, "u2"); // { index: 2, count: 3, at: "a1" }
 */
export function branchPosition(thread: ThreadState, messageId: string): BranchPosition | undefined {
  const position = thread.messageIds.indexOf(messageId);
  if (position === -1) return undefined;
  const at = keyAt(thread, position);
  const set = thread.branches?.[at];
  return set && set.tails.length > 1 ? { index: set.active + 1, count: set.tails.length, at } : undefined;
}

/**
 * Where regenerating `messageId` forks: the first message after the person's last message before
 * it (the whole answer is asked for again), or `undefined` when there is no such message.
 *
 * @example
 * answerStart(thread, "a3"); // "a2": the answer to the person's message began there
 */
export function answerStart(thread: ThreadState, messageId: string): string | undefined {
  const position = thread.messageIds.indexOf(messageId);
  if (position === -1) return undefined;
  let start = position;
  while (start > 0 && thread.messages.get(thread.messageIds[start - 1] as string)?.role !== "user") start--;
  return thread.messageIds[start];
}

/**
 * The message ids and branch sets after replacing the tail from `fromMessageId` on with `tail`
 * (the old tail is kept as a version), or `undefined` when the message is not shown.
 */
export function forkAt(thread: ThreadState, fromMessageId: string, tail: readonly string[]): Pick<ThreadState, "messageIds" | "branches"> | undefined {
  const position = thread.messageIds.indexOf(fromMessageId);
  if (position === -1) return undefined;
  const at = keyAt(thread, position);
  const current = thread.messageIds.slice(position);
  const set = thread.branches?.[at];
  const tails = set ? set.tails.slice() : [];
  if (set) tails[set.active] = current;
  else tails.push(current);
  tails.push(tail);
  return {
    messageIds: [...thread.messageIds.slice(0, position), ...tail],
    branches: { ...thread.branches, [at]: { tails, active: tails.length - 1 } },
  };
}

/**
 * The message ids and branch sets with version `index` (0-based) of the set at `at` shown, or
 * `undefined` when there is no such set or version, or it is shown already. A version left empty
 * (an answer that never came) is dropped rather than kept as a blank.
 */
export function switchAt(thread: ThreadState, at: string, index: number): Pick<ThreadState, "messageIds" | "branches"> | undefined {
  const set = thread.branches?.[at];
  const position = at === "" ? 0 : thread.messageIds.indexOf(at) + 1;
  if (!set || position === 0 && at !== "" || index === set.active || !Number.isInteger(index) || index < 0 || index >= set.tails.length) return undefined;
  const current = thread.messageIds.slice(position);
  let tails = set.tails.slice();
  let target = index;
  if (current.length) tails[set.active] = current;
  else {
    tails = tails.filter((_, i) => i !== set.active);
    if (index > set.active) target--;
  }
  return {
    messageIds: [...thread.messageIds.slice(0, position), ...(tails[target] as readonly string[])],
    branches: { ...thread.branches, [at]: { tails, active: target } },
  };
}
