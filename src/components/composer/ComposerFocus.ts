import { createContext, useContext } from "react";

/**
 * Where focus goes after an action that removes the focused control (Retry, Stop, a run that
 * ends while Stop had focus): the `<Composer>` of the same `<ParleyUIProvider>` registers its text
 * box while it is mounted, so parts beside it (the run error) hand focus back to it instead of
 * leaving it on `<body>`.
 */
export interface ComposerFocus {
  /** Focuses the registered text box; false when no composer is mounted. */
  focus: () => boolean;
  /** Registers what `focus` does; returns the unregister. */
  register: (focus: () => void) => () => void;
}

/** One per provider. */
export function createComposerFocus(): ComposerFocus {
  let current: (() => void) | undefined;
  return {
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
