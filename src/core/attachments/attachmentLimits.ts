import { DEFAULT_ATTACHMENT_LIMITS, type AttachmentLimits } from "./defaultLimits";

export { DEFAULT_ATTACHMENT_LIMITS, type AttachmentLimits };

/** A file as the check sees it (a DOM `File` is one). */
export interface AttachmentFile {
  name: string;
  size: number;
  type: string;
}

/** Why a file was refused; `max` is the limit it broke (bytes, or a count for `too-many`). */
export type AttachmentRefusal =
  | { code: "type"; name: string; mimeType: string }
  | { code: "empty"; name: string }
  | { code: "too-large"; name: string; size: number; max: number }
  | { code: "total-too-large"; name: string; max: number }
  | { code: "too-many"; name: string; max: number };

/** The content part a file becomes (AG-UI 1.0): video and audio by family, images, the rest documents. */
export type AttachmentKind = "image" | "audio" | "video" | "document";

/**
 * The part type for a MIME type. Only raster images a page can show inline are `image`; an SVG is
 * sent as a document.
 *
 * @example
 * attachmentKind("image/png"); // "image"
 * attachmentKind("application/pdf"); // "document"
 */
export function attachmentKind(mimeType: string): AttachmentKind {
  const family = mimeType.split("/")[0];
  if (family === "image" && mimeType !== "image/svg+xml") return "image";
  return family === "audio" || family === "video" ? family : "document";
}

function accepts(accept: readonly string[], file: AttachmentFile): boolean {
  if (accept.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith(".")) return name.endsWith(rule);
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return rule === type;
  });
}

/**
 * Splits `files` into those accepted and those refused (with the reason), given what is already
 * attached (`attached`: how many files and bytes). Files are taken in order; once the count or the
 * total is reached, the later ones are refused.
 *
 * @example
 * const { accepted, refused } = checkAttachments(files, { count: 0, bytes: 0 }, DEFAULT_ATTACHMENT_LIMITS);
 * // refused: [{ code: "too-large", name: "scan.tiff", size: 31457280, max: 10485760 }]
 */
export function checkAttachments<F extends AttachmentFile>(
  files: readonly F[],
  attached: { count: number; bytes: number },
  limits: AttachmentLimits = DEFAULT_ATTACHMENT_LIMITS,
): { accepted: F[]; refused: AttachmentRefusal[] } {
  const accepted: F[] = [];
  const refused: AttachmentRefusal[] = [];
  let { count, bytes } = attached;
  for (const file of files) {
    const { name, size } = file;
    let refusal: AttachmentRefusal | undefined;
    if (!accepts(limits.accept, file)) refusal = { code: "type", name, mimeType: file.type };
    else if (!(size > 0)) refusal = { code: "empty", name };
    else if (size > limits.maxFileBytes) refusal = { code: "too-large", name, size, max: limits.maxFileBytes };
    else if (count >= limits.maxFiles) refusal = { code: "too-many", name, max: limits.maxFiles };
    else if (bytes + size > limits.maxTotalBytes) refusal = { code: "total-too-large", name, max: limits.maxTotalBytes };
    if (refusal) {
      refused.push(refusal);
      continue;
    }
    accepted.push(file);
    count += 1;
    bytes += size;
  }
  return { accepted, refused };
}
