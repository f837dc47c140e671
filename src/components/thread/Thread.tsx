import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useVirtualizer, type Rect } from "@tanstack/react-virtual";
import { contentToText } from "@ag-ui/core";
import type { ThreadMessage } from "../../core/fold";
import type { Interaction } from "../../core/interactions";
import { useMessageIds, useThread } from "../../react/hooks";
import type { ParleyLabels } from "../../i18n/labels";
import { useLabels } from "../../i18n/LabelsContext";
import { MessageRenderer } from "../registry/MessageRenderer";
import { cn } from "../lib/cn";
import { ThreadNavigationContext } from "./ThreadNavigation";

/** The viewport assumed until it is measured: a constant, so server and client agree. */
const UNMEASURED_RECT: Rect = { width: 0, height: 800 };

/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_THRESHOLD = 48;

export interface ThreadProps {
  className?: string;
  /** A guess at a row's height before it is measured. Default 96. */
  estimateSize?: number;
  /** Rows rendered beyond the viewport on each side. Default 6. */
  overscan?: number;
  /** The viewport size before it is measured (server rendering, tests). Default 0 × 800. */
  initialRect?: Rect;
  /** Shown when the thread has no messages. */
  empty?: ReactNode;
}

/**
 * The conversation: a virtualized `role="log"` list. Rows that virtualization mounts while the
 * person scrolls are not news, so the list itself is not live (`aria-live="off"`); a visually
 * hidden polite region announces each reply once it is complete instead (not every token). It
 * follows the stream while the person is at the bottom, stops following when they scroll up
 * and then offers "Jump to latest". `data-state` is `empty`, `following` or `scrolled-up`.
 *
 * @example
 * <ParleyProvider agent={agent}>
 *   <ParleyUIProvider className="pl-h-[600px]">
 *     <Thread />
 *     <Composer />
 *   </ParleyUIProvider>
 * </ParleyProvider>
 */
export function Thread({ className, estimateSize = 96, overscan = 6, initialRect, empty }: ThreadProps) {
  const t = useLabels();
  const ids = useMessageIds();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);

  // Before the viewport is measured (on the server, and in the client's first render, which must
  // match it) the thread assumes a screenful and starts at the end: server-rendered HTML shows the
  // latest messages, and hydration renders the same rows.
  const rect = initialRect ?? UNMEASURED_RECT;
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => ids[index] ?? index,
    overscan,
    initialRect: rect,
    initialOffset: () => Math.max(0, ids.length * estimateSize - rect.height),
  });

  const scrollToEnd = useCallback(() => {
    // The list's height is the virtualizer's total (measured rows + estimates), so the end of the
    // scroll area is the end of the thread; the virtualizer follows from the scroll event.
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD;
    if (atBottom !== followingRef.current) {
      followingRef.current = atBottom;
      setFollowing(atBottom);
    }
  };

  // New rows, and rows that grow as tokens arrive, keep the view pinned while following.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (followingRef.current) scrollToEnd();
  }, [ids.length, totalSize, scrollToEnd]);

  useEffect(() => {
    followingRef.current = following;
  }, [following]);

  // Parts outside the thread (the interrupt queue) bring a row into view through the provider.
  const navigation = useContext(ThreadNavigationContext);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  useEffect(() => {
    const scrollTo = (messageId: string) => {
      const index = idsRef.current.indexOf(messageId);
      if (index === -1) return false;
      followingRef.current = false;
      setFollowing(false);
      virtualizer.scrollToIndex(index, { align: "center" });
      return true;
    };
    navigation.scrollTo = scrollTo;
    return () => {
      if (navigation.scrollTo === scrollTo) delete navigation.scrollTo;
    };
  }, [navigation, virtualizer]);

  const jump = () => {
    followingRef.current = true;
    setFollowing(true);
    scrollToEnd();
  };

  const state = ids.length === 0 ? "empty" : following ? "following" : "scrolled-up";
  const items = virtualizer.getVirtualItems();

  return (
    <div data-slot="thread" data-state={state} className={cn("pl:relative pl:flex pl:min-h-0 pl:flex-1 pl:flex-col", className)}>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-live="off"
        aria-label={t.threadLabel}
        tabIndex={0}
        data-slot="thread-viewport"
        className="pl:min-h-0 pl:flex-1 pl:overflow-y-auto pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
      >
        {ids.length === 0 ? (
          <div data-slot="thread-empty" className="pl:p-6 pl:text-center pl:text-muted-foreground">
            {empty ?? t.emptyThread}
          </div>
        ) : (
          <div data-slot="thread-list" style={{ height: totalSize, position: "relative", width: "100%" }}>
            {items.map((item) => (
              <div
                key={item.key}
                data-slot="thread-row"
                data-index={item.index}
                data-row-id={ids[item.index]}
                ref={virtualizer.measureElement}
                className="pl:absolute pl:top-0 pl:left-0 pl:w-full pl:px-3 pl:py-1.5"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRenderer id={ids[item.index]!} />
              </div>
            ))}
          </div>
        )}
      </div>
      <ThreadAnnouncer />
      {state === "scrolled-up" ? (
        <button
          type="button"
          data-slot="thread-jump"
          onClick={jump}
          className="pl:absolute pl:bottom-3 pl:left-1/2 pl:-translate-x-1/2 pl:rounded-full pl:bg-primary pl:px-3 pl:py-1 pl:text-xs pl:text-primary-foreground pl:shadow-md pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring"
        >
          {t.jumpToLatest} ↓
        </button>
      ) : null}
    </div>
  );
}
Thread.displayName = "Parley.Thread";

