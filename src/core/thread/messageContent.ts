import { contentToText, type ContentPart, type TextInputContent } from "@ag-ui/core";
import { isRecord } from "./guards";

/**
 * The text of a message's content, whatever it holds: a string as it is, the text parts of a parts
 * list joined (through `@ag-ui/core`'s `contentToText`, which trusts its input), anything else
 * none. Content comes from outside (the agent, storage, another tab): a malformed message reads as
 * empty or as its text parts, never throws where the kit shows or says it.
 *
 * @example
 * contentText([{ type: "text", text: "Hi" }, null, { type: "image", source: { type: "url", value: "…" } }]); // "Hi"
 * contentText(42); // ""
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return Array.isArray(content) ? contentToText(content.filter((part): part is TextInputContent => isRecord(part) && part.type === "text" && typeof part.text === "string")) : "";
}

/**
 * The parts of a message's content that are not text (pictures, files, audio, video), whatever the
 * content holds: none for a string or anything that is not a list, and a list's malformed entries
 * left out. What goes with an edited message, and what its bubble shows besides the words.
 *
 * @example
 * contentMedia([{ type: "text", text: "Hi" }, null, { type: "image", source: { type: "url", value: "…" } }]); // [the image part]
 */
export function contentMedia(content: unknown): ContentPart[] {
  return Array.isArray(content) ? content.filter((part): part is ContentPart => isRecord(part) && part.type !== "text") : [];
}
