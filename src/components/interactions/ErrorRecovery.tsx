import { createContext, forwardRef, useContext, type ComponentPropsWithoutRef } from "react";
import { Slot } from "radix-ui";
import type { RecoveryAction } from "../../core/protocol";
import { useErrorRecovery, type ErrorRecoveryState } from "../../react/useErrorRecovery";
import { actionPart } from "./actionPart";

const ErrorRecoveryContext = createContext<ErrorRecoveryState | null>(null);
ErrorRecoveryContext.displayName = "ParleyErrorRecovery";

/**
 * The state of the nearest `<ErrorRecovery.Root>`.
 *
 * @example
 * const { payload } = useErrorRecoveryContext("MyErrorCode");
 */
export function useErrorRecoveryContext(part: string): ErrorRecoveryState {
  const value = useContext(ErrorRecoveryContext);
  if (!value) throw new Error(`<${part}> must be used inside <ErrorRecovery.Root interactionId={…}>.`);
  return value;
}

export interface ErrorRecoveryRootProps extends ComponentPropsWithoutRef<"div"> {
  interactionId: string;
  asChild?: boolean;
}

/** Provides the error's state to its parts; a `<div>` with `data-state` (`pending`, `answered`, `declined` …). */
const Root = forwardRef<HTMLDivElement, ErrorRecoveryRootProps>(function ErrorRecoveryRoot({ interactionId, asChild, ...props }, ref) {
  const state = useErrorRecovery(interactionId);
  const Comp = asChild ? Slot.Root : "div";
  return (
    <ErrorRecoveryContext.Provider value={state}>
      <Comp ref={ref} data-state={state.interaction?.status.replace("_", "-")} {...props} />
    </ErrorRecoveryContext.Provider>
  );
});
Root.displayName = "Parley.ErrorRecovery.Root";

/** Answers with one recovery (`retry`, `undo`, `report`); disabled once the error is settled. */
const Action = actionPart<{ action: RecoveryAction }>("ErrorRecovery.Action", ({ action }) => useErrorRecoveryContext("ErrorRecovery.Action").recover(action), ["action"]);

/** Dismisses the error without recovering; disabled once it is settled. */
const Dismiss = actionPart("ErrorRecovery.Dismiss", () => useErrorRecoveryContext("ErrorRecovery.Dismiss").dismiss);

/**
 * Headless parts of an error with ways to recover: behaviour, `asChild` and `data-state`, no
 * styles. `ErrorCard` is a layout over them.
 *
 * @example
 * <ErrorRecovery.Root interactionId={id}>
 *   <ErrorRecovery.Action action="retry" asChild><MyButton>Try again</MyButton></ErrorRecovery.Action>
 *   <ErrorRecovery.Dismiss>Dismiss</ErrorRecovery.Dismiss>
 * </ErrorRecovery.Root>
 */
export const ErrorRecovery = { Root, Action, Dismiss };
