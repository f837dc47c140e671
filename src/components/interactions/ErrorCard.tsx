import type { ErrorPayload } from "../../core/protocol";
import type { ErrorResponse, Interaction as InteractionRecord } from "../../core/interactions";
import { useInteractionActions } from "../../react/interactions";
import { useLabels } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { InteractionFallback } from "./InteractionFallback";
import { InteractionCard, useCardFocus, useRowInteraction } from "./InteractionParts";
import { questionTitle } from "./questionTitle";
import { WarningIcon } from "../lib/cardIcons";

/**
 * An error the agent reports, in words, with its code and the ways to recover it offers (retry,
 * undo, report) as numbered buttons — the person may also type the number.
 *
 * @example
 * <ParleyUIProvider components={{ error: ErrorCard }} />
 */
export function ErrorCardView({ message }: MessageComponentProps) {
  const interaction = useRowInteraction(message);
  if (!interaction) return null;
  if (interaction.envelope?.messageType !== "error") return <InteractionFallback interaction={interaction} />;
  return <ErrorBody interaction={interaction} payload={interaction.envelope.payload} />;
}
ErrorCardView.displayName = "Parley.ErrorCardView";

function ErrorBody({ interaction, payload }: { interaction: InteractionRecord; payload: ErrorPayload }) {
  const t = useLabels();
  const { answer, decline } = useInteractionActions();
  const chosen = (interaction.response as ErrorResponse | undefined)?.action;
  const [cardRef, focusCard] = useCardFocus();
  const { title, body } = questionTitle(payload.content);
  return (
    <InteractionCard.Root ref={cardRef} interaction={interaction} data-tone="destructive">
      {/* The warning sign leads the title, on its line; titled by the type, it stands before that. */}
      <InteractionCard.Header icon={title ? undefined : <WarningIcon className="pl:text-destructive" />}>
        {title ? (
          <span className="pl:flex pl:items-start pl:gap-1.5">
            <WarningIcon className="pl:mt-0.5 pl:text-destructive" />
            <span>{title}</span>
          </span>
        ) : undefined}
      </InteractionCard.Header>
      {body ? <InteractionCard.Content>{body}</InteractionCard.Content> : null}
      {payload.code ? <p data-slot="error-code" className="pl:m-0 pl:font-mono pl:text-xs pl:text-muted-foreground">{t.interaction.errorCode(payload.code)}</p> : null}
      {interaction.status === "pending" ? (
        <InteractionCard.Actions>
          <button type="button" data-slot="error-dismiss" className={buttonVariants({ variant: "secondary" })} onClick={() => decline(interaction.id, "click").ok && focusCard()}>
            {t.interaction.decline}
          </button>
          {payload.actions.map((action, i) => {
            const number = interaction.numbers[i];
            return (
              <button
                key={action}
                type="button"
                data-slot="error-action"
                data-action={action}
                data-number={number}
                className={buttonVariants({ variant: i === 0 ? "primary" : "secondary" })}
                onClick={() => answer(interaction.id, { action }, "click").ok && focusCard()}
              >
                {number !== undefined ? <span aria-hidden className="pl:tabular-nums">{number}.</span> : null}
                {t.interaction.action[action]}
              </button>
            );
          })}
        </InteractionCard.Actions>
      ) : null}
      <InteractionCard.Outcome>{chosen ? t.interaction.action[chosen] : undefined}</InteractionCard.Outcome>
    </InteractionCard.Root>
  );
}
