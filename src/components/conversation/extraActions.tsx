import { createContext, useContext, type ReactNode } from "react";

/** What a message's action row may carry after the kit's own actions (thumbs up / down, share …). */
export type ExtraMessageActions = (message: { id: string; role: "user" | "assistant" }) => ReactNode;

const ExtraActionsContext = createContext<ExtraMessageActions | undefined>(undefined);
ExtraActionsContext.displayName = "ParleyExtraMessageActions";

/**
 * Adds the app's own actions to the end of every message's action row inside it (the row shown
 * once per turn, after its last part): `render` gets the message and returns the buttons. Use
 * small icon buttons with an `aria-label` (the kit's rows are 24 px, 44 px on touch screens).
 *
 * @example
 * <MessageExtraActions render={({ id, role }) => (role === "assistant" ? <Feedback messageId={id} /> : null)}>
 *   <Thread />
 * </MessageExtraActions>
 */
export function MessageExtraActions({ render, children }: { render: ExtraMessageActions; children: ReactNode }) {
  return <ExtraActionsContext.Provider value={render}>{children}</ExtraActionsContext.Provider>;
}
MessageExtraActions.displayName = "Parley.MessageExtraActions";

/** The app's extra actions for this message, if any. */
export function useExtraActions(id: string, role: "user" | "assistant"): ReactNode {
  return useContext(ExtraActionsContext)?.({ id, role });
}
