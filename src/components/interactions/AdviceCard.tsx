import { Checkbox, RadioGroup } from "radix-ui";
import type { AdviceOption, AdvicePayload } from "../../core/protocol";
import type { Interaction as InteractionRecord } from "../../core/interactions";
import { useConfidenceReader } from "../../react/support";
import { ConfidenceLabel } from "../message/ConfidenceLabel";
import { useLabels } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { InteractionFallback } from "./InteractionFallback";
import { Advice, useAdviceContext } from "./Advice";
import { InteractionCard, useRowInteraction } from "./InteractionParts";
import { questionTitle } from "./questionTitle";

/**
 * Advice: the agent's suggestion or question with numbered options (seed 000's enumeration). One
 * choice is a Radix radio group, several a group of checkboxes; each option shows its number, and
 * typing that digit while the card has focus picks it. Without options the advice is accepted or
 * rejected. Settled, the card is read-only and shows what was chosen, how and when.
 *
 * @example
 * <ParleyUIProvider components={{ advice: AdviceCard }} />
 */
export function AdviceCardView({ message }: MessageComponentProps) {
  const interaction = useRowInteraction(message);
  if (!interaction) return null;
  if (interaction.status === "streaming") return <StreamingAdvice interaction={interaction} />;
  if (interaction.envelope?.messageType !== "advice") return <InteractionFallback interaction={interaction} />;
  return <AdviceBody interaction={interaction} payload={interaction.envelope.payload} />;
}
AdviceCardView.displayName = "Parley.AdviceCardView";

/** The arguments so far, as the agent writes them: text and options appear, nothing is answerable yet. */
function StreamingAdvice({ interaction }: { interaction: InteractionRecord }) {
  const t = useLabels();
  const draft = (interaction.draft ?? {}) as { content?: unknown; options?: unknown };
  const options = Array.isArray(draft.options) ? draft.options.filter((o: unknown): o is { label: string } => typeof (o as { label?: unknown } | null | undefined)?.label === "string") : [];
  return (
    <InteractionCard.Root interaction={interaction}>
      <InteractionCard.Header />
      <InteractionCard.Content>{typeof draft.content === "string" ? draft.content : t.interaction.streaming}</InteractionCard.Content>
      {options.length ? (
        <ul data-slot="advice-options" className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-1 pl:p-0 pl:text-muted-foreground">
          {options.map((option, i) => <li key={i}>{option.label}</li>)}
        </ul>
      ) : null}
    </InteractionCard.Root>
  );
}

/** The default card: a layout over `Advice`'s parts, styled by the kit. */
function AdviceBody({ interaction, payload }: { interaction: InteractionRecord; payload: AdvicePayload }) {
  return (
    <Advice.Root interactionId={interaction.id} asChild>
      <InteractionCard.Root interaction={interaction} data-tone="info">
        <AdviceLayout payload={payload} />
      </InteractionCard.Root>
    </Advice.Root>
  );
}

function AdviceLayout({ payload }: { payload: AdvicePayload }) {
  const t = useLabels();
  const { pending, response } = useAdviceContext("AdviceCard");
  const outcome =
    response?.action === "choose"
      ? t.interaction.chosen(response.optionIds.map((id, i) => `${response.numbers[i] ?? ""} ${payload.options.find((o) => o.id === id)?.label ?? id}`.trim()).join(", "))
      : response?.action === "text" ? t.interaction.saidText(response.text)
      : response?.action === "accept" ? t.interaction.accept
      : response?.action === "reject" ? t.interaction.reject
      : undefined;

  const { title, body } = questionTitle(payload.content);
  return (
    <>
      <InteractionCard.Header>{title}</InteractionCard.Header>
      {body ? <InteractionCard.Content>{body}</InteractionCard.Content> : null}
      {payload.options.length === 0 ? (
        pending ? (
          <InteractionCard.Actions>
            <Advice.Reject data-slot="advice-reject" className={buttonVariants({ variant: "secondary" })}>
              {t.interaction.reject}
            </Advice.Reject>
            <Advice.Accept data-slot="advice-accept" className={buttonVariants({ variant: "primary" })}>
              {t.interaction.accept}
            </Advice.Accept>
          </InteractionCard.Actions>
        ) : null
      ) : (
        <div data-slot="advice-form" className="pl:flex pl:flex-col pl:gap-3">
          {/* The card is named by its title; the options take the question's words only when the title is not all of them. */}
          <OptionList payload={payload} label={body ? payload.content : undefined} />
          {pending ? (
            <InteractionCard.Actions>
              <Advice.Decline data-slot="advice-decline" className={buttonVariants({ variant: "secondary" })}>
                {t.interaction.decline}
              </Advice.Decline>
              <Advice.Submit data-slot="advice-submit" className={buttonVariants({ variant: "primary" })}>
                {t.interaction.choose}
              </Advice.Submit>
            </InteractionCard.Actions>
          ) : null}
        </div>
      )}
      {pending && payload.allowFreeText ? <p data-slot="advice-free-text-hint" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.interaction.freeTextHint}</p> : null}
      <InteractionCard.Outcome>{outcome}</InteractionCard.Outcome>
    </>
  );
}

