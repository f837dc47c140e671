/**
 * The work done once a file is attached — checking it against the limits, reading it as base64 or
 * handing it to the app's `uploadAttachment` — loaded on first use, so a composer nobody attaches
 * anything to never downloads it.
 */
import type { ContentPart } from "@ag-ui/core";
import { attachmentKind, checkAttachments } from "../core/attachments/attachmentLimits";
import type { UploadAttachment } from "./attachments";

export { attachmentKind, checkAttachments };

/** The file's bytes as base64 (what a `data` source carries). */
function readBase64(file: Blob, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const abort = () => reader.abort();
    signal.addEventListener("abort", abort, { once: true });
    reader.onload = () => {
      signal.removeEventListener("abort", abort);
      const url = typeof reader.result === "string" ? reader.result : "";
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = reader.onabort = () => {
      signal.removeEventListener("abort", abort);
      reject(reader.error ?? new Error("The file could not be read."));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * The AG-UI content part for `file`: a `url` source when the app uploads it (`upload`), else a
 * `data` source with its bytes. `metadata.filename` names it in the sent message.
 */
export async function toContentPart(file: File, upload: UploadAttachment | undefined, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<ContentPart> {
  const mimeType = file.type || "application/octet-stream";
  const metadata = { filename: file.name, size: file.size };
  const type = attachmentKind(mimeType);
  if (!upload) return { type, source: { type: "data", value: await readBase64(file, signal), mimeType }, metadata };
  const stored = await upload(file, { signal, onProgress });
  const url = typeof stored === "string" ? stored : stored?.url;
  if (typeof url !== "string" || !url) throw new Error("uploadAttachment returned no URL.");
  const storedType = typeof stored === "object" && typeof stored.mimeType === "string" ? stored.mimeType : mimeType;
  return { type, source: { type: "url", value: url, mimeType: storedType }, metadata };
}
