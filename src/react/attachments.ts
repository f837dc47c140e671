import type { ContentPart } from "@ag-ui/core";
import { useEffect, useInsertionEffect, useMemo, useState, useSyncExternalStore } from "react";
import { DEFAULT_ATTACHMENT_LIMITS, type AttachmentKind, type AttachmentLimits, type AttachmentRefusal } from "../core/attachments/attachmentLimits";

/**
 * Stores a file where the agent can fetch it and says where: a URL (or `{ url, mimeType }`). The
 * message then carries a `url` source instead of the file's bytes in base64. Reject (or throw) to
 * mark the upload failed; `onProgress(0…1)` feeds the chip's progress; `signal` aborts when the
 * person removes the file.
 */
export type UploadAttachment = (file: File, context: { signal: AbortSignal; onProgress: (fraction: number) => void }) => Promise<string | { url: string; mimeType?: string }>;

export interface AttachmentOptions {
  /** Overrides of {@link DEFAULT_ATTACHMENT_LIMITS}: size per file, total, count, accepted types. */
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

interface Snapshot {
  attachments: readonly Attachment[];
  refusals: readonly AttachmentRefusal[];
}

export interface Attachments extends Snapshot {
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

type Store = Omit<Attachments, "status" | "accept" | keyof Snapshot> & {
  subscribe: (listener: () => void) => () => void;
  get: () => Snapshot;
  /** The latest options (limits, upload), set after each render. */
  configure: (options: AttachmentOptions) => void;
};

const EMPTY: Snapshot = { attachments: [], refusals: [] };

function createAttachmentStore(): Store {
  let options: AttachmentOptions = {};
  let snapshot = EMPTY;
  let next = 0;
  const listeners = new Set<() => void>();
  const files = new Map<string, File>();
  const jobs = new Map<string, { controller: AbortController; done: Promise<unknown> }>();
  const set = (patch: Partial<Snapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  const update = (id: string, patch: Partial<Attachment>) => set({ attachments: snapshot.attachments.map((a) => (a.id === id ? { ...a, ...patch } : a)) });
  const drop = (id: string) => {
    jobs.get(id)?.controller.abort();
    jobs.delete(id);
    files.delete(id);
    const previewUrl = snapshot.attachments.find((a) => a.id === id)?.previewUrl;
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  };
  const start = (id: string) => {
    const file = files.get(id);
    if (!file) return;
    const { uploadAttachment } = options;
    const controller = new AbortController();
    update(id, { status: uploadAttachment ? "uploading" : "reading", progress: undefined, error: undefined, part: undefined });
    const done = import("./attachmentFiles")
      .then(({ toContentPart }) => toContentPart(file, uploadAttachment, controller.signal, (fraction) => {
        if (!controller.signal.aborted) update(id, { progress: Math.min(1, Math.max(0, fraction)) });
      }))
      .then(
        (part) => !controller.signal.aborted && update(id, { status: "ready", part, progress: undefined }),
        (error: unknown) => !controller.signal.aborted && update(id, { status: "failed", error: error instanceof Error ? error.message : String(error) }),
      );
    jobs.set(id, { controller, done });
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => snapshot,
    configure(value) {
      options = value;
    },
    async add(list) {
      const incoming = Array.from(list);
      if (!incoming.length) return;
      const { checkAttachments, attachmentKind } = await import("./attachmentFiles");
      const current = snapshot.attachments;
      const bytes = current.reduce((sum, a) => sum + a.size, 0);
      const { accepted, refused } = checkAttachments(incoming, { count: current.length, bytes }, { ...DEFAULT_ATTACHMENT_LIMITS, ...options.limits });
      const added = accepted.map((file): Attachment => {
        const id = `attachment-${++next}`;
        files.set(id, file);
        const kind = attachmentKind(file.type);
        return { id, name: file.name, size: file.size, mimeType: file.type, kind, status: "reading", ...(kind === "image" ? { previewUrl: URL.createObjectURL(file) } : {}) };
      });
      set({ attachments: [...current, ...added], refusals: refused });
      for (const a of added) start(a.id);
    },
    remove(id) {
      drop(id);
      set({ attachments: snapshot.attachments.filter((a) => a.id !== id) });
    },
    retry(id) {
      if (snapshot.attachments.find((a) => a.id === id)?.status === "failed") start(id);
    },
    clear() {
      for (const a of snapshot.attachments) drop(a.id);
      set(EMPTY);
    },
    dismissRefusals: () => set({ refusals: [] }),
    async settled() {
      // A retry started while waiting is waited for too.
      while (snapshot.attachments.some((a) => a.status === "reading" || a.status === "uploading")) {
        await Promise.all([...jobs.values()].map((job) => job.done));
      }
      const { attachments } = snapshot;
      return attachments.every((a) => a.status === "ready") ? attachments.map((a) => a.part as ContentPart) : undefined;
    },
  };
}

/**
 * The files attached to the message being written: check against the limits (refusals in
 * `refusals`, say them with `useLabels().attachments.refused`), thumbnails of images, reading
 * (base64) or the app's upload with progress, retry and remove. The reading and checking code
 * loads on the first file. Previews are revoked and uploads aborted on remove, clear and unmount.
 *
 * @example
 * const files = useAttachments({ uploadAttachment: (file) => storage.put(file) });
 * <input type="file" multiple accept={files.accept} onChange={(e) => files.add(e.target.files ?? [])} />
 * const parts = await files.settled(); // then reply(text, { attachments: parts })
 */
export function useAttachments(options: AttachmentOptions = {}): Attachments {
  const [store] = useState(createAttachmentStore);
  useInsertionEffect(() => store.configure(options));
  const snapshot = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => store.clear, [store]);
  const accept = (options.limits?.accept ?? DEFAULT_ATTACHMENT_LIMITS.accept).join(",");
  return useMemo(() => {
    const { attachments } = snapshot;
    const status = attachments.some((a) => a.status === "failed")
      ? "failed"
      : attachments.some((a) => a.status === "reading" || a.status === "uploading")
        ? "pending"
        : attachments.length
          ? "ready"
          : "empty";
    const { subscribe: _subscribe, get: _get, configure: _configure, ...actions } = store;
    return { ...snapshot, status, accept, ...actions };
  }, [snapshot, store, accept]);
}
