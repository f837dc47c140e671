import type { InputRequestPayload } from "../../core/protocol";
import type { Interaction as InteractionRecord } from "../../core/interactions";
import { useLabels } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { InteractionFallback } from "./InteractionFallback";
import { InputRequest, useInputRequestContext } from "./InputRequest";
import { InteractionCard, useCardFocus, useRowInteraction } from "./InteractionParts";
import { preloadSchemaForm, SchemaForm } from "./SchemaForm";
import { questionTitle } from "./questionTitle";

/**
 * An input request: the agent's question and a form built from its JSON Schema, validated before
 * it is sent. Submitting answers it; Decline declines it. An answer can be corrected until the
 * run that carries it to the agent starts (seed 000's 中途修改); after that the card is read-only.
 *
 * @example
 * <ParleyUIProvider components={{ input_request: InputRequestForm }} />
 */
export function InputRequestFormView({ message }: MessageComponentProps) {
  const t = useLabels();
  const interaction = useRowInteraction(message);
  if (!interaction) return null;
  if (interaction.envelope?.messageType !== "input_request") {
    if (interaction.status !== "streaming") return <InteractionFallback interaction={interaction} />;
    // The form is needed as soon as the question is complete: fetch it while the agent writes.
    preloadSchemaForm();
    const draft = (interaction.draft ?? {}) as { content?: unknown };
    return (
      <InteractionCard.Root interaction={interaction}>
        <InteractionCard.Header />
        <InteractionCard.Content>{typeof draft.content === "string" ? draft.content : t.interaction.streaming}</InteractionCard.Content>
      </InteractionCard.Root>
    );
  }
  return <InputBody interaction={interaction} payload={interaction.envelope.payload} />;
}
InputRequestFormView.displayName = "Parley.InputRequestFormView";

/** The default card: a layout over `InputRequest`'s parts, with the kit's JSON Schema form checking the values. */
function InputBody({ interaction, payload }: { interaction: InteractionRecord; payload: InputRequestPayload }) {
  const [cardRef, focusCard] = useCardFocus();
  return (
    <InputRequest.Root interactionId={interaction.id} asChild>
      <InteractionCard.Root ref={cardRef} interaction={interaction} data-tone="info">
        <InputLayout payload={payload} focusCard={focusCard} />
      </InteractionCard.Root>
    </InputRequest.Root>
  );
}

function InputLayout({ payload, focusCard }: { payload: InputRequestPayload; focusCard: () => void }) {
  const t = useLabels();
  const { pending, values, correctable, correcting, setCorrecting, submit, decline } = useInputRequestContext("InputRequestForm");
  // The button that opened or closed the correction is gone afterwards: focus the card instead.
  const setCorrectingAndFocus = (next: boolean) => {
    setCorrecting(next);
    focusCard();
  };

  const { title, body } = questionTitle(payload.content);
  return (
    <>
      <InteractionCard.Header>{title}</InteractionCard.Header>
      {body ? <InteractionCard.Content>{body}</InteractionCard.Content> : null}
      {pending ? (
        <SchemaForm schema={payload.schema} onSubmit={(v) => submit?.(v)} onCancel={() => decline?.()} cancelLabel={t.interaction.decline} />
      ) : correcting ? (
        <SchemaForm
          schema={payload.schema}
          defaultValues={values}
          submitLabel={t.interaction.saveChange}
          cancelLabel={t.interaction.cancelChange}
          onSubmit={(v) => submit?.(v)}
          onCancel={() => setCorrectingAndFocus(false)}
        />
      ) : values ? (
        <SchemaForm schema={payload.schema} defaultValues={values} readOnly onSubmit={() => undefined} />
      ) : null}
      {correctable && !correcting ? (
        <InteractionCard.Actions>
          <button type="button" data-slot="input-change" className={buttonVariants({ variant: "secondary" })} onClick={() => setCorrectingAndFocus(true)}>
            {t.interaction.changeAnswer}
          </button>
        </InteractionCard.Actions>
      ) : null}
      <InteractionCard.Outcome />
    </>
  );
}
