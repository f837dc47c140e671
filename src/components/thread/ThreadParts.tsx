import { createContext, forwardRef, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { useVirtualizer, type Rect, type Virtualizer } from "@tanstack/react-virtual";
import { cva } from "class-variance-authority";
import { Slot } from "radix-ui";
import { composeEventHandlers, useComposedRefs } from "radix-ui/internal";
import { useAgentRun, useThread } from "../../react/hooks";
import { useLabels } from "../../i18n/LabelsContext";
import { MessageRenderer, useMessageComponent } from "../registry/MessageRenderer";
import { ToolMessage } from "../message/messages";
import { cn } from "../lib/cn";
import { ArrowDownIcon, ChatIcon } from "../lib/icons";
import { ThreadAnnouncer } from "./ThreadAnnouncer";
import { ThreadNavigationContext } from "./ThreadNavigation";
import { isDevelopment } from "../../core/dev";
import { afterNextPaint } from "../../core/lazyModule";
import { createRowSelector } from "./threadRows";
import { keepLaidOut } from "./keepLaidOut";
import { createRowLayoutSelector, type RowLayouts } from "./threadTurns";
import { RowLayoutContext } from "./RowLayoutContext";
import { useFollowing, type FollowingHandlers } from "./useFollowing";

/** `empty`, `following` (pinned to the newest message) or `scrolled-up` (the person scrolled away). */
export type ThreadViewState = "empty" | "following" | "scrolled-up";

interface ThreadContextValue {
  rows: readonly string[];
  /** Per row (by index): its place in the agent's turn, sub-agent depth, hand-off — laid out when asked. */
  layouts: RowLayouts;
  state: ThreadViewState;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  viewportRef: React.RefObject<HTMLDivElement | null>;
  handlers: FollowingHandlers;
  jump: () => void;
}

const ThreadContext = createContext<ThreadContextValue | null>(null);
ThreadContext.displayName = "ParleyThread";

function useThreadContext(part: string): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (!value) throw new Error(`<Thread.${part}> must be used inside <Thread.Root>.`);
  return value;
}

/** The viewport assumed until it is measured: a constant, so server and client agree. */
const UNMEASURED_RECT: Rect = { width: 0, height: 800 };

/**
 * The thread's default classes. Its height: the space its flex parent gives it; or, when
 * `--parley-thread-height` is set (on the provider, or any ancestor), that height in any parent —
 * at most that in a taller flex parent, less only where a flex parent has less room.
 */
export const threadVariants = cva("", {
  variants: {
    part: {
      root: "pl:relative pl:flex pl:min-h-0 pl:flex-[1_1_0%] pl:flex-col pl:[height:var(--parley-thread-height)] pl:[max-height:var(--parley-thread-height,none)]",
      viewport: "pl:min-h-0 pl:flex-1 pl:overflow-y-auto pl:focus-visible:outline-2 pl:focus-visible:-outline-offset-2 pl:focus-visible:outline-ring",
      // Each row is the reading column (`--parley-column`), centred; a row whose message renders
      // nothing takes no room.
      row: "pl:absolute pl:inset-x-0 pl:top-0 pl:mx-auto pl:w-full pl:max-w-column pl:px-4 pl:py-2.5 pl:empty:p-0",
      // Centred in the viewport, with room under the welcome for suggestions.
      empty: "pl:mx-auto pl:flex pl:min-h-full pl:max-w-column pl:flex-col pl:items-center pl:justify-center pl:gap-3 pl:p-6 pl:text-center pl:text-body pl:text-muted-foreground",
      handoff: "pl:mb-1 pl:flex pl:items-center pl:gap-2 pl:text-xs pl:text-muted-foreground pl:before:h-px pl:before:w-4 pl:before:bg-border",
      // A round arrow over the bottom of the list, named (and titled) "Jump to latest".
      jump: "pl:absolute pl:bottom-3 pl:left-1/2 pl:z-10 pl:inline-flex pl:size-9 pl:-translate-x-1/2 pl:items-center pl:justify-center pl:rounded-full pl:border pl:border-border pl:bg-background pl:text-foreground pl:shadow-float pl:hover:bg-muted pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:pointer-coarse:size-11",
    },
  },
});

