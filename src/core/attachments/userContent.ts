import type { ContentPart } from "@ag-ui/core";

/**
 * The content of the person's message: the text alone, or — with attachments — a text part (when
 * there are words) followed by the attached parts, as AG-UI 1.0 carries a multimodal user message.
 *
 * @example
 * userContent("What is this?", [{ type: "image", source: { type: "url", value: "https://files.example/cat.png" } }]);
 * // [{ type: "text", text: "What is this?" }, { type: "image", source: { … } }]
 */
export function userContent(text: string, attachments: readonly ContentPart[] = []): string | ContentPart[] {
  if (attachments.length === 0) return text;
  return text.trim() ? [{ type: "text", text }, ...attachments] : [...attachments];
}

const SOURCE_TYPES = ["data", "url", "file"];
const MEDIA_TYPES = ["image", "audio", "video", "document"];

/**
 * Whether `content` is what a user message may carry: a string, or content parts each of a known
 * type (text with its text; media with a `data` source and its MIME type, or a `url` / `file` one).
 */
export function isUserContent(content: unknown): content is string | ContentPart[] {
  if (typeof content === "string") return true;
  return Array.isArray(content) && content.every((part: unknown) => {
    if (typeof part !== "object" || part === null) return false;
    const { type, text, source } = part as { type?: unknown; text?: unknown; source?: { type?: unknown; value?: unknown; mimeType?: unknown } | null };
    if (type === "text") return typeof text === "string";
    return MEDIA_TYPES.includes(type as string) && typeof source === "object" && source !== null && SOURCE_TYPES.includes(source.type as string) && typeof source.value === "string" && (source.type !== "data" || typeof source.mimeType === "string");
  });
}
