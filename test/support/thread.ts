import { createThreadState, foldEvents, type Interaction, type ThreadState } from "../../src/core";

/** What the core tests share: an empty thread "t1", a fold from it, an interaction by id. */

export const fresh = (): ThreadState => createThreadState({ threadId: "t1" });
export const fold = (events: unknown[], from: ThreadState = fresh()): ThreadState => foldEvents(from, events);
export const interaction = (s: ThreadState, id: string): Interaction => s.interactions.get(id) as Interaction;
