import type { RecoveryAction } from "../../core/protocol";
import { useErrorRecovery, type ErrorRecoveryState } from "../../react/useErrorRecovery";
import { actionPart } from "./actionPart";
import { partContext, partRoot, type PartRootProps } from "./partRoot";

const [ErrorRecoveryContext, usePart] = partContext<ErrorRecoveryState>("ErrorRecovery");

/**
 * The state of the nearest `<ErrorRecovery.Root>`, for parts of your own (the error's code, the
 * chosen recovery).
 *
 * @example
 * const { payload } = useErrorRecoveryContext("MyErrorCode");
 */
export function useErrorRecoveryContext(part: string): ErrorRecoveryState {
  return usePart(part);
}

export type ErrorRecoveryRootProps = PartRootProps;

/**
 * Provides the error's state to its parts: one element with `data-state` (`pending`, `answered`,
 * `declined` …), where focus lands once a recovery is chosen or the error dismissed.
 */
const Root = partRoot("ErrorRecovery", ErrorRecoveryContext, useErrorRecovery, (state, wrap) => ({
  ...state,
  recover: (action: RecoveryAction) => wrap(state.recover(action)),
  dismiss: wrap(state.dismiss),
}));

/** Answers with one recovery (`retry`, `undo`, `report`); disabled once the error is settled or when not offered. */
const Action = actionPart<{ action: RecoveryAction }>("ErrorRecovery.Action", ({ action }) => usePart("ErrorRecovery.Action").recover(action), ["action"]);

/** Dismisses the error without recovering; disabled once it is settled. */
const Dismiss = actionPart("ErrorRecovery.Dismiss", () => usePart("ErrorRecovery.Dismiss").dismiss);

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
