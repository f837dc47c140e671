import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import { Slot } from "radix-ui";
import { useAdvice, type AdviceState } from "../../react/useAdvice";
import { actionPart } from "./actionPart";
import { partContext, partRoot, type PartRootProps } from "./partRoot";

const [AdviceContext, usePart] = partContext<AdviceState>("Advice");

/**
 * The state of the nearest `<Advice.Root>`, for parts of your own (an option list in your design
 * system's radio group, the outcome line).
 *
 * @example
 * const { payload, chosen, pick } = useAdviceContext("MyOptions");
 */
export function useAdviceContext(part: string): AdviceState {
  return usePart(part);
}

export type AdviceRootProps = PartRootProps;

/**
 * Provides the advice's state to its parts: one element with `data-state`, where focus lands after
 * an answer. While the advice is open, a digit key picks the option with that number (and moves
 * focus to its element, found by `data-option-id`).
 */
const Root = partRoot(
  "Advice",
  AdviceContext,
  useAdvice,
  (state, wrap) => ({ ...state, submit: wrap(state.submit), accept: wrap(state.accept), reject: wrap(state.reject), decline: wrap(state.decline) }),
  (state, event) => {
    if (!state.pending || event.altKey || event.ctrlKey || event.metaKey || !/^[0-9]$/.test(event.key)) return;
    if ((event.target as HTMLElement).closest("input[type=text],textarea")) return;
    const option = state.payload?.options.find((o) => state.numberOf(o.id) === Number(event.key));
    if (!option) return;
    event.preventDefault();
    state.pick(option.id, "key");
    [...event.currentTarget.querySelectorAll<HTMLElement>("[data-option-id]")].find((el) => el.dataset.optionId === option.id)?.focus();
  },
);

export interface AdviceOptionProps extends ComponentPropsWithoutRef<"button"> {
  /** The option's id, as the agent sent it. */
  value: string;
  asChild?: boolean;
}

/**
 * One option: a `role="radio"` button (`role="checkbox"` when several may be chosen) with
 * `aria-checked`, `data-state="checked|unchecked"`, `data-option-id` and `data-number`; a click
 * picks it. Disabled once the advice is settled. Put them in an element with `role="radiogroup"`
 * (or `group`) named by the question.
 */
const Option = forwardRef<HTMLButtonElement, AdviceOptionProps>(function AdviceOption({ value, asChild, onClick, ...props }, ref) {
  const { payload, pending, chosen, pick, numberOf } = usePart("Advice.Option");
  const checked = chosen.includes(value);
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : "button"}
      role={payload?.multiple ? "checkbox" : "radio"}
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      data-option-id={value}
      data-number={numberOf(value)}
      disabled={!pending}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) pick(value);
      }}
    />
  );
});
Option.displayName = "Parley.Advice.Option";

/** Answers with the options chosen; disabled until one is. */
const Submit = actionPart("Advice.Submit", () => usePart("Advice.Submit").submit);
/** Accepts advice that has no options. */
const Accept = actionPart("Advice.Accept", () => usePart("Advice.Accept").accept);
/** Rejects advice that has no options. */
const Reject = actionPart("Advice.Reject", () => usePart("Advice.Reject").reject);
/** Declines the advice; disabled once it is settled. */
const Decline = actionPart("Advice.Decline", () => usePart("Advice.Decline").decline);

/**
 * Headless parts of an agent's advice: behaviour, `asChild` and `data-state`, no styles.
 * `AdviceCard` is a layout over them.
 *
 * @example
 * <Advice.Root interactionId={id}>
 *   <div role="radiogroup" aria-label="Which train?">
 *     <Advice.Option value="t0705">07:05</Advice.Option>
 *     <Advice.Option value="t0904">09:04</Advice.Option>
 *   </div>
 *   <Advice.Decline>Not now</Advice.Decline>
 *   <Advice.Submit asChild><MyButton>Book it</MyButton></Advice.Submit>
 * </Advice.Root>
 */
export const Advice = { Root, Option, Submit, Accept, Reject, Decline };
