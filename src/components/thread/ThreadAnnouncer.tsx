import { forwardRef, useEffect, useRef, useState, type ComponentPropsWithoutRef } from "react";
import type { ThreadMessage, ThreadState } from "../../core/fold";
import type { Interaction } from "../../core/interactions";
import { useThread } from "../../react/hooks";
import type { ParleyLabels } from "../../i18n/labels";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { subagentDisplayName } from "./threadTurns";
import { contentText } from "../../core/thread/messageContent";

/** How much of a reply is read out; the rest is in the thread. */
const ANNOUNCE_LIMIT = 280;

/**
 * The polite live region: says the newest message once it is complete (an agent's reply, a
 * system note, a tool result, a question), never the person's own, never per token, never what
 * was there on mount. It selects only strings, so a streaming reply does not re-render it. The
 * styled `Thread` includes it; a layout built from the parts should too.
 *
 * @example
 * <Thread.Root>
 *   <Thread.Viewport><Thread.Messages /></Thread.Viewport>
 *   <Thread.Announcer />
 * </Thread.Root>
 */
export const ThreadAnnouncer = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function ThreadAnnouncer({ className, ...props }, ref) {
  const t = useLabels();
  const id = useThread((thread) => thread.messageIds[thread.messageIds.length - 1]);
  const words = useThread((thread) => (id === undefined ? undefined : announcementOf(thread, id, t)));
  const announced = useRef(words === undefined ? undefined : id);
  const [text, setText] = useState("");
  useEffect(() => {
    if (words === undefined || announced.current === id) return;
    announced.current = id;
    if (words) setText(words);
  }, [id, words]);
  return (
    <div ref={ref} data-slot="thread-announcer" role="status" aria-live="polite" {...props} className={cn("pl:sr-only", className)}>
      {text}
    </div>
  );
});
ThreadAnnouncer.displayName = "Thread.Announcer";

/**
 * What to say for message `id`: `undefined` while it is still arriving, `""` when it is not to be
 * said (the person's own message, an empty one).
 */
function announcementOf(thread: ThreadState, id: string, t: ParleyLabels): string | undefined {
  const message = thread.messages.get(id);
  if (!message || message.streaming) return undefined;
  if (message.role !== "interaction") return announcement(message, t, thread.subagents);
  // A question is said once it is complete (not while its arguments stream), like a reply.
  const question = thread.interactions.get(message.interactionId);
  return !question || question.status === "streaming" ? undefined : (questionAnnouncement(question, t) ?? "");
}

const clip = (text: string) => (text.length > ANNOUNCE_LIMIT ? `${text.slice(0, ANNOUNCE_LIMIT)}…` : text);

/** "Suggestion: Which departure?" — the type in words, then what the agent asks. */
function questionAnnouncement(interaction: Interaction, t: ParleyLabels): string | undefined {
  const envelope = interaction.envelope;
  if (!envelope) return undefined;
  const payload = envelope.payload as { content?: unknown; summary?: unknown };
  const said = typeof payload.summary === "string" ? payload.summary : typeof payload.content === "string" ? payload.content : "";
  const kind = t.interaction.typeName[envelope.messageType as keyof ParleyLabels["interaction"]["typeName"]] ?? envelope.messageType;
  return said ? `${kind}: ${clip(said)}` : kind;
}

function announcement(message: ThreadMessage, t: ParleyLabels, subagents: ThreadState["subagents"]): string {
  // A sub-agent's reply is said with the name its chip shows.
  const subagent = message.subagentRunId ? subagents[message.subagentRunId] : undefined;
  const who =
    message.role === "assistant" ? (subagent && subagentDisplayName(subagent.name)) || ("name" in message && message.name) || t.roleAssistant
    : message.role === "system" ? t.roleSystem
    : message.role === "tool" ? t.roleTool
    : undefined;
  if (!who || !("content" in message)) return "";
  const text = contentText(message.content);
  return text.trim() ? `${who}: ${clip(text)}` : "";
}
