import { createContext, useContext, useMemo } from "react";
import { dictionaries, en, type ParleyLabels } from "./labels";

interface LabelsValue {
  labels: ParleyLabels;
  locale: string;
}

// A default (English) rather than a thrown error: the parts work without <ParleyUIProvider>.
export const LabelsContext = createContext<LabelsValue>({ labels: en, locale: "en" });
LabelsContext.displayName = "ParleyLabels";

/**
 * The dictionary for `locale` with `overrides` on top. Tags are matched without regard to case,
 * then by language: any Chinese tag (`zh`, `zh-Hans`, `zh-TW`, `zh-cn` …) gets the Chinese
 * dictionary, anything unknown English.
 *
 * @example
 * resolveLabels("zh-Hans-CN").send; // "发送"
 */
export function resolveLabels(locale: string | undefined, overrides?: Partial<ParleyLabels>): ParleyLabels {
  const base = (locale && dictionaryFor(locale)) || en;
  return overrides ? { ...base, ...overrides } : base;
}

function dictionaryFor(locale: string): ParleyLabels | undefined {
  const wanted = locale.toLowerCase();
  const entries = Object.entries(dictionaries as Record<string, ParleyLabels>);
  const exact = entries.find(([tag]) => tag.toLowerCase() === wanted);
  if (exact) return exact[1];
  const language = wanted.split(/[-_]/)[0];
  return entries.find(([tag]) => tag.toLowerCase().split("-")[0] === language)?.[1];
}

/**
 * The strings of the current locale.
 *
 * @example
 * const t = useLabels();
 * return <button>{t.send}</button>;
 */
export function useLabels(): ParleyLabels {
  return useContext(LabelsContext).labels;
}

/**
 * The current locale (a BCP 47 tag), for `Intl` formatting.
 *
 * @example
 * const locale = useLocale();
 */
export function useLocale(): string {
  return useContext(LabelsContext).locale;
}

/**
 * Formats a time (epoch ms) in the current locale with `Intl.DateTimeFormat`.
 *
 * @example
 * const formatTime = useFormatTime();
 * formatTime(run.startedAt); // "14:05"
 */
export function useFormatTime(options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" }): (ms: number) => string {
  const locale = useLocale();
  // Options passed inline are a new object each render: the formatter is keyed by their value.
  const key = JSON.stringify(options);
  const format = useMemo(() => new Intl.DateTimeFormat(locale, JSON.parse(key) as Intl.DateTimeFormatOptions), [locale, key]);
  return (ms) => format.format(ms);
}
