import { contentToText, type ContentPart } from "@ag-ui/core";
import { createThreadState, foldEvents, IdTable, type Interaction, type ThreadState } from "../../src/core";

/** What the core tests share: an empty thread "t1", a fold from it, an interaction by id. */

export const fresh = (): ThreadState => createThreadState({ threadId: "t1" });
export const fold = (events: unknown[], from: ThreadState = fresh()): ThreadState => foldEvents(from, events);
export const interaction = (s: ThreadState, id: string): Interaction => s.interactions.get(id) as Interaction;

/** A message's text, for an assertion: its string content, or its text parts ("" without content). */
export const messageText = (message: { content?: unknown } | undefined): string =>
  typeof message?.content === "string" ? message.content : contentToText(Array.isArray(message?.content) ? (message.content as ContentPart[]) : undefined);

/** Counts the thread's message lookups (`thread.messages.get`) from now on. */
export function countLookups(thread: ThreadState): { count: number } {
  const seen = { count: 0 };
  const table = thread.messages as { get: (id: string) => unknown };
  const get = table.get.bind(table);
  table.get = (id: string) => (seen.count++, get(id));
  return seen;
}

/** The same thread in tables of its own (the same records, a new index): what was made for the original is not reused for it. */
export const retabled = (thread: ThreadState): ThreadState => ({
  ...thread,
  messages: IdTable.from(thread.messages.values()),
  toolCalls: IdTable.from(thread.toolCalls.values()),
});

