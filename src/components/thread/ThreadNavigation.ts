import { createContext, useContext } from "react";

/**
 * How parts outside the thread (the interrupt queue, a panel) bring a message into view: the
 * `<Thread>` of the same `<ParleyUIProvider>` registers `scrollTo` while it is mounted. The
 * thread is virtualized, so a row far away exists only once it has been scrolled to.
 */
export interface ThreadNavigation {
  scrollTo?: (messageId: string) => boolean;
}

export const ThreadNavigationContext = createContext<ThreadNavigation>({});
ThreadNavigationContext.displayName = "ParleyThreadNavigation";

/**
 * Scrolls the thread to a message and, once its row is rendered, focuses the element inside it
 * that matches `focusSelector` (a card, say). Returns false when no thread can show it.
 *
 * @example
 * const reveal = useRevealMessage();
 * reveal(interaction.rowId, `[data-interaction-id="${interaction.id}"]`);
 */
export function useRevealMessage(): (messageId: string, focusSelector?: string) => boolean {
  const navigation = useContext(ThreadNavigationContext);
  return (messageId, focusSelector) => {
    if (!navigation.scrollTo?.(messageId)) return false;
    if (focusSelector && typeof requestAnimationFrame === "function") {
      let tries = 0;
      const focus = () => {
        const row = document.querySelector(`[data-slot="thread-row"][data-row-id="${cssString(messageId)}"]`);
        const target = row?.querySelector<HTMLElement>(focusSelector);
        if (target) target.focus();
        else if (++tries < 20) requestAnimationFrame(focus);
      };
      requestAnimationFrame(focus);
    }
    return true;
  };
}

/** A value safe inside a double-quoted attribute selector. */
function cssString(value: string): string {
  return value.replace(/["\\]/g, "\\$&");
}
