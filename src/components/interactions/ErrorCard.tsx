import type { ErrorPayload } from "../../core/protocol";
import type { Interaction as InteractionRecord } from "../../core/interactions";
import { useLabels } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { InteractionFallback } from "./InteractionFallback";
import { ErrorRecovery, useErrorRecoveryContext } from "./ErrorRecovery";
import { InteractionCard, useRowInteraction } from "./InteractionParts";
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

/** The default card: a layout over `ErrorRecovery`'s parts, styled by the kit. */
function ErrorBody({ interaction, payload }: { interaction: InteractionRecord; payload: ErrorPayload }) {
  return (
    <ErrorRecovery.Root interactionId={interaction.id} asChild>
      <InteractionCard.Root interaction={interaction} data-tone="destructive">
        <ErrorLayout interaction={interaction} payload={payload} />
      </InteractionCard.Root>
    </ErrorRecovery.Root>
  );
}

function ErrorLayout({ interaction, payload }: { interaction: InteractionRecord; payload: ErrorPayload }) {
  const t = useLabels();
  const { chosen } = useErrorRecoveryContext("ErrorCard");
  const { title, body } = questionTitle(payload.content);
  return (
    <>
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
          <ErrorRecovery.Dismiss data-slot="error-dismiss" className={buttonVariants({ variant: "secondary" })}>
            {t.interaction.decline}
          </ErrorRecovery.Dismiss>
          {payload.actions.map((action, i) => {
            const number = interaction.numbers[i];
            return (
              <ErrorRecovery.Action key={action} action={action} data-slot="error-action" data-action={action} data-number={number} className={buttonVariants({ variant: i === 0 ? "primary" : "secondary" })}>
                {number !== undefined ? <span aria-hidden className="pl:tabular-nums">{number}.</span> : null}
                {t.interaction.action[action]}
              </ErrorRecovery.Action>
            );
          })}
        </InteractionCard.Actions>
      ) : null}
      <InteractionCard.Outcome>{chosen ? t.interaction.action[chosen] : undefined}</InteractionCard.Outcome>
    </>
  );
}
