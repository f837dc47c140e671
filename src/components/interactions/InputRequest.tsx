import { forwardRef, type ChangeEvent, type ComponentPropsWithoutRef } from "react";
import { Slot } from "radix-ui";
import { useInputRequest, type InputRequestState } from "../../react/useInputRequest";
import { actionPart } from "./actionPart";
import { partContext, partRoot, type PartRootProps } from "./partRoot";

const [InputRequestContext, usePart] = partContext<InputRequestState>("InputRequest");

/**
 * The state of the nearest `<InputRequest.Root>`, for parts of your own (the kit's `SchemaForm`
 * fed with `submit`, a read-only view of `values`).
 *
 * @example
 * const { payload, submit } = useInputRequestContext("MyForm");
 */
export function useInputRequestContext(part: string): InputRequestState {
  return usePart(part);
}

export type InputRequestRootProps = PartRootProps;

/** Provides the request's state to its parts: one element with `data-state`, where focus lands after an answer. */
const Root = partRoot("InputRequest", InputRequestContext, useInputRequest, (state, wrap) => ({
  ...state,
  submit: state.submit && ((values) => wrap(() => state.submit!(values))!()),
  decline: wrap(state.decline),
}));

export interface InputRequestFieldProps extends ComponentPropsWithoutRef<"input"> {
  /** The property of the request's schema this field fills. */
  name: string;
  asChild?: boolean;
}

/**
 * An `<input>` bound to one property of the answer: `type="checkbox"` gives a boolean,
 * `type="number"` a number, anything else the text. `data-state="empty|filled"`; disabled unless
 * the request is open or being corrected. Label it yourself.
 */
const Field = forwardRef<HTMLInputElement, InputRequestFieldProps>(function InputRequestField({ name, asChild, type, onChange, ...props }, ref) {
  const { draft, setField, submit } = usePart("InputRequest.Field");
  const value = draft[name];
  const Comp = asChild ? Slot.Root : "input";
  return (
    <Comp
      ref={ref}
      name={name}
      type={type}
      {...(type === "checkbox" ? { checked: value === true } : { value: typeof value === "string" || typeof value === "number" ? value : "" })}
      data-state={value === undefined || value === "" ? "empty" : "filled"}
      disabled={!submit}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange?.(event);
        const input = event.target;
        if (!event.defaultPrevented) setField(name, type === "checkbox" ? input.checked : type === "number" ? (input.value === "" ? undefined : Number(input.value)) : input.value);
      }}
    />
  );
});
Field.displayName = "Parley.InputRequest.Field";

/** Sends the fields as typed (answers, or corrects while correcting); disabled when neither can be done. */
const Submit = actionPart("InputRequest.Submit", () => {
  const { submit } = usePart("InputRequest.Submit");
  return submit && (() => submit());
});

/** Declines the request; disabled once it is settled. */
const Decline = actionPart("InputRequest.Decline", () => usePart("InputRequest.Decline").decline);

/**
 * Headless parts of an input request: behaviour, `asChild` and `data-state`, no styles.
 * `InputRequestForm` is a layout over them with the kit's JSON Schema form.
 *
 * @example
 * <InputRequest.Root interactionId={id}>
 *   <label>City <InputRequest.Field name="city" /></label>
 *   <InputRequest.Decline>Not now</InputRequest.Decline>
 *   <InputRequest.Submit>Send</InputRequest.Submit>
 * </InputRequest.Root>
 */
export const InputRequest = { Root, Field, Submit, Decline };
