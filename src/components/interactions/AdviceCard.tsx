import { useState, type FormEvent, type KeyboardEvent } from "react";
import { Checkbox, RadioGroup } from "radix-ui";
import type { AdviceOption, AdvicePayload } from "../../core/protocol";
import type { AdviceResponse, Interaction as InteractionRecord } from "../../core/interactions";
import { useInteractionActions } from "../../react/interactions";
import { useConfidenceReader } from "../../react/support";
import { ConfidenceLabel } from "../message/ConfidenceLabel";
import { useLabels } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { InteractionFallback } from "./InteractionFallback";
import { InteractionCard, useCardFocus, useRowInteraction } from "./InteractionParts";

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

function AdviceBody({ interaction, payload }: { interaction: InteractionRecord; payload: AdvicePayload }) {
  const t = useLabels();
  const { answer, decline } = useInteractionActions();
  const pending = interaction.status === "pending";
  const [chosen, setChosen] = useState<string[]>([]);
  // How the current choice was made, so the answer records "key" when the person used digit keys.
  const [pickedBy, setPickedBy] = useState<"click" | "key">("click");
  const [cardRef, focusCard] = useCardFocus();
  const numberOf = (option: AdviceOption) => interaction.numbers[payload.options.indexOf(option)];

  const submit = (how: "click" | "key") => {
    if (chosen.length && answer(interaction.id, { action: "choose", optionIds: chosen, numbers: [] }, how).ok) focusCard();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(pickedBy);
  };
  // Digit keys pick the option with that number (single-digit numbers; the composer takes any number).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!pending || event.altKey || event.ctrlKey || event.metaKey || !/^[0-9]$/.test(event.key)) return;
    if ((event.target as HTMLElement).closest("input[type=text],textarea")) return;
    const option = payload.options.find((o) => numberOf(o) === Number(event.key));
    if (!option) return;
    event.preventDefault();
    setPickedBy("key");
    setChosen((current) => (payload.multiple ? (current.includes(option.id) ? current.filter((id) => id !== option.id) : [...current, option.id]) : [option.id]));
    const target = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-option-id]")].find((el) => el.dataset.optionId === option.id);
    target?.focus();
  };

  const response = interaction.response as AdviceResponse | undefined;
  const outcome =
    response?.action === "choose"
      ? t.interaction.chosen(response.optionIds.map((id, i) => `${response.numbers[i] ?? ""} ${payload.options.find((o) => o.id === id)?.label ?? id}`.trim()).join(", "))
      : response?.action === "text" ? t.interaction.saidText(response.text)
      : response?.action === "accept" ? t.interaction.accept
      : response?.action === "reject" ? t.interaction.reject
      : undefined;

  return (
    <InteractionCard.Root ref={cardRef} interaction={interaction} onKeyDown={onKeyDown}>
      <InteractionCard.Header />
      <InteractionCard.Content>{payload.content}</InteractionCard.Content>
      {payload.options.length === 0 ? (
        pending ? (
          <InteractionCard.Actions>
            <button type="button" data-slot="advice-accept" className={buttonVariants({ variant: "primary" })} onClick={() => answer(interaction.id, { action: "accept" }, "click").ok && focusCard()}>
              {t.interaction.accept}
            </button>
            <button type="button" data-slot="advice-reject" className={buttonVariants({ variant: "secondary" })} onClick={() => answer(interaction.id, { action: "reject" }, "click").ok && focusCard()}>
              {t.interaction.reject}
            </button>
          </InteractionCard.Actions>
        ) : null
      ) : (
        <form data-slot="advice-form" onSubmit={onSubmit} className="pl:flex pl:flex-col pl:gap-3">
          <OptionList payload={payload} numberOf={numberOf} chosen={pending ? chosen : chosenIds(response)} onChange={(ids) => { setPickedBy("click"); setChosen(ids); }} disabled={!pending} label={payload.content} />
          {pending ? (
            <InteractionCard.Actions>
              <button type="submit" data-slot="advice-submit" className={buttonVariants({ variant: "primary" })} disabled={chosen.length === 0}>
                {t.interaction.choose}
              </button>
              <button type="button" data-slot="advice-decline" className={buttonVariants({ variant: "secondary" })} onClick={() => decline(interaction.id, "click").ok && focusCard()}>
                {t.interaction.decline}
              </button>
            </InteractionCard.Actions>
          ) : null}
        </form>
      )}
      {pending && payload.allowFreeText ? <p data-slot="advice-free-text-hint" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.interaction.freeTextHint}</p> : null}
      <InteractionCard.Outcome>{outcome}</InteractionCard.Outcome>
    </InteractionCard.Root>
  );
}

function chosenIds(response: AdviceResponse | undefined): string[] {
  return response?.action === "choose" ? [...response.optionIds] : [];
}

interface OptionListProps {
  payload: AdvicePayload;
  numberOf: (option: AdviceOption) => number | undefined;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
  label: string;
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
function OptionList({ payload, numberOf, chosen, onChange, disabled, label }: OptionListProps) {
  const t = useLabels();
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
        onValueChange={(value) => onChange([value])}
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
          onCheckedChange={(checked) => onChange(checked === true ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
          className={optionClass}
        >
          <OptionText option={option} number={numberOf(option)} />
        </Checkbox.Root>
      ))}
    </div>
  );
}
