import { describe, expect, it } from "vitest";
import { en, resolveLabels, zhCN } from "../../src";

describe("resolveLabels", () => {
  it.each(["zh-CN", "zh", "zh-Hans", "zh-Hans-CN", "zh-TW", "zh-cn", "ZH_cn"])("gives the Chinese dictionary for %s", (tag) => {
    expect(resolveLabels(tag).send).toBe(zhCN.send);
  });

  it.each(["en", "en-GB", "fr", "", undefined])("gives English for %s", (tag) => {
    expect(resolveLabels(tag).send).toBe(en.send);
  });

  it("puts overrides on top", () => {
    expect(resolveLabels("zh-CN", { send: "Go" }).send).toBe("Go");
    expect(resolveLabels("zh-CN", { send: "Go" }).stop).toBe(zhCN.stop);
  });
});
