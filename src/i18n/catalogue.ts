import { lazyModule } from "../core/lazyModule";
import { en, zhCN, type ParleyLabels } from "./labels";

/**
 * Labels given in part: any top-level string or function, and any group (`interaction`,
 * `permissions`, `form` …) with only the keys that change.
 */
export type LabelsOverride = {
  [K in keyof ParleyLabels]?: ParleyLabels[K] extends string | ((...args: never[]) => unknown) ? ParleyLabels[K] : Partial<ParleyLabels[K]>;
};

/** A locale's dictionary: at hand now (en, zh-CN, one given whole) or loaded on first use. */
export interface LocaleDictionary {
  loaded: () => ParleyLabels | undefined;
  load: () => Promise<ParleyLabels>;
  subscribe: (listener: () => void) => () => void;
  /** At hand without waiting, on the server and while hydrating too. */
  ready?: true;
}

/** A locale of the catalogue: its BCP 47 tag and its dictionary. Made by `defineLocale`. */
export interface ParleyLocaleDefinition {
  readonly tag: string;
  readonly dictionary: LocaleDictionary;
}

/** What `defineLocale` takes: a whole dictionary, or part of one over a `base` locale; either now or loaded. */
export type LocaleSource =
  | { base?: undefined; labels: ParleyLabels }
  | { base: string | ParleyLocaleDefinition; labels: LabelsOverride }
  | { base?: undefined; load: () => Promise<ParleyLabels> }
  | { base: string | ParleyLocaleDefinition; load: () => Promise<LabelsOverride> };

const atHand = (labels: ParleyLabels): LocaleDictionary => ({ loaded: () => labels, load: () => Promise.resolve(labels), subscribe: () => () => {}, ready: true });

/** The locales the kit ships. en and zh-CN are in the kit; the others load on first use, each a chunk of its own. */
export const shippedLocales: readonly ParleyLocaleDefinition[] = [
  { tag: "en", dictionary: atHand(en) },
  { tag: "zh-CN", dictionary: atHand(zhCN) },
  ...(["ja", "es", "de", "ar"] as const).map((tag) => ({ tag, dictionary: lazyModule(() => import("./locales/index").then((m) => m.load(tag))) })),
];

const normal = (tag: string) => tag.toLowerCase().replace(/_/g, "-");

/**
 * The catalogue's locale for `locale`: the same tag (without regard to case), else the bare
 * language, else any tag of the same language (`de-AT` → `de`, `zh-TW` → `zh-CN`), else English.
 * The app's `locales` come before the shipped ones, so a team's `ja` replaces the kit's.
 *
 * @example
 * pickLocale("de-AT").tag; // "de"
 */
export function pickLocale(locale: string | undefined, locales: readonly ParleyLocaleDefinition[] = []): ParleyLocaleDefinition {
  const all = [...locales, ...shippedLocales];
  const wanted = normal(locale ?? "");
  const language = wanted.split("-")[0];
  return (
    all.find((d) => normal(d.tag) === wanted) ??
    all.find((d) => normal(d.tag) === language) ??
    all.find((d) => normal(d.tag).split("-")[0] === language) ??
    shippedLocales[0]!
  );
}

/**
 * A locale a team adds or changes: a whole dictionary (typed, so a missing key fails the
 * typecheck), or only what differs from a `base` locale (shipped or defined), now or loaded on
 * first use. Pass the result to `<ParleyUIProvider locales={[…]}>`.
 *
 * @example
 * const ptBR = defineLocale("pt-BR", {
 *   base: "es",
 *   labels: { send: "Enviar", stop: "Parar", interaction: { approve: "Aprovar", decline: "Recusar" } },
 * });
 * const fr = defineLocale("fr", { load: () => import("./labels.fr").then((m) => m.fr) });
 * <ParleyUIProvider locale="pt-BR" locales={[ptBR, fr]}>…</ParleyUIProvider>
 */
export function defineLocale(tag: string, source: LocaleSource): ParleyLocaleDefinition {
  const base = source.base === undefined ? undefined : typeof source.base === "string" ? pickLocale(source.base).dictionary : source.base.dictionary;
  const over = (own: LabelsOverride, below: ParleyLabels | undefined) => (below ? mergeLabels(below, own) : (own as ParleyLabels));
  if ("labels" in source && (!base || base.ready)) return { tag, dictionary: atHand(over(source.labels, base?.loaded())) };
  return {
    tag,
    dictionary: lazyModule(async () => over("labels" in source ? source.labels : await source.load(), await base?.load())),
  };
}

/** `base` with `own` on top, each group merged key by key. */
function mergeLabels(base: ParleyLabels, own: LabelsOverride): ParleyLabels {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(own)) {
    const below = merged[key];
    merged[key] = value && below && typeof value === "object" && typeof below === "object" ? { ...below, ...value } : value;
  }
  return merged as unknown as ParleyLabels;
}

/**
 * `"rtl"` for a right-to-left language (Arabic, Hebrew, Persian, Urdu …), from `Intl.Locale`'s text
 * info where the browser has it, else from the language and script subtags.
 *
 * @example
 * textDirection("ar-EG"); // "rtl"
 */
export function textDirection(locale: string): "ltr" | "rtl" {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    const direction = (info.getTextInfo?.() ?? info.textInfo)?.direction;
    if (direction) return direction === "rtl" ? "rtl" : "ltr";
  } catch {
    return "ltr";
  }
  return /^(ar|ckb|dv|fa|he|iw|ps|sd|ug|ur|yi)\b|-(arab|hebr)\b/i.test(locale) ? "rtl" : "ltr";
}
