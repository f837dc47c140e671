import { useState } from "react";
import { AgentImage } from "../../lib/AgentImage";
import { cn } from "../../lib/cn";
import { imageDecision } from "../../lib/urlPolicy";
import { LazyMarkdown } from "../../markdown/LazyMarkdown";
import { useUrlPolicy } from "../../registry/UIContext";
import { A2UI_ICON_PATHS } from "../a2uiIcons";
import { useA2uiSurface, type A2uiComponentProps } from "../surfaceContext";

/** The basic catalog's components that show what the agent says: text, image, icon, video, audio. */

const HEADING: Record<string, string> = { h1: "pl:text-2xl pl:font-semibold", h2: "pl:text-xl pl:font-semibold", h3: "pl:text-lg pl:font-semibold", h4: "pl:text-base pl:font-semibold", h5: "pl:text-sm pl:font-semibold" };
// "Simple Markdown" (the catalog's word): only text that has some goes through the Markdown renderer.
const MARKDOWN = /[*_`[]|^\s*(#|[-*+] |\d+\. )/m;

export function A2uiText({ component: c, text }: A2uiComponentProps) {
  const value = text(c.text);
  const variant = typeof c.variant === "string" && (Object.hasOwn(HEADING, c.variant) || c.variant === "caption") ? c.variant : "body";
  if (variant.startsWith("h")) {
    // Every heading of a surface is one level of the page's outline (the thread's third): the
    // agent picks sizes, not an outline, and an h1 followed by an h5 would skip levels.
    return <h3 data-slot="a2ui-text" data-a2ui-id={c.id} data-variant={variant} className={cn("pl:m-0", HEADING[variant])}>{value.replace(/^#+\s*/, "")}</h3>;
  }
  const className = cn("pl:m-0 pl:text-sm", variant === "caption" && "pl:text-xs pl:text-muted-foreground");
  if (MARKDOWN.test(value)) {
    return (
      <div data-slot="a2ui-text" data-a2ui-id={c.id} data-variant={variant} className={className}>
        <LazyMarkdown>{value}</LazyMarkdown>
      </div>
    );
  }
  return <p data-slot="a2ui-text" data-a2ui-id={c.id} data-variant={variant} className={className}>{value}</p>;
}

const IMAGE_SIZE: Record<string, string> = {
  icon: "pl:size-6",
  avatar: "pl:size-10 pl:rounded-full",
  smallFeature: "pl:size-24",
  mediumFeature: "pl:w-full pl:max-w-72",
  largeFeature: "pl:w-full pl:max-h-96",
  header: "pl:h-48 pl:w-full",
};
const FIT: Record<string, string> = { contain: "pl:object-contain", cover: "pl:object-cover", fill: "pl:object-fill", none: "pl:object-none", scaleDown: "pl:object-scale-down" };

export function A2uiImage({ component: c, text }: A2uiComponentProps) {
  const variant = typeof c.variant === "string" && Object.hasOwn(IMAGE_SIZE, c.variant) ? c.variant : "mediumFeature";
  const fit = typeof c.fit === "string" && Object.hasOwn(FIT, c.fit) ? FIT[c.fit] : variant === "header" ? FIT.cover : FIT.fill;
  const alt = text(c.description) || text(isAccessible(c.accessibility) ? c.accessibility.label : undefined);
  return <AgentImage url={text(c.url)} alt={alt} data-slot="a2ui-image" className={cn("pl:rounded-md", IMAGE_SIZE[variant], fit)} />;
}

const isAccessible = (value: unknown): value is { label?: unknown } => typeof value === "object" && value !== null;

export function A2uiIcon({ component: c, text }: A2uiComponentProps) {
  const name = text(c.name);
  const d = Object.hasOwn(A2UI_ICON_PATHS, name) ? A2UI_ICON_PATHS[name] : "M10 9.5v1";
  return (
    <svg data-slot="a2ui-icon" data-a2ui-id={c.id} role="img" aria-label={name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()} viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="pl:size-5 pl:shrink-0">
      <path d={d} />
    </svg>
  );
}

/** Video and audio load from a site only as an image would: the app's URL policy, or the person's click. */
function Media({ c, kind, src, poster, label }: { c: A2uiComponentProps["component"]; kind: "video" | "audio"; src: string; poster: string; label: string }) {
  const { policy, base } = useUrlPolicy();
  const { words } = useA2uiSurface();
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const decision = imageDecision(src, policy, base);
  if (decision.kind === "refuse") return null;
  const slot = kind === "video" ? "a2ui-video" : "a2ui-audioplayer";
  if (decision.kind === "ask" && asked !== decision.src) {
    return (
      <button type="button" data-slot={slot} data-a2ui-id={c.id} data-state="blocked" onClick={() => setAsked(decision.src)} className="pl:inline-flex pl:min-h-6 pl:items-center pl:self-start pl:rounded-md pl:border pl:border-dashed pl:border-border pl:px-2 pl:text-xs pl:underline pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11">
        {words.loadMedia(decision.host)}
        {label ? <span className="pl:sr-only"> ({label})</span> : null}
      </button>
    );
  }
  if (kind === "audio") return <audio data-slot={slot} data-a2ui-id={c.id} controls src={decision.src} aria-label={label || undefined} className="pl:w-full" />;
  const shownPoster = poster ? imageDecision(poster, policy, base) : undefined;
  return (
    <video data-slot={slot} data-a2ui-id={c.id} controls src={decision.src} poster={shownPoster?.kind === "load" ? shownPoster.src : undefined} aria-label={label || undefined} className="pl:w-full pl:rounded-md" />
  );
}

export function A2uiVideo({ component: c, text }: A2uiComponentProps) {
  return <Media c={c} kind="video" src={text(c.url)} poster={text(c.posterUrl)} label={text(isAccessible(c.accessibility) ? c.accessibility.label : undefined)} />;
}

export function A2uiAudioPlayer({ component: c, text }: A2uiComponentProps) {
  return <Media c={c} kind="audio" src={text(c.url)} poster="" label={text(c.description)} />;
}
