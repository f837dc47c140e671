import { createContext, useContext } from "react";

/**
 * Where focus goes after an action that removes the focused control (Retry, Stop, a run that
 * ends while Stop had focus): the `<Composer>` of the same `<ParleyUIProvider>` registers its text
 * box while it is mounted, so parts beside it (the run error) hand focus back to it instead of
 * leaving it on `<body>`. A composer that takes files registers itself as where files dropped
 * anywhere in the kit go (the thread, a panel), so a drop that misses the composer is not opened
 * by the browser in place of the page.
 */
export interface ComposerFocus {
  /** Focuses the registered text box; false when no composer is mounted. */
  focus: () => boolean;
  /** Registers what `focus` does; returns the unregister. */
  register: (focus: () => void) => () => void;
  /** The mounted composer that takes files, if any: files dropped anywhere in the kit's root go to it. */
  dropTarget: () => ComposerDropTarget | undefined;
  /** Registers the composer that takes files; returns the unregister. */
  registerDropTarget: (target: ComposerDropTarget) => () => void;
}

/** What a `<Composer attachments>` lets the rest of the kit do with files dragged over it. */
export interface ComposerDropTarget {
  /** Files are over the kit (true) or left it (false): the composer shows where they will go. */
  over: (on: boolean) => void;
  /** Files dropped somewhere in the kit: attached as if dropped on the composer. */
  drop: (files: File[]) => void;
}

/** One per provider. */
export function createComposerFocus(): ComposerFocus {
  let current: (() => void) | undefined;
  let target: ComposerDropTarget | undefined;
  return {
    dropTarget: () => target,
    registerDropTarget: (given) => {
      target = given;
      return () => {
        if (target === given) target = undefined;
      };
    },
    focus: () => {
      if (!current) return false;
      current();
      return true;
    },
    register: (focus) => {
      current = focus;
      return () => {
        if (current === focus) current = undefined;
      };
    },
  };
}

export const ComposerFocusContext = createContext<ComposerFocus>(createComposerFocus());
ComposerFocusContext.displayName = "ParleyComposerFocus";

/**
 * Focuses the composer's text box, if a composer is mounted; returns whether one was.
 *
 * @example
 * const focusComposer = useFocusComposer();
 * <button onClick={() => { retry(); focusComposer(); }}>Retry</button>
 */
export function useFocusComposer(): () => boolean {
  return useContext(ComposerFocusContext).focus;
}