export interface ThreadRootProps extends ComponentPropsWithoutRef<"div"> {
  /** A guess at a row's height before it is measured. Default 96. */
  estimateSize?: number;
  /** Rows rendered beyond the viewport on each side. Default 6. */
  overscan?: number;
  /** The viewport size before it is measured (server rendering, tests). Default 0 × 800. */
  initialRect?: Rect;
  /** Render your own element (its props merged with the part's) instead of a `<div>`. */
  asChild?: boolean;
}

/**
 * Holds the thread's rows, the virtualizer and whether the view follows the stream. Every other
 * part goes inside it. `data-state` is `empty`, `following` or `scrolled-up`.
 */
const Root = forwardRef<HTMLDivElement, ThreadRootProps>(function ThreadRoot({ estimateSize = 96, overscan = 6, initialRect, asChild, className, onKeyDown, ...props }, ref) {
  const { isRunning, stop } = useAgentRun();
  const [selectRows] = useState(createRowSelector);
  // Tool results shown on their call's card get no row — unless the app renders tool messages itself.
  const hideShownResults = useMessageComponent("tool") === ToolMessage;
  const rows = useThread(hideShownResults ? selectRows : (thread) => thread.messageIds);
  const [selectLayouts] = useState(createRowLayoutSelector);
  const layouts = useThread((thread) => selectLayouts(thread, rows));
  const viewportRef = useRef<HTMLDivElement>(null);
  const { following, setFollowing, shouldPin, handlers } = useFollowing(viewportRef);

  // Before the viewport is measured (on the server, and in the client's first render, which must
  // match it) the thread assumes a screenful and starts at the end: server-rendered HTML shows the
  // latest messages, and hydration renders the same rows.
  const rect = initialRect ?? UNMEASURED_RECT;
  // Until the thread's first frame is painted, one row beyond the viewport on each side: the
  // `overscan` rows are there for scrolling, and nobody scrolls a thread not yet shown. They
  // come just after that frame (and the server renders what the client first renders).
  const [shown, setShown] = useState(false);
  useEffect(() => afterNextPaint(() => setShown(true)), []);
  // The same function while the rows are the same: the virtualizer lays out every row again (all
  // 10,000 of a long thread) whenever its key function changes, and this one re-renders per frame.
  const getItemKey = useCallback((index: number) => rows[index] ?? index, [rows]);
  // The virtualizer hands back functions React Compiler must not memoize (it skips this component,
  // which is what the rule reports); here its stable instance is kept and its methods are called
  // at the time they are needed, never their results.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => estimateSize,
    getItemKey,
    overscan: shown ? overscan : Math.min(overscan, 1),
    initialRect: rect,
    initialOffset: () => Math.max(0, rows.length * estimateSize - rect.height),
  });
  // A new message does not lay out the 10,000 before it again.
  const laidOut = useRef(rows);
  keepLaidOut(virtualizer, laidOut, rows);

  const scrollToEnd = useCallback(() => {
    // The list's height is the virtualizer's total (measured rows + estimates), so the end of the
    // scroll area is the end of the thread; the virtualizer follows from the scroll event.
    const el = viewportRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // New rows, and rows that grow as tokens arrive, keep the view pinned while following.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (shouldPin()) scrollToEnd();
  }, [rows.length, totalSize, shouldPin, scrollToEnd]);

  // Parts outside the thread (the interrupt queue) bring a row into view through the provider.
  const navigation = useContext(ThreadNavigationContext);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useEffect(() => {
    const scrollTo = (messageId: string) => {
      const index = rowsRef.current.indexOf(messageId);
      if (index === -1) return false;
      setFollowing(false);
      virtualizer.scrollToIndex(index, { align: "center" });
      return true;
    };
    if (navigation.scrollTo && isDevelopment()) {
      console.warn("[parley] A second <Thread.Root> in one <ParleyUIProvider> takes over bringing rows into view (the interaction queue's \"show in conversation\") from the first. Give each thread its own <ParleyUIProvider>.");
    }
    navigation.scrollTo = scrollTo;
    return () => {
      if (navigation.scrollTo === scrollTo) delete navigation.scrollTo;
    };
  }, [navigation, virtualizer, setFollowing]);

  const jump = () => {
    setFollowing(true);
    scrollToEnd();
  };

  const state: ThreadViewState = rows.length === 0 ? "empty" : following ? "following" : "scrolled-up";
  const Comp = asChild ? Slot.Root : "div";
  return (
    <ThreadContext.Provider value={{ rows, layouts, state, virtualizer, viewportRef, handlers, jump }}>
      <Comp
        ref={ref}
        data-slot="thread"
        data-state={state}
        {...props}
        // Escape anywhere in the thread stops a running reply (a card that uses Escape itself
        // prevents the default, and keeps it).
        onKeyDown={composeEventHandlers(onKeyDown, (event) => {
          if (event.key === "Escape" && isRunning) {
            event.preventDefault();
            stop();
          }
        })}
        className={cn(threadVariants({ part: "root" }), className)}
      />
    </ThreadContext.Provider>
  );
});
Root.displayName = "Thread.Root";

