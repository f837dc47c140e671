import type { ContentPart } from "@ag-ui/core";
import { useEffect, useInsertionEffect, useMemo, useState, useSyncExternalStore } from "react";
import { DEFAULT_ATTACHMENT_LIMITS, type AttachmentLimits } from "../core/attachments/defaultLimits";
import type { AttachmentKind, AttachmentRefusal } from "../core/attachments/attachmentLimits";

/**
 * Stores a file where the agent can fetch it and says where: a URL (or `{ url, mimeType }`). The
 * message then carries a `url` source instead of the file's bytes in base64. Reject (or throw) to
 * mark the upload failed; `onProgress(0…1)` feeds the chip's progress; `signal` aborts when the
 * person removes the file.
 */
export type UploadAttachment = (file: File, context: { signal: AbortSignal; onProgress: (fraction: number) => void }) => Promise<string | { url: string; mimeType?: string }>;

export interface AttachmentOptions {
  /** Overrides of the default limits (10 MB a file, 20 MB a message, 10 files, common types). */
  limits?: Partial<AttachmentLimits>;
  uploadAttachment?: UploadAttachment;
}

/** One attached file, as the composer shows it. */
export interface Attachment {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  kind: AttachmentKind;
  /** `reading` (base64) or `uploading`, then `ready` — or `failed`, with `error`. */
  status: "reading" | "uploading" | "ready" | "failed";
  /** 0–1 while uploading, when `uploadAttachment` reports it. */
  progress?: number;
  /** An object URL of an image, for its thumbnail (revoked when it is removed or sent). */
  previewUrl?: string;
  /** The content part it becomes, once ready. */
  part?: ContentPart;
  error?: string;
}

export interface AttachmentsSnapshot {
  attachments: readonly Attachment[];
  refusals: readonly AttachmentRefusal[];
}

export interface Attachments extends AttachmentsSnapshot {
  /** `empty`, `pending` (reading or uploading), `failed` (an upload failed), `ready`. */
  status: "empty" | "pending" | "failed" | "ready";
  /** The accepted types, for `<input type="file" accept>`. */
  accept: string;
  /** Checks `files` against the limits, attaches those that pass and says why the others did not. */
  add: (files: Iterable<File> | ArrayLike<File>) => Promise<void>;
  remove: (id: string) => void;
  /** Starts a failed upload (or read) again. */
  retry: (id: string) => void;
  /** Removes every file (after a send): previews revoked, uploads aborted. */
  clear: () => void;
  dismissRefusals: () => void;
  /** Waits for every file; resolves to their parts, or `undefined` if one failed. */
  settled: () => Promise<ContentPart[] | undefined>;
}

/** What the file work (loaded on the first file) reads and writes: one per `useAttachments`. */
export interface AttachmentShell {
  snapshot: AttachmentsSnapshot;
  options: AttachmentOptions;
  set: (patch: Partial<AttachmentsSnapshot>) => void;
  files: Map<string, File>;
  jobs: Map<string, { controller: AbortController; done: Promise<unknown> }>;
  next: number;
}

type FileWork = typeof import("./attachmentFiles");
// Loaded with the first file; until then there is nothing to remove, retry, clear or wait for.
let work: FileWork | undefined;
const loadWork = () => import("./attachmentFiles").then((m) => (work = m));

function createShell(): AttachmentShell & { subscribe: (listener: () => void) => () => void; get: () => AttachmentsSnapshot; configure: (options: AttachmentOptions) => void } {
  const listeners = new Set<() => void>();
  const shell = {
    snapshot: { attachments: [], refusals: [] } as AttachmentsSnapshot,
    options: {} as AttachmentOptions,
    files: new Map(),
    jobs: new Map(),
    next: 0,
    set(patch: Partial<AttachmentsSnapshot>) {
      shell.snapshot = { ...shell.snapshot, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => shell.snapshot,
    configure(options: AttachmentOptions) {
      shell.options = options;
    },
  };
  return shell;
}

/**
 * The files attached to the message being written: check against the limits (refusals in
 * `refusals`, say them with `useLabels().attachments.refused`), thumbnails of images, reading
 * (base64) or the app's upload with progress, retry and remove. The reading, checking and upload
 * code loads with the first file. Previews are revoked and uploads aborted on remove, clear and
 * unmount.
 *
 * @example
 * const files = useAttachments({ uploadAttachment: (file) => storage.put(file) });
 * <input type="file" multiple accept={files.accept} onChange={(e) => files.add(e.target.files ?? [])} />
 * const parts = await files.settled(); // then reply(text, { attachments: parts })
 */
export function useAttachments(options: AttachmentOptions = {}): Attachments {
  const [shell] = useState(createShell);
  useInsertionEffect(() => shell.configure(options));
  const snapshot = useSyncExternalStore(shell.subscribe, shell.get, shell.get);
  useEffect(() => () => work?.clearFiles(shell), [shell]);
  const accept = (options.limits?.accept ?? DEFAULT_ATTACHMENT_LIMITS.accept).join(",");
  return useMemo(() => {
    const { attachments } = snapshot;
    const has = (status: Attachment["status"]) => attachments.some((a) => a.status === status);
    return {
      ...snapshot,
      status: has("failed") ? "failed" : has("reading") || has("uploading") ? "pending" : attachments.length ? "ready" : "empty",
      accept,
      add: async (files) => (await loadWork()).addFiles(shell, Array.from(files)),
      remove: (id) => work?.removeFile(shell, id),
      retry: (id) => work?.retryFile(shell, id),
      clear: () => work?.clearFiles(shell),
      dismissRefusals: () => shell.set({ refusals: [] }),
      settled: async () => (work ? work.settle(shell) : []),
    };
  }, [snapshot, shell, accept]);
}
