import { Collapsible } from "radix-ui";
import type { Interaction as InteractionRecord } from "../../core/interactions";
import { useLabels } from "../../i18n/LabelsContext";
import { InteractionCard } from "./InteractionParts";

/**
 * An interaction no component can show: a malformed envelope (with the reason) or a type nobody
 * registered. What arrived is shown as text — React escapes it, so nothing in it can run.
 *
 * @example
 * <InteractionFallback interaction={interaction} />
 */
export function InteractionFallback({ interaction }: { interaction: InteractionRecord }) {
  const t = useLabels();
  // A known question the run cut off before its envelope was complete: nothing arrived that
  // could be wrong, so it is shown as withdrawn (with why), not as an unknown type.
  if (interaction.status === "withdrawn" && !interaction.envelope) {
    return (
      <InteractionCard.Root interaction={interaction}>
        <InteractionCard.Header />
        <InteractionCard.Outcome />
      </InteractionCard.Root>
    );
  }
  let raw: string;
  try {
    raw = JSON.stringify(interaction.raw ?? interaction.envelope ?? interaction.draft ?? null, null, 2) ?? "";
  } catch {
    raw = String(interaction.raw);
  }
  return (
    <InteractionCard.Root interaction={interaction} data-variant="fallback" className="pl:border-dashed">
      <InteractionCard.Header>{interaction.status === "invalid" ? t.interaction.invalid : t.unknownMessage(interaction.messageType)}</InteractionCard.Header>
      {interaction.problem ? <p data-slot="interaction-problem" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{interaction.problem}</p> : null}
      <Collapsible.Root data-slot="interaction-raw">
        <Collapsible.Trigger className="pl:text-xs pl:underline pl:underline-offset-2 pl:focus-visible:outline-2 pl:focus-visible:outline-ring">{t.rawPayload}</Collapsible.Trigger>
        <Collapsible.Content>
          <pre className="pl:mt-2 pl:max-h-64 pl:overflow-auto pl:whitespace-pre-wrap pl:break-words pl:rounded-sm pl:bg-muted pl:p-2 pl:font-mono pl:text-xs pl:text-foreground">{raw}</pre>
        </Collapsible.Content>
      </Collapsible.Root>
    </InteractionCard.Root>
  );
}
InteractionFallback.displayName = "Parley.InteractionFallback";
