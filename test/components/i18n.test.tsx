import { describe, expect, it } from "vitest";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { en, resolveLabels, zhCN } from "../../src";
import { useFormatTime } from "../../src/i18n/LabelsContext";

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

describe("useFormatTime", () => {
  function Probe({ at }: { at: number }) {
    const formatTime = useFormatTime({ hour: "2-digit", minute: "2-digit" });
    return <time>{formatTime(at)}</time>;
  }

  it("formats in UTC on the server and while hydrating (saying so), then in the browser's own zone, with no mismatch", async () => {
    const at = Date.UTC(2026, 11, 2, 14, 5);
    const html = renderToString(<Probe at={at} />);
    expect(html).toContain("02:05 PM");
    expect(html).toContain("UTC");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe at={at} />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe(new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit" }).format(at));
    container.remove();
  });
});
