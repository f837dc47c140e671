import { useLabels } from "../../i18n/LabelsContext";
import { useLazyChunk } from "../lib/lazyChunk";
import type { MessageComponentProps } from "../registry/registry";
import { cardsUi } from "./cardsChunk";
import { InteractionCard, useRowInteraction } from "./InteractionParts";

/**
 * The advice, error and input-request cards as the kit exports them: each shows itself once the
 * cards' chunk has loaded (`ParleyUIProvider` loads it when the browser is idle, so it is usually
 * there before the agent asks), and until then — and on the server, and while hydrating — the
 * question's words in a card marked busy, with nothing to answer yet.
 */

function CardPlaceholder({ message }: MessageComponentProps) {
  const t = useLabels();
  const interaction = useRowInteraction(message);
  if (!interaction) return null;
  const source = (interaction.envelope?.payload ?? interaction.draft) as { content?: unknown } | undefined;
  const content = typeof source?.content === "string" ? source.content : t.interaction.streaming;
  return (
    <InteractionCard.Root interaction={interaction} aria-busy="true">
      <InteractionCard.Header />
      <InteractionCard.Content>{content}</InteractionCard.Content>
    </InteractionCard.Root>
  );
}

/**
 * Advice: the agent's suggestion or question with numbered options — a radio group for one
 * choice, checkboxes for several, digit keys pick (see `AdviceCardView`).
 *
 * @example
 * <ParleyUIProvider components={{ advice: AdviceCard }} />
 */
export function AdviceCard(props: MessageComponentProps) {
  const ui = useLazyChunk(cardsUi);
  return ui ? <ui.AdviceCardView {...props} /> : <CardPlaceholder {...props} />;
}
AdviceCard.displayName = "Parley.AdviceCard";

/**
 * An error the agent reports, with the ways to recover it offers as numbered buttons (see `ErrorCardView`).
 *
 * @example
 * <ParleyUIProvider components={{ error: ErrorCard }} />
 */
export function ErrorCard(props: MessageComponentProps) {
  const ui = useLazyChunk(cardsUi);
  return ui ? <ui.ErrorCardView {...props} /> : <CardPlaceholder {...props} />;
}
ErrorCard.displayName = "Parley.ErrorCard";

/**
 * An input request: the agent's question and a form built from its JSON Schema (see `InputRequestFormView`).
 *
 * @example
 * <ParleyUIProvider components={{ input_request: InputRequestForm }} />
 */
export function InputRequestForm(props: MessageComponentProps) {
  const ui = useLazyChunk(cardsUi);
  return ui ? <ui.InputRequestFormView {...props} /> : <CardPlaceholder {...props} />;
}
InputRequestForm.displayName = "Parley.InputRequestForm";

/**
 * Loads the advice, error and input-request cards now and resolves when they are there (tests,
 * screenshots, or an app that wants them sooner than idle time).
 *
 * @example
 * await preloadInteractionCards();
 */
export async function preloadInteractionCards(): Promise<void> {
  await cardsUi.load();
}
