export { en, zhCN, dictionaries, type ParleyLabels, type ParleyLocale } from "./labels";
export { useLabels, useLocale, useFormatTime, resolveLabels } from "./LabelsContext";
