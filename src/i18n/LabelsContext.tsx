import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { isDevelopment } from "../core/dev";
import { en, type ParleyLabels } from "./labels";
import { pickLocale, textDirection, type ParleyLocaleDefinition } from "./catalogue";

interface LabelsValue {
  labels: ParleyLabels;
  locale: string;
}

// A default (English) rather than a thrown error: the parts work without <ParleyUIProvider>.
export const LabelsContext = createContext<LabelsValue>({ labels: en, locale: "en" });
LabelsContext.displayName = "ParleyLabels";

/**
 * The dictionary for `locale` with `overrides` on top, as far as it is at hand now: tags are
 * matched as `pickLocale` does (`zh-Hans-CN` → zh-CN, `de-AT` → de); a locale that loads on
 * first use (ja, es, de, ar) gives English until it has loaded. `<ParleyUIProvider>` loads it.
 *
 * @example
 * resolveLabels("zh-Hans-CN").send; // "发送"
 */
export function resolveLabels(locale: string | undefined, overrides?: Partial<ParleyLabels>): ParleyLabels {
  const base = pickLocale(locale).dictionary.loaded() ?? en;
  return overrides ? { ...base, ...overrides } : base;
}

const notYet = () => undefined;

function readable(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "en";
  } catch {
    return "en";
  }
}

/**
 * The provider's words for `locale`: the catalogue's dictionary (the app's `locales` first), loaded
 * on first use, with `overrides` on top, and the writing direction. While a dictionary loads, the
 * previous one stays (English at first), never nothing; one that fails to load gives English and a
 * development warning. The server and hydration see only dictionaries at hand, so markup matches.
 */
export function useLocaleLabels(locale: string, overrides?: Partial<ParleyLabels>, locales?: readonly ParleyLocaleDefinition[]): { value: LabelsValue; dir: "ltr" | "rtl" } {
  const { tag, dictionary } = useMemo(() => pickLocale(locale, locales), [locale, locales]);
  const current = useSyncExternalStore(dictionary.subscribe, dictionary.loaded, dictionary.ready ? dictionary.loaded : notYet);
  // The dictionary shown last stays while the next one loads (React's pattern for a value from
  // earlier renders); English after a failed load.
  const [shown, setShown] = useState(current ?? en);
  if (current && current !== shown) setShown(current);
  useEffect(() => {
    if (current) return;
    let live = true;
    dictionary.load().catch((error: unknown) => {
      if (!live) return;
      if (isDevelopment()) console.warn(`Parley: the "${tag}" labels failed to load; showing English. Serve the kit's chunks, or pass the dictionary to defineLocale.`, error);
      setShown(en);
    });
    return () => {
      live = false;
    };
  }, [dictionary, current, tag]);
  const labels = current ?? shown;
  // `Intl` throws on a tag it cannot read ("x-acme", "not a tag"): formatting then follows English.
  const value = useMemo(() => ({ labels: overrides ? { ...labels, ...overrides } : labels, locale: readable(locale) }), [labels, overrides, locale]);
  const dir = useMemo(() => textDirection(locale), [locale]);
  return { value, dir };
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
