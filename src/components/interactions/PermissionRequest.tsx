import { forwardRef, type ChangeEvent, type ComponentPropsWithoutRef, type KeyboardEvent, type MouseEvent } from "react";
import { Slot } from "radix-ui";
import type { GrantScope } from "../../core/policy/types";
import { usePermissionRequest, type PermissionRequestState } from "../../react/usePermissionRequest";
import { actionPart } from "./actionPart";
import { partContext, partRoot, type PartRootProps } from "./partRoot";

const [PermissionRequestContext, usePart] = partContext<PermissionRequestState>("PermissionRequest");

/**
 * The state of the nearest `<PermissionRequest.Root>`, for the parts of a card of your own that
 * the compound has none for (the arguments editor, the batch size, the expiry).
 *
 * @example
 * const { editing, setEditing, argsText, setArgsText } = usePermissionRequestContext("MyArgsEditor");
 */
export function usePermissionRequestContext(part: string): PermissionRequestState {
  return usePart(part);
}

export type PermissionRequestRootProps = PartRootProps;

/**
 * Provides the request's state to its parts; one element (a `<div>`, or your own with `asChild`)
 * with `data-state`, where focus lands after Approve or Decline.
 */
const Root = partRoot("PermissionRequest", PermissionRequestContext, usePermissionRequest, (state, wrap) => ({ ...state, approve: wrap(state.approve), decline: wrap(state.decline) }));

/** Approves with what the person chose; disabled until the typed text matches, the arguments parse and the scope is whole. */
const Approve = actionPart("PermissionRequest.Approve", () => usePermissionRequestContext("PermissionRequest.Approve").approve);

/** Declines the request; disabled once it is settled. */
const Decline = actionPart("PermissionRequest.Decline", () => usePermissionRequestContext("PermissionRequest.Decline").decline);

export interface PermissionRequestTypedConfirmProps extends ComponentPropsWithoutRef<"input"> {
  asChild?: boolean;
}

/**
 * The text field for a typed confirmation: `data-state="empty|match|mismatch"`, `aria-invalid`
 * on a mismatch, Enter approves. Renders nothing when the request asks for none or is settled;
 * label it with the words of `confirmText`.
 */
const TypedConfirm = forwardRef<HTMLInputElement, PermissionRequestTypedConfirmProps>(function TypedConfirm({ asChild, onChange, onKeyDown, ...props }, ref) {
  const { pending, confirmText, typed, setTyped, typedState, approve } = usePermissionRequestContext("PermissionRequest.TypedConfirm");
  if (!pending || confirmText === undefined) return null;
  const Comp = asChild ? Slot.Root : "input";
  return (
    <Comp
      ref={ref}
      value={typed}
      autoComplete="off"
      spellCheck={false}
      data-state={typedState}
      aria-invalid={typedState === "mismatch" || undefined}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange?.(event);
        if (!event.defaultPrevented) setTyped(event.target.value);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || event.key !== "Enter") return;
        event.preventDefault();
        approve?.();
      }}
    />
  );
});
TypedConfirm.displayName = "Parley.PermissionRequest.TypedConfirm";

export interface PermissionRequestScopeProps extends ComponentPropsWithoutRef<"button"> {
  /** How far the approval reaches when this is chosen. */
  value: GrantScope;
  /** For `conditional`: which of the policy's conditions (its index). */
  condition?: number;
  asChild?: boolean;
}

/**
 * One way the approval may reach ("allow once", "this session"): a `role="radio"` button with
 * `aria-checked` and `data-state="checked|unchecked"`; put them in an element with
 * `role="radiogroup"`. Renders nothing unless the policy offers that scope (and condition).
 */
const Scope = forwardRef<HTMLButtonElement, PermissionRequestScopeProps>(function Scope({ value, condition, asChild, onClick, ...props }, ref) {
  const state = usePermissionRequestContext("PermissionRequest.Scope");
  const offered = value === "conditional" ? state.conditions[condition ?? 0] !== undefined : state.scopes.includes(value);
  if (!state.choosing || !offered) return null;
  const checked = state.scope === value && (value !== "conditional" || state.condition === (condition ?? 0));
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : "button"}
      role="radio"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      data-scope={value}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) state.setScope(value, condition);
      }}
    />
  );
});
Scope.displayName = "Parley.PermissionRequest.Scope";

/**
 * Headless parts of a permission request: behaviour, `asChild` and `data-state`, no styles.
 * `PermissionRequestCard` is a layout over them; build your own card from them with your design
 * system's elements.
 *
 * @example
 * <PermissionRequest.Root interactionId={id}>
 *   <label>Type the file name <PermissionRequest.TypedConfirm /></label>
 *   <PermissionRequest.Decline asChild><MyButton variant="ghost">Keep it</MyButton></PermissionRequest.Decline>
 *   <PermissionRequest.Approve asChild><MyButton variant="danger">Delete</MyButton></PermissionRequest.Approve>
 * </PermissionRequest.Root>
 */
export const PermissionRequest = { Root, Approve, Decline, TypedConfirm, Scope };
