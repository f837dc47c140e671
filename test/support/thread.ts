import { contentToText, type ContentPart } from "@ag-ui/core";
import { createThreadState, foldEvents, type Interaction, type ThreadState } from "../../src/core";

/** What the core tests share: an empty thread "t1", a fold from it, an interaction by id. */

export const fresh = (): ThreadState => createThreadState({ threadId: "t1" });
export const fold = (events: unknown[], from: ThreadState = fresh()): ThreadState => foldEvents(from, events);
export const interaction = (s: ThreadState, id: string): Interaction => s.interactions.get(id) as Interaction;

/** A message's text, for an assertion: its string content, or its text parts ("" without content). */
export const messageText = (message: { content?: unknown } | undefined): string =>
  typeof message?.content === "string" ? message.content : contentToText(Array.isArray(message?.content) ? (message.content as ContentPart[]) : undefined);