export interface ThreadPartProps extends ComponentPropsWithoutRef<"div"> {
  /** Render your own element (its props merged with the part's) instead of a `<div>`. */
  asChild?: boolean;
}

/**
 * The scroller: a `role="log"` that is not live (rows that virtualization mounts while the person
 * scrolls are not news; {@link ThreadAnnouncer} says each reply instead). It listens for the
 * person's gestures, which alone stop following.
 */
const Viewport = forwardRef<HTMLDivElement, ThreadPartProps>(function ThreadViewport({ asChild, className, ...props }, ref) {
  const { state, viewportRef, handlers } = useThreadContext("Viewport");
  const t = useLabels();
  const refs = useComposedRefs(ref, viewportRef);
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      role="log"
      aria-live="off"
      aria-label={t.threadLabel}
      tabIndex={0}
      data-slot="thread-viewport"
      data-state={state}
      {...props}
      ref={refs}
      onScroll={composeEventHandlers(props.onScroll, handlers.onScroll)}
      onWheel={composeEventHandlers(props.onWheel, handlers.onWheel)}
      onKeyDown={composeEventHandlers(props.onKeyDown, handlers.onKeyDown)}
      onTouchStart={composeEventHandlers(props.onTouchStart, handlers.onTouchStart)}
      onTouchMove={composeEventHandlers(props.onTouchMove, handlers.onTouchMove)}
      onTouchEnd={composeEventHandlers(props.onTouchEnd, handlers.onTouchEnd)}
      onTouchCancel={composeEventHandlers(props.onTouchCancel, handlers.onTouchEnd)}
      onPointerDown={composeEventHandlers(props.onPointerDown, handlers.onPointerDown)}
      className={cn(threadVariants({ part: "viewport" }), className)}
    />
  );
});
Viewport.displayName = "Thread.Viewport";

export interface ThreadMessagesProps extends ThreadPartProps {
  /** What a row shows. Default: `<MessageRenderer id={id} />` (the registry's component for it). */
  renderRow?: (id: string) => ReactNode;
  /** Classes for every row (the rows are positioned by the virtualizer). */
  rowClassName?: string;
}

/**
 * The virtualized list: only the rows near the viewport exist. Renders nothing while the thread
 * is empty. Each row is `data-slot="thread-row"` with `data-row-id`, `data-turn-position`
 * (`single`, or `start|middle|end` for the agent's consecutive rows, which read as one turn) and,
 * for a sub-agent's rows, `data-subagent-depth`; where the agent changes within a turn, the row
 * begins with a hand-off line (`data-slot="thread-handoff"`).
 */
