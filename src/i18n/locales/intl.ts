/**
 * `Intl` helpers for the dictionaries loaded on first use (ja, es, de, ar): counts with the
 * language's own plural categories (Arabic has six) and durations and sizes in its own words and
 * digits. Only those chunks import this module, so it never weighs on the kit's first load.
 */

/** One string per plural category the language uses; `#` stands for the formatted number. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Counting words for `locale`.
 *
 * @example
 * const count = counter("ar");
 * count(2, { one: "سؤال واحد", two: "سؤالان", few: "# أسئلة", many: "# سؤالًا", other: "# سؤال" }); // "سؤالان"
 */
export function counter(locale: string): (n: number, forms: PluralForms) => string {
  const rules = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  return (n, forms) => (forms[rules.select(n)] ?? forms.other).replace("#", numbers.format(n));
}

/**
 * A whole duration in the largest exact unit (minutes, hours or days), in `locale`'s words:
 * "2 Stunden", "ساعتان", "2 時間".
 *
 * @example
 * duration("de")(7_200_000); // "2 Stunden"
 */
export function duration(locale: string): (ms: number) => string {
  return (ms) => {
    const minutes = Math.max(1, Math.round(ms / 60_000));
    const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, "day"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
    return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value);
  };
}

/**
 * A file size in bytes, kilobytes, megabytes or gigabytes (steps of 1024), with `locale`'s decimal
 * sign: "2,4 MB".
 *
 * @example
 * fileSize("es")(2_500_000); // "2,4 MB"
 */
export function fileSize(locale: string): (bytes: number) => string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  return (bytes) => {
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit += 1;
    }
    return new Intl.NumberFormat(locale, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1 }).format(value);
  };
}

/** A number in `locale`'s digits and separators. */
export function numberIn(locale: string): (n: number) => string {
  const numbers = new Intl.NumberFormat(locale);
  return (n) => numbers.format(n);
}
