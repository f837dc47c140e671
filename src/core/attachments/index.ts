export { attachmentKind, checkAttachments, DEFAULT_ATTACHMENT_LIMITS, type AttachmentFile, type AttachmentKind, type AttachmentLimits, type AttachmentRefusal } from "./attachmentLimits";
export { isUserContent, userContent } from "./userContent";