interface OptionListProps {
  payload: AdvicePayload;
  /** The options' group name; none when the card's title already is the question. */
  label: string | undefined;
}

const optionClass =
  "pl:flex pl:w-full pl:items-start pl:gap-3 pl:rounded-md pl:border pl:border-border pl:bg-background pl:p-3 pl:text-start pl:text-foreground pl:hover:bg-accent pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:data-[state=checked]:border-primary pl:data-[state=checked]:bg-accent pl:disabled:cursor-default pl:disabled:hover:bg-background pl:disabled:data-[state=checked]:bg-accent";

function OptionText({ option, number }: { option: AdviceOption; number: number | undefined }) {
  return (
    <>
      {number !== undefined ? <InteractionCard.Number value={number} aria-hidden /> : null}
      <span className="pl:flex pl:flex-col">
        <span data-slot="advice-option-label" className="pl:font-medium">{option.label}</span>
        {option.description ? <span data-slot="advice-option-description" className="pl:text-xs pl:text-muted-foreground">{option.description}</span> : null}
        <ConfidenceLabel score={option.confidence} className="pl:mt-1" />
      </span>
    </>
  );
}

/** The options: a radio group for one choice, checkboxes for several; the number is part of each name. */
function OptionList({ payload, label }: OptionListProps) {
  const t = useLabels();
  // Radix's radio group and checkboxes (arrow keys, roving focus) over the advice's state.
  const advice = useAdviceContext("AdviceCard.Options");
  const { chosen, pick } = advice;
  const disabled = !advice.pending;
  const numberOf = (option: AdviceOption) => advice.numberOf(option.id);
  const confidenceOf = useConfidenceReader();
  const name = (option: AdviceOption) => {
    const n = numberOf(option);
    const named = n === undefined ? option.label : `${t.interaction.optionNumber(n)}: ${option.label}`;
    // The option's name is its aria-label, so the confidence shown inside it is said with it.
    const confidence = confidenceOf(option.confidence);
    return confidence ? `${named}, ${t.support.confidence(confidence.level, confidence.score.toFixed(2))}` : named;
  };
  if (!payload.multiple) {
    return (
      <RadioGroup.Root
        data-slot="advice-options"
        aria-label={label}
        value={chosen[0] ?? ""}
        onValueChange={(value) => pick(value)}
        disabled={disabled}
        className="pl:flex pl:flex-col pl:gap-2"
      >
        {payload.options.map((option) => (
          <RadioGroup.Item key={option.id} value={option.id} data-slot="advice-option" data-option-id={option.id} data-number={numberOf(option)} aria-label={name(option)} className={optionClass}>
            <OptionText option={option} number={numberOf(option)} />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    );
  }
  return (
    <div role="group" aria-label={label} data-slot="advice-options" className="pl:flex pl:flex-col pl:gap-2">
      {payload.options.map((option) => (
        <Checkbox.Root
          key={option.id}
          data-slot="advice-option"
          data-option-id={option.id}
          data-number={numberOf(option)}
          aria-label={name(option)}
          checked={chosen.includes(option.id)}
          disabled={disabled}
          onCheckedChange={() => pick(option.id)}
          className={optionClass}
        >
          <OptionText option={option} number={numberOf(option)} />
        </Checkbox.Root>
      ))}
    </div>
  );
}
