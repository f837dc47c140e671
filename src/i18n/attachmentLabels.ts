import type { AttachmentRefusal } from "../core/attachments/attachmentLimits";

/** Strings of the composer's attachments: the button, the chips, uploads and refusals. Reached as `useLabels().attachments`. */
export interface AttachmentLabels {
  /** The attach button's name. */
  attach: string;
  /** The list of chips. */
  list: string;
  /** A chip's remove button, read aloud with the file's name. */
  remove: (name: string) => string;
  retry: string;
  /** The retry button read aloud. */
  retryLabel: (name: string) => string;
  reading: string;
  /** `percent`: 0–100 when the upload reports progress. */
  uploading: (percent?: number) => string;
  uploadFailed: string;
  /** Shown while files are dragged over the composer. */
  dropHint: string;
  /** Under the box after Send, while uploads finish. */
  waiting: string;
  /** Why Send is disabled while an upload failed. */
  failedHint: string;
  /** "2.4 MB". */
  size: (bytes: number) => string;
  /** Why a file was not attached. */
  refused: (refusal: AttachmentRefusal) => string;
  dismiss: string;
}

const units = (bytes: number, names: readonly string[]): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < names.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${names[unit]}`;
};

export const attachmentsEn: AttachmentLabels = {
  attach: "Attach files",
  list: "Attachments",
  remove: (name) => `Remove ${name}`,
  retry: "Retry",
  retryLabel: (name) => `Retry uploading ${name}`,
  reading: "Reading…",
  uploading: (percent) => (percent === undefined ? "Uploading…" : `Uploading ${percent}%`),
  uploadFailed: "Upload failed",
  dropHint: "Drop files to attach them",
  waiting: "Sending when the uploads finish…",
  failedHint: "An upload failed: retry or remove it to send.",
  size: (bytes) => units(bytes, ["B", "KB", "MB", "GB"]),
  refused(r) {
    const size = attachmentsEn.size;
    switch (r.code) {
      case "type": return `${r.name} was not attached: files of this type (${r.mimeType || "unknown"}) are not accepted.`;
      case "empty": return `${r.name} was not attached: the file is empty.`;
      case "too-large": return `${r.name} was not attached: it is ${size(r.size)}, over the ${size(r.max)} limit.`;
      case "total-too-large": return `${r.name} was not attached: together the files would be over ${size(r.max)}.`;
      case "too-many": return `${r.name} was not attached: at most ${r.max} files go with one message.`;
    }
  },
  dismiss: "Dismiss",
};

export const attachmentsZhCN: AttachmentLabels = {
  attach: "添加附件",
  list: "附件",
  remove: (name) => `移除 ${name}`,
  retry: "重试",
  retryLabel: (name) => `重新上传 ${name}`,
  reading: "读取中…",
  uploading: (percent) => (percent === undefined ? "上传中…" : `上传中 ${percent}%`),
  uploadFailed: "上传失败",
  dropHint: "松开即可添加附件",
  waiting: "上传完成后发送…",
  failedHint: "有文件上传失败：重试或移除后才能发送。",
  size: (bytes) => units(bytes, ["B", "KB", "MB", "GB"]),
  refused(r) {
    const size = attachmentsZhCN.size;
    switch (r.code) {
      case "type": return `未添加 ${r.name}：不接受此类型的文件（${r.mimeType || "未知"}）。`;
      case "empty": return `未添加 ${r.name}：文件是空的。`;
      case "too-large": return `未添加 ${r.name}：文件 ${size(r.size)}，超过 ${size(r.max)} 的上限。`;
      case "total-too-large": return `未添加 ${r.name}：文件总大小将超过 ${size(r.max)}。`;
      case "too-many": return `未添加 ${r.name}：一条消息最多附带 ${r.max} 个文件。`;
    }
  },
  dismiss: "关闭",
};
