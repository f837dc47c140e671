import { createContext, forwardRef, useContext, useRef, type ComponentPropsWithoutRef, type Context, type ForwardedRef, type KeyboardEvent, type ReactNode } from "react";
import { Slot } from "radix-ui";
import type { ActionResult } from "../../store";

export interface PartRootProps extends ComponentPropsWithoutRef<"div"> {
  interactionId: string;
  /** Renders the child element (your own card, or `InteractionCard.Root`) with the state and behaviour. */
  asChild?: boolean;
}

/** A compound's context and the hook its parts read it with, naming the Root it needs outside one. */
export function partContext<S>(name: string): readonly [Context<S | null>, (part: string) => S] {
  const PartContext = createContext<S | null>(null);
  PartContext.displayName = `Parley${name}`;
  const usePart = (part: string) => {
    const value = useContext(PartContext);
    if (!value) throw new Error(`<${part}> must be used inside <${name}.Root interactionId={…}>.`);
    return value;
  };
  return [PartContext, usePart] as const;
}

type Acting = (() => ActionResult) | null;

/**
 * Makes a compound's Root: reads the state with `useRootState(interactionId)`, provides it, and renders
 * one focusable element (`tabIndex={-1}`) with `data-state` (`pending`, `answered`, `timed-out` …).
 * An answer removes the button that had focus: `focusing` wraps the state's actions so a taken
 * one moves focus to the Root instead of letting it fall to `<body>`.
 */
export function partRoot<S extends { interaction: { status: string } | undefined }>(
  name: string,
  PartContext: Context<S | null>,
  useRootState: (interactionId: string) => S,
  focusing: (state: S, wrap: (act: Acting) => Acting) => S,
  /** The compound's keys (advice: a digit picks that option), after the app's own `onKeyDown`. */
  keys?: (state: S, event: KeyboardEvent<HTMLDivElement>) => void,
) {
  const Root = forwardRef<HTMLDivElement, PartRootProps>(function PartRoot({ interactionId, asChild, onKeyDown, ...props }, ref: ForwardedRef<HTMLDivElement>) {
    const own = useRef<HTMLDivElement | null>(null);
    const state = useRootState(interactionId);
    const wrap = (act: Acting): Acting =>
      act &&
      (() => {
        const result = act();
        if (result.ok) own.current?.focus();
        return result;
      });
    const Comp = asChild ? Slot.Root : "div";
    const provided: ReactNode = (
      <Comp
        ref={(node: HTMLDivElement | null) => {
          own.current = node;
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        }}
        tabIndex={-1}
        data-state={state.interaction?.status.replace("_", "-")}
        {...props}
        onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) keys?.(state, event);
        }}
      />
    );
    return <PartContext.Provider value={focusing(state, wrap)}>{provided}</PartContext.Provider>;
  });
  Root.displayName = `Parley.${name}.Root`;
  return Root;
}
