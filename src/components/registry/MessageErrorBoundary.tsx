import type { ReactNode } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import type { ThreadMessage } from "../../core/fold";
import { PartErrorBoundary } from "./PartErrorBoundary";

/**
 * Keeps one broken message from taking the thread down. A new version of the message (the next
 * token) gets a fresh try, since a half-streamed payload is often what broke it.
 *
 * @example
 * <MessageErrorBoundary message={message}><Component message={message} /></MessageErrorBoundary>
 */
export function MessageErrorBoundary({ message, children }: { message: ThreadMessage; children: ReactNode }) {
  return (
    <PartErrorBoundary name={`Message ${message.id} (${message.role})`} resetKey={message} fallback={<MessageCrashed id={message.id} />}>
      {children}
    </PartErrorBoundary>
  );
}

function MessageCrashed({ id }: { id: string }) {
  const t = useLabels();
  return (
    <div
      role="note"
      data-slot="message-crashed"
      data-message-id={id}
      className="pl:rounded-md pl:border pl:border-destructive pl:px-3 pl:py-2 pl:text-xs pl:text-destructive"
    >
      {t.messageCrashed}
    </div>
  );
}
