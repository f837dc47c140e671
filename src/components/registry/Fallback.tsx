import { Collapsible } from "radix-ui";
import { useLabels } from "../../i18n/LabelsContext";
import { messageKind, type MessageComponentProps } from "./registry";
import { isDevelopment } from "../../core/dev";
import { useInteraction } from "../../react/interactions";
import { InteractionFallback } from "../interactions/InteractionFallback";

const warned = new Set<string>();

function warnOnce(kind: string) {
  if (warned.has(kind) || !isDevelopment()) return;
  warned.add(kind);
  console.warn(
    `[parley] No component for message kind "${kind}"; showing its raw content. ` +
      `Add one with <ParleyUIProvider components={{ "${kind}": YourComponent }}> or registry.register("${kind}", YourComponent).`,
  );
}

/**
 * What a message with no component renders: a short note and its raw payload as text (React
 * escapes it, so nothing in it can run). Warns once per kind in development.
 *
 * @example
 * <ParleyUIProvider components={{ "activity:PLAN": Fallback }} />
 */
export function Fallback({ message }: MessageComponentProps) {
  const t = useLabels();
  const kind = messageKind(message);
  const interaction = useInteraction(message.role === "interaction" ? message.interactionId : undefined);
  // A malformed envelope is the agent's mistake, recorded in thread.errors; not worth a warning here.
  if (kind !== "parley:invalid") warnOnce(kind);
  if (interaction) return <InteractionFallback interaction={interaction} />;
  let raw: string;
  try {
    raw = JSON.stringify(message, null, 2);
  } catch {
    raw = `${kind} ${message.id}`; // not JSON (a cycle, a BigInt): at least which message
  }
  return (
    <Collapsible.Root
      data-slot="message-fallback"
      data-kind={kind}
      className="pl:rounded-md pl:border pl:border-dashed pl:border-border pl:p-3 pl:text-xs pl:text-muted-foreground"
    >
      <p data-slot="message-fallback-note">{t.unknownMessage(kind)}</p>
      <Collapsible.Trigger
        data-slot="message-fallback-trigger"
        className="pl:mt-1 pl:underline pl:underline-offset-2 pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
      >
        {t.rawPayload}
      </Collapsible.Trigger>
      <Collapsible.Content data-slot="message-fallback-content">
        <pre className="pl:mt-2 pl:max-h-64 pl:overflow-auto pl:rounded-sm pl:bg-muted pl:p-2 pl:font-mono pl:text-foreground">{raw}</pre>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
Fallback.displayName = "Parley.Fallback";
