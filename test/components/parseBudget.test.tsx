import { beforeEach, describe, expect, it } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { Markdown } from "../../src/components/markdown/Markdown"; // the renderer itself (the public Markdown loads it lazily)
import { FRAME_BUDGET_CHARS } from "../../src/components/markdown/parseBudget";

/** `count` paragraphs of ~300 characters, each with one **bold** word naming it. */
function reply(count: number, tag: string): string {
  return Array.from({ length: count }, (_, i) => `**${tag}${i}** ${"word ".repeat(58)}`).join("\n\n");
}

describe("Markdown's per-frame parse budget", () => {
  // The budget is per task (a frame's render): each test starts in a task of its own.
  beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)));

  it("parses a reply that arrives at once from its end, shows the rest as text, and parses it in the next frames", async () => {
    const text = reply(40, "a");
    expect(text.length).toBeGreaterThan(2 * FRAME_BUDGET_CHARS);
    const { container } = render(<Markdown>{text}</Markdown>);
    const markdown = container.querySelector('[data-slot="markdown"]') as HTMLElement;
    const pending = () => markdown.querySelectorAll('[data-slot="markdown-pending"]').length;
    // Nothing received is held back: every paragraph is on the page from the first frame.
    const shown = markdown.textContent?.replace(/\*/g, "");
    for (let i = 0; i < 40; i++) expect(shown).toContain(`a${i} word`);
    // The end is formatted; the start waits as plain text.
    expect(markdown.querySelector("strong")?.textContent).not.toBe("a0");
    expect([...markdown.querySelectorAll("strong")].map((b) => b.textContent)).toContain("a39");
    expect(pending()).toBeGreaterThan(0);
    expect(pending()).toBeLessThan(40);
    await waitFor(() => expect(pending()).toBe(0));
    expect(markdown.querySelectorAll("strong")).toHaveLength(40);
    expect(markdown.querySelector("strong")?.textContent).toBe("a0");
  });

  it("parses a reply under the budget in its first frame", () => {
    const { container } = render(<Markdown>{reply(5, "b")}</Markdown>);
    expect(container.querySelectorAll('[data-slot="markdown-pending"]')).toHaveLength(0);
    expect(container.querySelectorAll("strong")).toHaveLength(5);
  });

  it("renders every block on the server (so hydration finds the same markup)", () => {
    const html = renderToString(<Markdown>{reply(40, "c")}</Markdown>);
    expect(html).not.toContain("markdown-pending");
    expect(html.match(/<strong>/g)).toHaveLength(40);
  });

  it("does not parse a finished block again when it shows again (a virtual list's new row)", async () => {
    const text = reply(40, "d");
    const first = render(<Markdown>{text}</Markdown>);
    await waitFor(() => expect(first.container.querySelectorAll('[data-slot="markdown-pending"]')).toHaveLength(0));
    first.unmount();
    // Mounted again: the 39 finished blocks come from the cache, so none waits.
    const again = render(<Markdown>{text}</Markdown>);
    expect(again.container.querySelectorAll('[data-slot="markdown-pending"]')).toHaveLength(0);
    expect(again.container.querySelectorAll("strong")).toHaveLength(40);
  });
});
