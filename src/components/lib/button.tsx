import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "./cn";

/**
 * The kit's one button look, by intent and size; every card, form, composer and message action
 * takes its classes from here. Disabled is the element's own `disabled`, styled by `:disabled`;
 * the variant and size are mirrored to `data-variant` / `data-size` by `Button`.
 *
 * @example
 * <button className={buttonVariants({ variant: "secondary", size: "sm" })}>Keep editing</button>
 */
export const buttonVariants = cva(
  // Disabled is the same button, faded, with a not-allowed cursor and no hover: in both schemes it
  // reads as "not now" next to its enabled self, never as another kind of button.
  "pl:inline-flex pl:items-center pl:justify-center pl:gap-1.5 pl:rounded-md pl:transition-colors pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-50",
  {
    variants: {
      variant: {
        /** A saturated fill with white text, in light and dark (`--parley-primary-solid`). */
        primary: "pl:bg-primary-solid pl:text-primary-solid-foreground pl:enabled:hover:bg-primary-solid/90",
        /** The same weight in red: an act that cannot be undone. */
        destructive: "pl:bg-destructive-solid pl:text-destructive-solid-foreground pl:enabled:hover:bg-destructive-solid/90",
        secondary: "pl:border pl:border-border pl:bg-background pl:text-foreground pl:enabled:hover:bg-muted",
        /** No fill until hovered: the icon actions after a message. */
        ghost: "pl:text-current pl:enabled:hover:bg-muted pl:enabled:hover:text-foreground",
      },
      size: {
        /** 36 px, 44 px on a touch screen: the cards' answers. */
        default: "pl:min-h-9 pl:px-4 pl:text-sm pl:font-medium pl:pointer-coarse:min-h-11",
        /** 40 px: a form's Submit and Cancel. */
        lg: "pl:h-10 pl:min-w-24 pl:px-4 pl:font-medium",
        /** 32 px: secondary answers inside a queue or the composer. */
        sm: "pl:min-h-8 pl:px-3 pl:text-xs pl:font-medium pl:pointer-coarse:min-h-11",
        /** 24 px, 44 px on a touch screen: small text buttons. */
        xs: "pl:h-6 pl:min-w-6 pl:px-1.5 pl:text-xs pl:pointer-coarse:h-11 pl:pointer-coarse:min-w-11",
        /** A 28 px square for one icon, 44 px on a touch screen: Copy, Edit, Regenerate, the branch arrows. */
        icon: "pl:size-7 pl:pointer-coarse:size-11",
      },
    },
    defaultVariants: { variant: "primary", size: "default" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;

export interface ButtonProps extends ComponentPropsWithoutRef<"button">, ButtonVariantProps {
  /** Renders the child element (a link, a Radix trigger) with the button's look and props. */
  asChild?: boolean;
}

/**
 * A button in the kit's look (`buttonVariants`), `type="button"` unless told otherwise, with
 * `data-slot="button"`, `data-variant` and `data-size` for styles and tests.
 *
 * @example
 * <Button variant="secondary" onClick={onCancel}>Cancel</Button>
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, asChild, className, ...props }, ref) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : "button"}
      data-slot="button"
      data-variant={variant ?? "primary"}
      data-size={size ?? "default"}
      {...props}
      className={cn(buttonVariants({ variant, size }), className)}
    />
  );
});
Button.displayName = "Parley.Button";
