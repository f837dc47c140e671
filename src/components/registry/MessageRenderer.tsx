import { memo, useContext, useSyncExternalStore } from "react";
import { useMessage, useThread } from "../../react/hooks";
import { defaultMessageComponents } from "../message/defaults";
import { a2uiComponents } from "../a2ui/lazyA2ui";
import { Fallback } from "./Fallback";
import { MessageErrorBoundary } from "./MessageErrorBoundary";
import { messageKind, ownEntry, type MessageComponent, type MessageKind } from "./registry";
import { UIContext } from "./UIContext";

/**
 * Which component renders `kind`: runtime registrations, then `components` overrides, then the
 * defaults (the A2UI surface and its row among them, whose renderer loads on first use), then {@link Fallback}.
 *
 * @example
 * const Component = useMessageComponent("assistant");
 */
export function useMessageComponent(kind: MessageKind): MessageComponent {
  const { components, registry } = useContext(UIContext);
  useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
  // Own keys only: a role from the wire such as "toString" or "constructor" must reach Fallback,
  // not an Object.prototype member.
  return registry.messages.get(kind) ?? ownEntry(components, kind) ?? ownEntry(defaultMessageComponents, kind) ?? ownEntry(a2uiComponents, kind) ?? Fallback;
}


export interface MessageRendererProps {
  id: string;
}

/**
 * Renders one message of the thread by id, with the component the registry picks, inside an
 * error boundary. It subscribes to that message only, so a token re-renders this row alone.
 *
 * @example
 * {ids.map((id) => <MessageRenderer key={id} id={id} />)}
 */
export const MessageRenderer = memo(function MessageRenderer({ id }: MessageRendererProps) {
  const message = useMessage(id);
  const Component = useMessageComponent(message ? messageKind(message) : "assistant");
  // The state views (`useStateRenderer`) show after the message the state's run began at.
  const anchorsState = useThread((t) => t.stateRun?.afterMessageId === id);
  const { registry } = useContext(UIContext);
  if (!message) return null;
  const rendered = (
    <MessageErrorBoundary message={message}>
      <Component message={message} />
    </MessageErrorBoundary>
  );
  if (!anchorsState) return rendered;
  return (
    <>
      {rendered}
      {registry.stateViews.getAll().map((View, i) => (
        <div key={i} data-slot="state-view">
          <MessageErrorBoundary message={message}>
            <View />
          </MessageErrorBoundary>
        </div>
      ))}
    </>
  );
});
