import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import { Slot } from "radix-ui";

export interface ActionPartProps extends ComponentPropsWithoutRef<"button"> {
  /** Renders the child element (your own button) with the part's behaviour and data attributes. */
  asChild?: boolean;
}

/**
 * Makes a headless action button from a hook that returns the action's callback, or null while it
 * cannot be taken: the button disables itself then (`disabled`, `data-state="disabled"`), composes
 * the app's own `onClick` before the action (which `preventDefault` skips), and ships no styles.
 *
 * @example
 * const Dismiss = actionPart("ErrorRecovery.Dismiss", () => useErrorRecoveryContext("ErrorRecovery.Dismiss").dismiss);
 */
export function actionPart<P extends object = object>(name: string, useAction: (props: P) => (() => unknown) | null, ownProps: readonly (keyof P)[] = []) {
  const Part = forwardRef<HTMLButtonElement, ActionPartProps & P>(function ActionPart(props, ref) {
    const action = useAction(props as unknown as P);
    const { asChild, onClick, disabled, ...rest } = props as ActionPartProps & Record<string, unknown>;
    // The part's own props (an Action's `action`) are not the element's.
    for (const key of ownProps) delete rest[key as string];
    const Comp = asChild ? Slot.Root : "button";
    const off = disabled || !action;
    return (
      <Comp
        ref={ref}
        type={asChild ? undefined : "button"}
        data-state={off ? "disabled" : "enabled"}
        {...rest}
        disabled={off}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) action?.();
        }}
      />
    );
  });
  Part.displayName = `Parley.${name}`;
  return Part;
}
