import { describe, expect, it } from "vitest";
import { contextLanguage, languageName } from "../../../src/core/run-input/languageName";

describe("languageName", () => {
  it("names a tag in English or in Chinese, the same on every call", () => {
    expect(languageName("de-AT", "en")).toBe("Austrian German");
    expect(languageName("fr", "en")).toBe("French");
    expect(languageName("de-AT", "en")).toBe("Austrian German");
    expect(languageName("zh-CN", "zh")).toBe("中文（中国）");
    expect(languageName("en", "zh")).toBe("英语");
  });

  it("a tag Intl cannot read is its own name, and later tags are still named", () => {
    expect(languageName("not a tag!", "en")).toBe("not a tag!");
    expect(languageName("ja", "en")).toBe("Japanese");
  });

  it("the context speaks Chinese to a Chinese locale, English to any other", () => {
    expect(contextLanguage("zh-TW")).toBe("zh");
    expect(contextLanguage("ZH")).toBe("zh");
    expect(contextLanguage("de-AT")).toBe("en");
    expect(contextLanguage("en")).toBe("en");
  });
});
