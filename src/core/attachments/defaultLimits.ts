/**
 * What the composer accepts as an attachment, checked before a file is read or uploaded: its type,
 * its size, the total of all files attached to one message, and how many there are. Pure: a file
 * is described by its name, size and MIME type (a `File` fits), so the check runs anywhere.
 */
export interface AttachmentLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** Largest total of the files attached to one message, in bytes. */
  maxTotalBytes: number;
  /** Most files attached to one message. */
  maxFiles: number;
  /**
   * Accepted types, as an `<input accept>` lists them: exact MIME types (`application/pdf`),
   * families (`image/*`) or file name endings (`.md`). Empty: any type.
   */
  accept: readonly string[];
}

/** 10 MB a file, 20 MB a message, 10 files; images, PDF, plain text, Markdown, CSV, JSON and audio. */
export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
  maxFiles: 10,
  accept: ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain", "text/markdown", "text/csv", "application/json", "audio/*", ".md", ".csv"],
};
