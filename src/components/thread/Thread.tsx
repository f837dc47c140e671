import type { ReactNode } from "react";
import { ThreadParts, type ThreadRootProps } from "./ThreadParts";

export interface ThreadProps extends Pick<ThreadRootProps, "estimateSize" | "overscan" | "initialRect"> {
  className?: string;
  /** Shown when the thread has no messages. */
  empty?: ReactNode;
}

/**
 * The conversation: a virtualized `role="log"` list. Rows that virtualization mounts while the
 * person scrolls are not news, so the list itself is not live (`aria-live="off"`); a visually
 * hidden polite region announces each reply once it is complete instead (not every token). It
 * follows the stream while the person is at the bottom, stops following when they scroll up
 * (a wheel, a finger, a key, the scrollbar) and then offers "Jump to latest". `data-state` is
 * `empty`, `following` or `scrolled-up`.
 *
 * It fills the height its flex parent gives it: give `<ParleyUIProvider>` a height (`style`, or
 * your own class), or set `--parley-thread-height`. For your own layout, use the parts
 * (`Thread.Root`, `Thread.JumpToLatest`, `Thread.Viewport`, `Thread.Messages`, `Thread.Empty`,
 * `Thread.Announcer`). Escape anywhere in it stops a running reply.
 *
 * @example
 * <ParleyProvider agent={agent}>
 *   <ParleyUIProvider style={{ height: 600 }}>
 *     <Thread />
 *     <Composer />
 *   </ParleyUIProvider>
 * </ParleyProvider>
 */
function ThreadView({ className, empty, ...root }: ThreadProps) {
  return (
    <ThreadParts.Root {...root} className={className}>
      {/* Before the list in tab order; it floats over the list's bottom. */}
      <ThreadParts.JumpToLatest />
      <ThreadParts.Viewport>
        <ThreadParts.Empty>{empty}</ThreadParts.Empty>
        <ThreadParts.Messages />
      </ThreadParts.Viewport>
      <ThreadParts.Announcer />
    </ThreadParts.Root>
  );
}
ThreadView.displayName = "Parley.Thread";

export const Thread = Object.assign(ThreadView, ThreadParts);