const Messages = forwardRef<HTMLDivElement, ThreadMessagesProps>(function ThreadMessages({ asChild, renderRow, rowClassName, className, style, children, ...props }, ref) {
  const { rows, layouts, state, virtualizer } = useThreadContext("Messages");
  const t = useLabels();
  if (rows.length === 0) return null;
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      ref={ref}
      data-slot="thread-list"
      data-state={state}
      {...props}
      className={className}
      style={{ ...style, height: virtualizer.getTotalSize(), position: "relative", width: "100%" }}
    >
      <Slot.Slottable>{children}</Slot.Slottable>
      {virtualizer.getVirtualItems().map((item) => {
        const layout = layouts(item.index);
        const handoff = layout?.handoff;
        return (
          <div
            key={item.key}
            data-slot="thread-row"
            data-index={item.index}
            data-row-id={rows[item.index]}
            data-turn-position={layout?.turn}
            data-subagent-depth={layout?.depth || undefined}
            ref={virtualizer.measureElement}
            className={cn(threadVariants({ part: "row" }), rowClassName)}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {handoff ? (
              <p data-slot="thread-handoff" className={threadVariants({ part: "handoff" })}>
                {t.support.handoff(handoff.from || t.roleAssistant, handoff.to || t.roleAssistant)}
              </p>
            ) : null}
            <RowLayoutContext.Provider value={layout}>
              {renderRow ? renderRow(rows[item.index]!) : <MessageRenderer id={rows[item.index]!} />}
            </RowLayoutContext.Provider>
          </div>
        );
      })}
    </Comp>
  );
});
Messages.displayName = "Thread.Messages";

/** The default welcome of an empty thread: a mark, "How can I help?" and a line under it. */
export function ThreadWelcome() {
  const t = useLabels();
  return (
    <>
      <span aria-hidden className="pl:inline-flex pl:size-11 pl:items-center pl:justify-center pl:rounded-full pl:bg-muted pl:text-foreground">
        <ChatIcon size={22} />
      </span>
      <p data-slot="thread-empty-title" className="pl:text-lg pl:font-semibold pl:text-foreground">
        {t.emptyTitle}
      </p>
      <p>{t.emptyThread}</p>
    </>
  );
}

/**
 * Shown only while the thread has no messages: its children, or a welcome ("How can I help?" and
 * a line under it). Put suggestions to start with in it (`<Thread starters>` does).
 */
const Empty = forwardRef<HTMLDivElement, ThreadPartProps>(function ThreadEmpty({ asChild, className, children, ...props }, ref) {
  const { state } = useThreadContext("Empty");
  if (state !== "empty") return null;
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp ref={ref} data-slot="thread-empty" data-state={state} {...props} className={cn(threadVariants({ part: "empty" }), className)}>
      {children ?? <ThreadWelcome />}
    </Comp>
  );
});
Empty.displayName = "Thread.Empty";

export interface ThreadJumpToLatestProps extends ComponentPropsWithoutRef<"button"> {
  asChild?: boolean;
  /** Keep it mounted while following too (to animate it with `data-state`). */
  forceMount?: boolean;
}

/**
 * "Jump to latest" (a round arrow, named for screen readers and titled): shown once the person scrolled up; it scrolls to the end and follows again.
 * Put it before the viewport (as `<Thread>` does): it floats over the list, and comes first in tab
 * order, so tabbing through the messages never scrolls it out of reach.
 */
const JumpToLatest = forwardRef<HTMLButtonElement, ThreadJumpToLatestProps>(function ThreadJumpToLatest({ asChild, forceMount, className, children, ...props }, ref) {
  const { state, jump } = useThreadContext("JumpToLatest");
  const t = useLabels();
  if (state !== "scrolled-up" && !forceMount) return null;
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : "button"}
      data-slot="thread-jump"
      data-state={state}
      aria-label={children ? undefined : t.jumpToLatest}
      title={children ? undefined : t.jumpToLatest}
      {...props}
      onClick={composeEventHandlers(props.onClick, jump)}
      className={cn(threadVariants({ part: "jump" }), className)}
    >
      {children ?? <ArrowDownIcon size={18} />}
    </Comp>
  );
});
JumpToLatest.displayName = "Thread.JumpToLatest";

/**
 * The parts of a thread, to lay it out yourself. `Thread` is these, styled.
 *
 * @example
 * <Thread.Root className="my-thread">
 *   <Thread.JumpToLatest />
 *   <Thread.Viewport>
 *     <Thread.Empty>Ask me anything.</Thread.Empty>
 *     <Thread.Messages rowClassName="my-row" />
 *   </Thread.Viewport>
 *   <Thread.Announcer />
 * </Thread.Root>
 */
export const ThreadParts = { Root, Viewport, Messages, Empty, JumpToLatest, Announcer: ThreadAnnouncer };
