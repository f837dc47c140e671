import type { ContentPart } from "@ag-ui/core";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { AgentImage } from "../lib/AgentImage";
import { linkUrl } from "../lib/urlPolicy";
import { useUrlPolicy } from "../registry/UIContext";

type MediaPart = Exclude<ContentPart, { type: "text" }>;

const MIME = /^[\w.+-]+\/[\w.+-]+$/;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

/** A URL the page may use for `part`, or `""`: base64 data of a well-formed type, or a safe link. */
function sourceUrl(part: MediaPart, base: string): string {
  const { source } = part;
  if (source.type === "data") return MIME.test(source.mimeType) && BASE64.test(source.value) ? `data:${source.mimeType};base64,${source.value.replace(/\s+/g, "")}` : "";
  if (source.type === "url") return typeof source.value === "string" ? linkUrl(source.value, base) : "";
  return "";
}

function nameOf(part: MediaPart): string {
  const meta = (part.metadata ?? {}) as { filename?: unknown; name?: unknown };
  const name = typeof meta.filename === "string" ? meta.filename : typeof meta.name === "string" ? meta.name : undefined;
  return name ?? part.source.mimeType ?? part.type;
}

/**
 * The parts of a message that are not text: images inline, documents, audio and video as chips
 * (a link when their source is one the page may open). Malformed or unsafe sources show as a
 * plain chip, never as a link or an image.
 *
 * @example
 * <MessageMedia content={message.content} />
 */
export function MessageMedia({ content, className }: { content: unknown; className?: string }) {
  const t = useLabels().conversation;
  const { base } = useUrlPolicy();
  if (!Array.isArray(content)) return null;
  const parts = (content as ContentPart[]).filter((p): p is MediaPart => typeof p === "object" && p !== null && p.type !== "text" && typeof (p).source === "object" && (p).source !== null);
  if (parts.length === 0) return null;
  return (
    <div data-slot="message-media" className={cn("pl:mt-2 pl:flex pl:flex-wrap pl:gap-2", className)}>
      {parts.map((part, i) => {
        const url = sourceUrl(part, base);
        const name = nameOf(part);
        const key = part.id ?? `${i}`;
        const image = "pl:max-h-48 pl:max-w-full pl:rounded-md pl:border pl:border-border";
        // Inline data loads nothing from anywhere; a URL goes through the app's URL policy.
        if (part.type === "image" && url && part.source.type === "data") return <img key={key} data-slot="message-image" src={url} alt={name} className={image} />;
        if (part.type === "image" && url) return <AgentImage key={key} data-slot="message-image" url={url} alt={name} className={image} />;
        const chip = "pl:inline-flex pl:min-h-6 pl:items-center pl:gap-1 pl:rounded-md pl:border pl:border-current/30 pl:px-2 pl:text-xs";
        return url && part.source.type === "url" ? (
          <a key={key} data-slot="message-attachment" data-type={part.type} href={url} target="_blank" rel="noreferrer noopener" aria-label={t.attachment(name)} className={cn(chip, "pl:underline")}>
            {name}
          </a>
        ) : (
          <span key={key} data-slot="message-attachment" data-type={part.type} className={chip}>
            <span className="pl:sr-only">{t.attachment("")}</span>
            {name}
          </span>
        );
      })}
    </div>
  );
}
MessageMedia.displayName = "Parley.MessageMedia";
export default MessageMedia;
