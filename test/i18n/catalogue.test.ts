import { describe, expect, it } from "vitest";
import { en, zhCN, type ParleyLabels } from "../../src/i18n/labels";
import { defineLocale, pickLocale, shippedLocales, textDirection } from "../../src/i18n/catalogue";
import { resolveLabels } from "../../src/i18n/LabelsContext";
import { counter } from "../../src/i18n/locales/intl";
import { ja } from "../../src/i18n/locales/ja";
import { es } from "../../src/i18n/locales/es";
import { de } from "../../src/i18n/locales/de";
import { ar } from "../../src/i18n/locales/ar";

/** Every key path of a dictionary, groups included ("interaction.queueCount"). */
function keyPaths(labels: object, prefix = ""): string[] {
  return Object.entries(labels).flatMap(([key, value]) =>
    value && typeof value === "object" ? keyPaths(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const shipped: [string, ParleyLabels][] = [["ja", ja], ["es", es], ["de", de], ["ar", ar]];

describe("the shipped dictionaries", () => {
  it.each(shipped)("%s has every key English has, each of the same kind, and none English lacks", (_tag, labels) => {
    expect(keyPaths(labels).sort()).toEqual(keyPaths(en).sort());
    const kinds = (l: ParleyLabels) => keyPaths(l).map((path) => [path, typeof path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], l)]);
    expect(kinds(labels).sort()).toEqual(kinds(en).sort());
  });

  it.each(shipped)("%s is its own words, not English left in place", (_tag, labels) => {
    for (const key of ["send", "stop", "retry", "composerPlaceholder", "emptyThread"] as const) expect(labels[key]).not.toBe(en[key]);
    expect(labels.interaction.approve).not.toBe(en.interaction.approve);
    expect(labels.permissions.panelTitle).not.toBe(en.permissions.panelTitle);
  });

  it.each(shipped)("%s's functions take their arguments and say them", (_tag, labels) => {
    expect(labels.actingOn("Buchung")).toContain("Buchung");
    expect(labels.reconnecting(2, 5)).toMatch(/2|٢/);
    expect(labels.interaction.typedMismatch("DELETE", "OK")).toContain("DELETE");
    expect(labels.attachments.refused({ code: "too-large", name: "a.pdf", size: 3_000_000, max: 1_048_576 })).toContain("a.pdf");
    expect(labels.permissions.expiryFor(7_200_000)).toMatch(/2|٢|ساعتان/);
  });
});

describe("pickLocale", () => {
  it.each([
    ["en", "en"], ["zh-CN", "zh-CN"], ["ja", "ja"], ["es", "es"], ["de", "de"], ["ar", "ar"],
    ["JA", "ja"], ["de_DE", "de"], ["de-AT", "de"], ["de-CH", "de"], ["es-MX", "es"], ["es-419", "es"], ["ja-JP", "ja"], ["ar-EG", "ar"], ["ar-SA", "ar"],
    ["zh", "zh-CN"], ["zh-Hans-CN", "zh-CN"], ["zh-TW", "zh-CN"],
    ["fr", "en"], ["en-GB", "en"], ["", "en"], [undefined, "en"],
  ])("%s → %s", (tag, expected) => {
    expect(pickLocale(tag).tag).toBe(expected);
  });

  it("puts the app's locales first, and prefers the bare language to a sibling", () => {
    const mine = defineLocale("ja", { base: "ja", labels: { send: "送る" } });
    const mx = defineLocale("es-MX", { base: "es", labels: { send: "Mandar" } });
    expect(pickLocale("ja-JP", [mine, mx])).toBe(mine);
    expect(pickLocale("es-ES", [mine, mx]).tag).toBe("es");
    expect(pickLocale("es-mx", [mine, mx])).toBe(mx);
    expect(pickLocale("es-AR", [mx]).tag).toBe("es");
  });
});

describe("loading on first use", () => {
  it("en and zh-CN are at hand; ja, es, de and ar load once, then resolveLabels gives them", async () => {
    expect(resolveLabels("zh-CN")).toBe(zhCN);
    const lazy = shippedLocales.filter((d) => !d.dictionary.ready).map((d) => d.tag);
    expect(lazy).toEqual(["ja", "es", "de", "ar"]);
    const [loaded] = await Promise.all([pickLocale("de").dictionary.load(), pickLocale("de").dictionary.load()]);
    expect(loaded).toBe(de);
    expect(resolveLabels("de-AT").send).toBe("Senden");
    expect(resolveLabels("de-AT", { send: "Los" }).send).toBe("Los");
  });
});

describe("defineLocale", () => {
  it("takes a whole dictionary, at hand at once", () => {
    const whole = defineLocale("x-whole", { labels: { ...en, send: "Whole" } });
    expect(whole.dictionary.ready).toBe(true);
    expect(whole.dictionary.loaded()?.send).toBe("Whole");
  });

  it("puts part of a dictionary over a shipped base, groups merged key by key", async () => {
    const ptBR = defineLocale("pt-BR", { base: "es", labels: { send: "Enviar", stop: "Parar", interaction: { approve: "Aprovar" } } });
    const labels = await ptBR.dictionary.load();
    expect(labels.stop).toBe("Parar");
    expect(labels.interaction.approve).toBe("Aprovar");
    expect(labels.interaction.decline).toBe(es.interaction.decline);
    expect(labels.retry).toBe(es.retry);
    expect(pickLocale("pt-PT", [ptBR])).toBe(ptBR);
  });

  it("over a base at hand, is at hand too (the server renders it)", () => {
    const enUS = defineLocale("en-US", { base: "en", labels: { composerPlaceholder: "Type here…" } });
    expect(enUS.dictionary.ready).toBe(true);
    expect(enUS.dictionary.loaded()?.composerPlaceholder).toBe("Type here…");
    expect(enUS.dictionary.loaded()?.send).toBe("Send");
  });

  it("loads a dictionary of the team's own on first use, over another definition", async () => {
    const base = defineLocale("x-base", { labels: { ...en, send: "Base send" } });
    const fromFile = defineLocale("x-file", { base, load: async () => ({ stop: "Halt" }) });
    expect(fromFile.dictionary.loaded()).toBeUndefined();
    const labels = await fromFile.dictionary.load();
    expect([labels.send, labels.stop]).toEqual(["Base send", "Halt"]);
  });

  it("is typed: a whole dictionary without a base must have every key", () => {
    // @ts-expect-error — `stop` and the rest are missing, and there is no base to fill them
    defineLocale("x-incomplete", { labels: { send: "Go" } });
    // @ts-expect-error — a group's key must be one the group has
    defineLocale("x-typo", { base: "en", labels: { interaction: { aprove: "Yes" } } });
  });
});

describe("plural forms through Intl.PluralRules", () => {
  it("Arabic takes all six categories", () => {
    const forms = [0, 1, 2, 3, 11, 100].map((n) => new Intl.PluralRules("ar").select(n));
    expect(forms).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(ar.interaction.queueCount(0)).toBe("لا أسئلة في انتظارك");
    expect(ar.interaction.queueCount(1)).toBe("سؤال واحد في انتظارك");
    expect(ar.interaction.queueCount(2)).toBe("سؤالان في انتظارك");
    expect(ar.interaction.queueCount(3)).toBe("3 أسئلة في انتظارك");
    expect(ar.interaction.queueCount(11)).toBe("11 سؤالًا في انتظارك");
    expect(ar.interaction.queueCount(100)).toBe("100 سؤال في انتظارك");
    expect(ar.interaction.declineFirst(2)).toContain("سؤالان");
    expect(ar.form.tooShort(2)).toBe("أدخل حرفين على الأقل.");
    expect(ar.permissions.auditCount(12, 12)).toBe("12 سجلًا");
  });

  it("Spanish and German: one and other", () => {
    expect(es.interaction.queueCount(1)).toBe("1 pregunta pendiente");
    expect(es.interaction.queueCount(4)).toBe("4 preguntas pendientes");
    expect(es.form.fixErrors(1)).toBe("Corrige el campo marcado abajo.");
    expect(de.interaction.queueCount(1)).toBe("1 offene Frage");
    expect(de.interaction.queueCount(1200)).toBe("1.200 offene Fragen");
    expect(de.permissions.auditCount(3, 1)).toContain("Eintrag");
  });

  it("Japanese has no plural: one form, the number in its place", () => {
    expect(ja.interaction.queueCount(1)).toBe("1 件の質問が回答待ちです");
    expect(ja.interaction.queueCount(5)).toBe("5 件の質問が回答待ちです");
  });

  it("counter falls back to `other` for a category a dictionary leaves out", () => {
    const count = counter("ar");
    expect(count(3, { one: "one", other: "# things" })).toBe("3 things");
  });

  it("durations and sizes in the language's own words and separators", () => {
    expect(de.permissions.expiryFor(3_600_000)).toBe("Für 1 Stunde");
    expect(es.permissions.expiryFor(2 * 86_400_000)).toBe("Durante 2 días");
    expect(ar.permissions.expiryFor(7_200_000)).toBe("لمدة ساعتان");
    expect(de.attachments.size(2.5 * 1024 * 1024)).toBe("2,5 MB");
  });
});

describe("textDirection", () => {
  it.each([["ar", "rtl"], ["ar-EG", "rtl"], ["he", "rtl"], ["fa-IR", "rtl"], ["ur", "rtl"], ["en", "ltr"], ["de-AT", "ltr"], ["ja", "ltr"], ["zh-CN", "ltr"], ["not a tag!", "ltr"], ["", "ltr"]])(
    "%s → %s",
    (tag, dir) => {
      expect(textDirection(tag)).toBe(dir);
    },
  );

  it("without Intl.Locale's text info, falls back to the language and script", () => {
    const Locale = Intl.Locale;
    const intl = Intl as { Locale: typeof Intl.Locale };
    // A browser without text info (Firefox): the constructor works, the getters are absent.
    intl.Locale = class extends Locale {
      getTextInfo = undefined;
      get textInfo() {
        return undefined;
      }
    };
    try {
      expect(["ar-SA", "he", "uz-Arab", "en", "de"].map(textDirection)).toEqual(["rtl", "rtl", "rtl", "ltr", "ltr"]);
    } finally {
      intl.Locale = Locale;
    }
  });
});
