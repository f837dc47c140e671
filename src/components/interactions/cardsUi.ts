/**
 * The interaction cards a conversation does not need on its first screen, a chunk of their own
 * (`cardsChunk.ts`): advice (with Radix's radio group and checkboxes), errors with their ways to
 * recover, input requests, and the queue's items. They load when the browser is idle or when the
 * agent first asks.
 */
export { AdviceCardView } from "./AdviceCard";
export { ErrorCardView } from "./ErrorCard";
export { InputRequestFormView } from "./InputRequestForm";
export { InteractionQueueView } from "./InteractionQueue";
