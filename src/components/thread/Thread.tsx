import type { ReactNode } from "react";
import { useAgentRun } from "../../react/hooks";
import { useLabels } from "../../i18n/LabelsContext";
import { useFocusComposer } from "../composer/ComposerFocus";
import { chipClass } from "../conversation/SuggestionChips";
import { ThreadParts, ThreadWelcome, type ThreadRootProps } from "./ThreadParts";

export interface ThreadProps extends Pick<ThreadRootProps, "estimateSize" | "overscan" | "initialRect"> {
  className?: string;
  /** Shown when the thread has no messages, in place of the welcome. */
  empty?: ReactNode;
  /**
   * Suggestions to start with, under the welcome of an empty thread: a click sends one as the
   * person's message.
   */
  starters?: readonly string[];
}

/** The suggestions to start with: chips that send their text. */
function Starters({ items }: { items: readonly string[] }) {
  const t = useLabels();
  const { send } = useAgentRun();
  const focusComposer = useFocusComposer();
  return (
    <div role="group" aria-label={t.starters} data-slot="thread-starters" className="pl:mt-2 pl:flex pl:flex-wrap pl:justify-center pl:gap-2">
      {items.map((text, i) => (
        <button
          key={`${i}:${text}`}
          type="button"
          data-slot="thread-starter"
          onClick={() => {
            void send(text);
            // The chips go with the first message: the person goes on from the composer.
            focusComposer();
          }}
          className={chipClass}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * The conversation: a virtualized `role="log"` list. Rows that virtualization mounts while the
 * person scrolls are not news, so the list itself is not live (`aria-live="off"`); a visually
 * hidden polite region announces each reply once it is complete instead (not every token). It
 * follows the stream while the person is at the bottom, stops following when they scroll up
 * (a wheel, a finger, a key, the scrollbar) and then offers "Jump to latest" (a round arrow).
 * Empty, it welcomes the person, with `starters` to pick from. `data-state` is `empty`,
 * `following` or `scrolled-up`.
 *
 * It fills the height its flex parent gives it: give `<ParleyUIProvider>` a height (`style`, or
 * your own class), or set `--parley-thread-height`. For your own layout, use the parts
 * (`Thread.Root`, `Thread.JumpToLatest`, `Thread.Viewport`, `Thread.Messages`, `Thread.Empty`,
 * `Thread.Announcer`). Escape anywhere in it stops a running reply.
 *
 * @example
 * <ParleyProvider agent={agent}>
 *   <ParleyUIProvider style={{ height: 600 }}>
 *     <Thread starters={["Find me a train to Lyon", "What can you do?"]} />
 *     <Composer />
 *   </ParleyUIProvider>
 * </ParleyProvider>
 */
function ThreadView({ className, empty, starters, ...root }: ThreadProps) {
  return (
    <ThreadParts.Root {...root} className={className}>
      {/* Before the list in tab order; it floats over the list's bottom. */}
      <ThreadParts.JumpToLatest />
      <ThreadParts.Viewport>
        <ThreadParts.Empty>
          {empty ?? (
            <>
              <ThreadWelcome />
              {starters?.length ? <Starters items={starters} /> : null}
            </>
          )}
        </ThreadParts.Empty>
        <ThreadParts.Messages />
      </ThreadParts.Viewport>
      <ThreadParts.Announcer />
    </ThreadParts.Root>
  );
}
ThreadView.displayName = "Parley.Thread";

export const Thread = Object.assign(ThreadView, ThreadParts);
