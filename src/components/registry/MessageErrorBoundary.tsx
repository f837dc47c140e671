import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import type { ThreadMessage } from "../../core/fold";
import { isDevelopment } from "../../core/dev";

interface Props {
  message: ThreadMessage;
  children: ReactNode;
}

interface State {
  error: unknown;
  message: ThreadMessage;
}

/**
 * Keeps one broken message from taking the thread down. A new version of the message (the next
 * token) gets a fresh try, since a half-streamed payload is often what broke it.
 */
export class MessageErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, message: this.props.message };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("unknown") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.message !== state.message ? { message: props.message, error: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isDevelopment()) {
      console.error(`[parley] Message ${this.props.message.id} (${this.props.message.role}) failed to render.`, error, info.componentStack);
    }
  }

  override render() {
    return this.state.error !== undefined ? <MessageCrashed id={this.props.message.id} /> : this.props.children;
  }
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