/** How much of a reply is read out; the rest is in the thread. */
const ANNOUNCE_LIMIT = 280;

/**
 * The polite live region: says the newest message once it is complete (an agent's reply, a
 * system note, a tool result), never the person's own, never per token, never on mount.
 */
function ThreadAnnouncer() {
  const t = useLabels();
  const latest = useThread((thread) => {
    const id = thread.messageIds[thread.messageIds.length - 1];
    return id === undefined ? undefined : thread.messages.get(id);
  });
  // A question is said once it is complete (not while its arguments stream), like a reply.
  const question = useThread((thread) => (latest?.role === "interaction" ? thread.interactions.get(latest.interactionId) : undefined));
  // What was said, for which message: replaced while rendering once the newest message is
  // complete (React's pattern for information from previous renders, not an effect's setState).
  const [said, setSaid] = useState({ id: latest?.id, text: "" });
  const due = latest && !latest.streaming && said.id !== latest.id && !(latest.role === "interaction" && (!question || question.status === "streaming"));
  if (due) {
    const words = latest.role === "interaction" ? questionAnnouncement(question, t) : announcement(latest, t);
    setSaid({ id: latest.id, text: words || said.text });
  }
  return (
    <div data-slot="thread-announcer" role="status" aria-live="polite" className="pl:sr-only">
      {said.text}
    </div>
  );
}

/** "Suggestion: Which departure?" — the type in words, then what the agent asks. */
function questionAnnouncement(interaction: Interaction | undefined, t: ParleyLabels): string | undefined {
  const envelope = interaction?.envelope;
  if (!interaction || !envelope) return undefined;
  const payload = envelope.payload as { content?: unknown; summary?: unknown };
  const said = typeof payload.summary === "string" ? payload.summary : typeof payload.content === "string" ? payload.content : "";
  const kind = t.interaction.typeName[envelope.messageType as keyof ParleyLabels["interaction"]["typeName"]] ?? envelope.messageType;
  return said ? `${kind}: ${said.length > ANNOUNCE_LIMIT ? `${said.slice(0, ANNOUNCE_LIMIT)}…` : said}` : kind;
}

function announcement(message: ThreadMessage, t: ParleyLabels): string | undefined {
  const who =
    message.role === "assistant" ? ("name" in message && message.name) || t.roleAssistant
    : message.role === "system" ? t.roleSystem
    : message.role === "tool" ? t.roleTool
    : undefined;
  if (!who || !("content" in message)) return undefined;
  const text = typeof message.content === "string" ? message.content : contentToText(message.content as never);
  if (!text.trim()) return undefined;
  return `${who}: ${text.length > ANNOUNCE_LIMIT ? `${text.slice(0, ANNOUNCE_LIMIT)}…` : text}`;
}
