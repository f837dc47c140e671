import { useState } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import { useUrlPolicy } from "../registry/UIContext";
import { imageDecision } from "./urlPolicy";

/**
 * An image at a URL the agent gave: loaded when the app's URL policy allows its origin, else a
 * button "Load image from evil.example" (an image loads with no click, so it could report to
 * another site what the page holds); nothing for a URL no image may come from.
 *
 * @example
 * <AgentImage url={part.source.value} alt="Chart" data-slot="message-image" className="pl:max-h-48" />
 */
export function AgentImage({ url, alt, className, "data-slot": slot }: { url: string; alt: string; className?: string; "data-slot": string }) {
  const { policy, base } = useUrlPolicy();
  const t = useLabels().conversation;
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const decision = imageDecision(url, policy, base);
  if (decision.kind === "refuse") return null;
  if (decision.kind === "load" || asked === decision.src) return <img data-slot={slot} src={decision.src} alt={alt} className={className} />;
  return (
    <button
      type="button"
      data-slot={slot}
      data-state="blocked"
      onClick={() => setAsked(decision.src)}
      className="pl:inline-flex pl:min-h-6 pl:items-center pl:rounded-md pl:border pl:border-dashed pl:border-border pl:px-2 pl:text-xs pl:underline pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11"
    >
      {t.loadImage(decision.host)}
      <span className="pl:sr-only">{alt ? ` (${alt})` : ""}</span>
    </button>
  );
}
AgentImage.displayName = "Parley.AgentImage";
