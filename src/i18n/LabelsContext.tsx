import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
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

const noSubscription = () => () => {};

/**
 * Formats a time (epoch ms) in the current locale with `Intl.DateTimeFormat`, in the browser's time
 * zone. On the server and while hydrating it formats in UTC and says so ("14:05 UTC"): the server's
 * zone is not the person's, and a time that differed between the server's HTML and the first
 * render in the browser would be a hydration mismatch. The browser's own zone follows at once.
 *
 * @example
 * const formatTime = useFormatTime();
 * formatTime(run.startedAt); // "14:05"
 */
export function useFormatTime(options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" }): (ms: number) => string {
  const locale = useLocale();
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  // Options passed inline are a new object each render: the formatter is keyed by their value.
  const key = JSON.stringify(options);
  const format = useMemo(() => {
    const given = JSON.parse(key) as Intl.DateTimeFormatOptions;
    return new Intl.DateTimeFormat(locale, inBrowser ? given : { ...given, timeZone: "UTC", timeZoneName: "short" });
  }, [locale, key, inBrowser]);
  return (ms) => format.format(ms);
}
