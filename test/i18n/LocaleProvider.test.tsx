import { afterEach, describe, expect, it, vi } from "vitest";
import { StrictMode } from "react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { ParleyUIProvider } from "../../src/components";
import { defineLocale, en, useLabels, useLocale, useFormatTime, zhCN, type ParleyLabels } from "../../src";
import { ar } from "../../src/i18n/locales/ar";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Probe() {
  const t = useLabels();
  const formatTime = useFormatTime({ hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return (
    <p>
      <span data-testid="send">{t.send}</span>
      <span data-testid="count">{t.interaction.queueCount(2)}</span>
      <span data-testid="time">{formatTime(Date.UTC(2026, 11, 2, 14, 5))}</span>
      <span data-testid="locale">{useLocale()}</span>
    </p>
  );
}

const root = () => document.querySelector<HTMLElement>("[data-slot=parley-root]")!;
const text = (id: string) => screen.getByTestId(id).textContent;

/** A locale whose dictionary arrives when the test says so. */
function deferredLocale(tag: string) {
  let resolve!: (labels: ParleyLabels) => void;
  let reject!: (error: Error) => void;
  const definition = defineLocale(tag, { load: () => new Promise<ParleyLabels>((ok, fail) => ((resolve = ok), (reject = fail))) });
  return { definition, resolve: (labels: ParleyLabels) => act(async () => resolve(labels)), reject: (error: Error) => act(async () => reject(error)) };
}

describe("ParleyUIProvider and the locale catalogue", () => {
  it("Arabic: the root is right to left, the words, plurals and times are Arabic once the chunk arrives", async () => {
    render(
      <StrictMode>
        <ParleyUIProvider locale="ar-EG">
          <Probe />
        </ParleyUIProvider>
      </StrictMode>,
    );
    expect(root().getAttribute("dir")).toBe("rtl");
    expect(root().getAttribute("lang")).toBe("ar-EG");
    // Never blank: English until the dictionary has loaded.
    expect(text("send")).toBe(en.send);
    expect(await screen.findByText("إرسال")).toBeTruthy();
    expect(text("count")).toBe("سؤالان في انتظارك");
    expect(text("time")).toBe(new Intl.DateTimeFormat("ar-EG", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2026, 11, 2, 14, 5)));
    expect(text("locale")).toBe("ar-EG");
  });

  it.each([["de-AT", "Senden"], ["es-MX", "Enviar"], ["ja-JP", "送信"]])("%s gets its language's dictionary, left to right", async (locale, send) => {
    render(
      <ParleyUIProvider locale={locale}>
        <Probe />
      </ParleyUIProvider>,
    );
    expect(await screen.findByText(send)).toBeTruthy();
    expect(root().getAttribute("dir")).toBe("ltr");
  });

  it("en and zh-CN are there on the first render, and on the server", () => {
    expect(renderToString(<ParleyUIProvider locale="zh-CN"><Probe /></ParleyUIProvider>)).toContain(zhCN.send);
    render(
      <ParleyUIProvider locale="zh-CN">
        <Probe />
      </ParleyUIProvider>,
    );
    expect(text("send")).toBe(zhCN.send);
  });

  it("a lazily loaded locale is English on the server, with its direction already set", () => {
    const html = renderToString(<ParleyUIProvider locale="ar"><Probe /></ParleyUIProvider>);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(`>${en.send}<`);
  });

  it("keeps the previous locale's words while the next one loads", async () => {
    const later = deferredLocale("fr");
    const { rerender } = render(
      <ParleyUIProvider locale="zh-CN" locales={[later.definition]}>
        <Probe />
      </ParleyUIProvider>,
    );
    rerender(
      <ParleyUIProvider locale="fr" locales={[later.definition]}>
        <Probe />
      </ParleyUIProvider>,
    );
    expect(text("send")).toBe(zhCN.send);
    await later.resolve({ ...en, send: "Later" });
    expect(text("send")).toBe("Later");
  });

  it("a dictionary that fails to load gives English and a development warning that names the fix", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = deferredLocale("it");
    render(
      <StrictMode>
        <ParleyUIProvider locale="zh-CN" locales={[broken.definition]}>
          <Probe />
        </ParleyUIProvider>
      </StrictMode>,
    );
    expect(text("send")).toBe(zhCN.send);
    cleanup();
    render(
      <StrictMode>
        <ParleyUIProvider locale="it" locales={[broken.definition]}>
          <Probe />
        </ParleyUIProvider>
      </StrictMode>,
    );
    await broken.reject(new Error("offline"));
    expect(text("send")).toBe(en.send);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/"it" labels failed to load.*defineLocale/);
  });

  it("a tag Intl cannot read shows English and formats in English, without throwing", () => {
    render(
      <ParleyUIProvider locale="not a tag!">
        <Probe />
      </ParleyUIProvider>,
    );
    expect(text("send")).toBe(en.send);
    expect(text("locale")).toBe("en");
    expect(root().getAttribute("dir")).toBe("ltr");
  });

  it("a team's locale over a shipped one, with the provider's labels on top", async () => {
    const ptBR = defineLocale("pt-BR", { base: "es", labels: { send: "Enviar agora", interaction: { queueCount: (n) => `${n} perguntas esperando` } } });
    render(
      <ParleyUIProvider locale="pt-BR" locales={[ptBR]} labels={{ stop: "Parar" }}>
        <Probe />
      </ParleyUIProvider>,
    );
    expect(await screen.findByText("Enviar agora")).toBeTruthy();
    expect(text("count")).toBe("2 perguntas esperando");
  });

  it("labels given to the provider win over an Arabic dictionary", async () => {
    render(
      <ParleyUIProvider locale="ar" labels={{ send: "أرسل الآن" }}>
        <Probe />
      </ParleyUIProvider>,
    );
    expect(text("send")).toBe("أرسل الآن");
    expect(await screen.findByText(ar.interaction.queueCount(2))).toBeTruthy();
  });
});

describe("right to left", () => {
  it("arrow keys in the kit's radio groups follow the direction: in Arabic, the left arrow goes to the next option", async () => {
    const { RadioGroup } = await import("radix-ui");
    const { default: userEvent } = await import("@testing-library/user-event");
    const user = userEvent.setup();
    render(
      <ParleyUIProvider locale="ar">
        <RadioGroup.Root aria-label="النطاق" orientation="horizontal" defaultValue="once">
          <RadioGroup.Item value="once" aria-label="مرة واحدة" />
          <RadioGroup.Item value="session" aria-label="طوال الجلسة" />
          <RadioGroup.Item value="conditional" aria-label="عند تحقق الشرط" />
        </RadioGroup.Root>
      </ParleyUIProvider>,
    );
    screen.getByRole("radio", { name: "مرة واحدة" }).focus();
    await user.keyboard("{ArrowLeft}");
    // Left to right, the left arrow would wrap round to the last option.
    expect(screen.getByRole("radio", { name: "طوال الجلسة" })).toHaveFocus();
  });
});
