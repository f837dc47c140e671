const displayNames = new Map<"en" | "zh", Intl.DisplayNames>();

/**
 * A language tag's name, as each run's context gives it to the agent ("de-AT" → "Austrian German",
 * or in Chinese "中文（中国）"). The `Intl.DisplayNames` for each language names are written in is
 * kept: making one loads locale data (~20 ms on a slow machine), which would otherwise come before
 * every run's request. A tag Intl cannot read is its own name.
 *
 * @example
 * languageName("de-AT", "en"); // "Austrian German"
 */
export function languageName(tag: string, inLanguage: "en" | "zh"): string {
  try {
    let names = displayNames.get(inLanguage);
    if (!names) displayNames.set(inLanguage, (names = new Intl.DisplayNames([inLanguage], { type: "language" })));
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The language the context names `locale` in: Chinese for a Chinese locale, English otherwise.
 *
 * @example
 * contextLanguage("zh-TW"); // "zh"
 * contextLanguage("de-AT"); // "en"
 */
export function contextLanguage(locale: string): "en" | "zh" {
  return locale.toLowerCase().startsWith("zh") ? "zh" : "en";
}
