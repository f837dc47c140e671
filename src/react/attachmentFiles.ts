/**
 * The work done once a file is attached — checking it against the limits, reading it as base64 or
 * handing it to the app's `uploadAttachment`, removing, retrying, waiting — loaded on first use,
 * so a composer nobody attaches anything to never downloads it.
 */
import type { ContentPart } from "@ag-ui/core";
import { attachmentKind, checkAttachments, DEFAULT_ATTACHMENT_LIMITS } from "../core/attachments/attachmentLimits";
import type { Attachment, AttachmentShell, UploadAttachment } from "./attachments";

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

function update(shell: AttachmentShell, id: string, patch: Partial<Attachment>): void {
  shell.set({ attachments: shell.snapshot.attachments.map((a) => (a.id === id ? { ...a, ...patch } : a)) });
}

function start(shell: AttachmentShell, id: string): void {
  const file = shell.files.get(id);
  if (!file) return;
  const { uploadAttachment } = shell.options;
  const controller = new AbortController();
  const live = () => !controller.signal.aborted;
  update(shell, id, { status: uploadAttachment ? "uploading" : "reading", progress: undefined, error: undefined, part: undefined });
  const done = toContentPart(file, uploadAttachment, controller.signal, (fraction) => live() && update(shell, id, { progress: Math.min(1, Math.max(0, fraction)) })).then(
    (part) => live() && update(shell, id, { status: "ready", part, progress: undefined }),
    (error: unknown) => live() && update(shell, id, { status: "failed", error: error instanceof Error ? error.message : String(error) }),
  );
  shell.jobs.set(id, { controller, done });
}

/** Aborts a file's work and revokes its preview; the caller takes it off the list. */
function drop(shell: AttachmentShell, id: string): void {
  shell.jobs.get(id)?.controller.abort();
  shell.jobs.delete(id);
  shell.files.delete(id);
  const previewUrl = shell.snapshot.attachments.find((a) => a.id === id)?.previewUrl;
  if (previewUrl) URL.revokeObjectURL(previewUrl);
}

export function addFiles(shell: AttachmentShell, incoming: File[]): void {
  if (!incoming.length) return;
  const current = shell.snapshot.attachments;
  const bytes = current.reduce((sum, a) => sum + a.size, 0);
  const { accepted, refused } = checkAttachments(incoming, { count: current.length, bytes }, { ...DEFAULT_ATTACHMENT_LIMITS, ...shell.options.limits });
  const added = accepted.map((file): Attachment => {
    const id = `attachment-${++shell.next}`;
    shell.files.set(id, file);
    const kind = attachmentKind(file.type);
    return { id, name: file.name, size: file.size, mimeType: file.type, kind, status: "reading", ...(kind === "image" ? { previewUrl: URL.createObjectURL(file) } : {}) };
  });
  shell.set({ attachments: [...current, ...added], refusals: refused });
  for (const a of added) start(shell, a.id);
}

export function removeFile(shell: AttachmentShell, id: string): void {
  drop(shell, id);
  shell.set({ attachments: shell.snapshot.attachments.filter((a) => a.id !== id) });
}

export function retryFile(shell: AttachmentShell, id: string): void {
  if (shell.snapshot.attachments.find((a) => a.id === id)?.status === "failed") start(shell, id);
}

export function clearFiles(shell: AttachmentShell): void {
  for (const a of shell.snapshot.attachments) drop(shell, a.id);
  shell.set({ attachments: [], refusals: [] });
}

/** Every file's part once all are ready, or `undefined` when one failed. */
export async function settle(shell: AttachmentShell): Promise<ContentPart[] | undefined> {
  const busy = () => shell.snapshot.attachments.some((a) => a.status === "reading" || a.status === "uploading");
  // A retry started while waiting is waited for too.
  while (busy() && shell.jobs.size) await Promise.all([...shell.jobs.values()].map((job) => job.done));
  const { attachments } = shell.snapshot;
  return attachments.every((a) => a.status === "ready") ? attachments.map((a) => a.part as ContentPart) : undefined;
}
