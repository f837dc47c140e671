import { useId } from "react";
import { Advice, ErrorRecovery, InputRequest, useAdviceContext, useErrorRecoveryContext, useInputRequestContext } from "../../src/headless";

/** An advice card of plain elements over `Advice`'s parts: the options as radio buttons, a Submit. */
export function PlainAdviceCard({ interactionId }: { interactionId: string }) {
  return (
    <Advice.Root interactionId={interactionId} role="group" aria-label="Advice">
      <AdviceOptions />
      <Advice.Decline>Not now</Advice.Decline>
      <Advice.Submit>Book it</Advice.Submit>
    </Advice.Root>
  );
}

function AdviceOptions() {
  const { payload } = useAdviceContext("AdviceOptions");
  return (
    <div role="radiogroup" aria-label={payload?.content}>
      {payload?.options.map((option) => (
        <Advice.Option key={option.id} value={option.id}>
          {option.label}
        </Advice.Option>
      ))}
    </div>
  );
}

/** An input-request card of plain elements over `InputRequest`'s parts: one labelled field, Submit. */
export function PlainInputCard({ interactionId }: { interactionId: string }) {
  const cityId = useId();
  return (
    <InputRequest.Root interactionId={interactionId} role="group" aria-label="Input">
      <InputQuestion />
      <label htmlFor={cityId}>City</label>
      <InputRequest.Field id={cityId} name="city" />
      <InputRequest.Decline>Not now</InputRequest.Decline>
      <InputRequest.Submit>Send</InputRequest.Submit>
    </InputRequest.Root>
  );
}

function InputQuestion() {
  const { payload } = useInputRequestContext("InputQuestion");
  return <p>{payload?.content}</p>;
}

/** An error card of plain elements over `ErrorRecovery`'s parts: the error in words, Retry, Dismiss, the outcome. */
export function PlainErrorCard({ interactionId }: { interactionId: string }) {
  return (
    <ErrorRecovery.Root interactionId={interactionId} role="group" aria-label="Error">
      <ErrorWords />
      <ErrorRecovery.Action action="retry">Try again</ErrorRecovery.Action>
      <ErrorRecovery.Action action="report">Tell support</ErrorRecovery.Action>
      <ErrorRecovery.Dismiss>Dismiss</ErrorRecovery.Dismiss>
    </ErrorRecovery.Root>
  );
}

function ErrorWords() {
  const { payload, chosen } = useErrorRecoveryContext("ErrorWords");
  return (
    <p>
      {payload?.content}
      {chosen ? ` (chosen: ${chosen})` : ""}
    </p>
  );
}
