/**
 * The words the A2UI renderer adds to what the agent wrote. They load with the renderer (an app
 * that never shows a surface carries none of them); a team overrides them through the dictionary's
 * optional `a2ui` group (`ParleyLabels["a2ui"]`).
 */
export interface A2uiLabels {
  /** The close button of a surface's modal. */
  close: string;
  /** A check that failed and whose agent gave no message of its own. */
  invalid: string;
  /** The search box over a filterable choice. */
  filter: string;
  /** A choice filtered down to nothing. */
  noMatch: string;
  /** The summary of what in the surface could not be read or shown. */
  problems: (count: number) => string;
  /** A press waiting for the surface's checks to load (a moment, on a first press). */
  sending: string;
  /** A slider's value said with its name ("Guests: 4"). */
  valueOf: (label: string, value: string) => string;
  /** Media the agent linked, on a site the app's URL policy does not load from without asking. */
  loadMedia: (host: string) => string;
}

const en: A2uiLabels = {
  close: "Close",
  invalid: "This value is not valid.",
  filter: "Filter options",
  noMatch: "No option matches.",
  problems: (n) => (n === 1 ? "1 part of this surface could not be shown" : `${n} parts of this surface could not be shown`),
  sending: "Sending…",
  valueOf: (label, value) => `${label}: ${value}`,
  loadMedia: (host) => `Load media from ${host}`,
};

const zh: A2uiLabels = {
  close: "关闭",
  invalid: "这个值无效。",
  filter: "筛选选项",
  noMatch: "没有匹配的选项。",
  problems: (n) => `此界面有 ${n} 处无法显示`,
  sending: "正在发送…",
  valueOf: (label, value) => `${label}：${value}`,
  loadMedia: (host) => `加载来自 ${host} 的媒体`,
};

const de: A2uiLabels = {
  close: "Schließen",
  invalid: "Dieser Wert ist ungültig.",
  filter: "Optionen filtern",
  noMatch: "Keine Option passt.",
  problems: (n) => (n === 1 ? "1 Teil dieser Oberfläche ließ sich nicht anzeigen" : `${n} Teile dieser Oberfläche ließen sich nicht anzeigen`),
  sending: "Wird gesendet…",
  valueOf: (label, value) => `${label}: ${value}`,
  loadMedia: (host) => `Medien von ${host} laden`,
};

const es: A2uiLabels = {
  close: "Cerrar",
  invalid: "Este valor no es válido.",
  filter: "Filtrar opciones",
  noMatch: "Ninguna opción coincide.",
  problems: (n) => (n === 1 ? "1 parte de esta interfaz no se pudo mostrar" : `${n} partes de esta interfaz no se pudieron mostrar`),
  sending: "Enviando…",
  valueOf: (label, value) => `${label}: ${value}`,
  loadMedia: (host) => `Cargar contenido de ${host}`,
};

const ja: A2uiLabels = {
  close: "閉じる",
  invalid: "この値は無効です。",
  filter: "選択肢を絞り込む",
  noMatch: "一致する選択肢がありません。",
  problems: (n) => `この画面の ${n} か所を表示できませんでした`,
  sending: "送信中…",
  valueOf: (label, value) => `${label}: ${value}`,
  loadMedia: (host) => `${host} のメディアを読み込む`,
};

const ar: A2uiLabels = {
  close: "إغلاق",
  invalid: "هذه القيمة غير صالحة.",
  filter: "تصفية الخيارات",
  noMatch: "لا يوجد خيار مطابق.",
  problems: (n) => `تعذّر عرض ${n} من أجزاء هذه الواجهة`,
  sending: "جارٍ الإرسال…",
  valueOf: (label, value) => `${label}: ${value}`,
  loadMedia: (host) => `تحميل الوسائط من ${host}`,
};

const BY_LANGUAGE: Record<string, A2uiLabels> = { en, zh, de, es, ja, ar };

/**
 * The renderer's words for `locale` (a BCP 47 tag; its language decides, English otherwise), with
 * a team's own over them.
 *
 * @example
 * const words = a2uiLabels(useLocale(), useLabels().a2ui);
 */
export function a2uiLabels(locale: string, own?: Partial<A2uiLabels>): A2uiLabels {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? "en";
  return { ...(Object.hasOwn(BY_LANGUAGE, language) ? BY_LANGUAGE[language]! : en), ...own };
}
