import type { AttachmentOptions } from "../src";

/**
 * The demo's composer takes files as base64 content parts. Every run sends the whole thread and
 * the embedded agent reads at most 5 MB a request, so the demo keeps files small; an app with
 * `uploadAttachment` sends URLs and can allow more.
 */
export const demoAttachments: AttachmentOptions = {
  limits: { maxFileBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024, maxFiles: 4 },
};
