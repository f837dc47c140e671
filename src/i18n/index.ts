export { en, zhCN, dictionaries, type ParleyLabels, type ParleyLocale } from "./labels";
export type { FormLabels } from "./formLabels";
export type { InteractionLabels } from "./interactionLabels";
export type { PermissionLabels } from "./permissionLabels";
export type { ConversationLabels } from "./conversationLabels";
export type { SupportLabels } from "./supportLabels";
export type { AttachmentLabels } from "./attachmentLabels";
export { useLabels, useLocale, useFormatTime, resolveLabels } from "./LabelsContext";
export { defineLocale, textDirection, type ParleyLocaleDefinition, type LabelsOverride, type LocaleSource } from "./catalogue";
