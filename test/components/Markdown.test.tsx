import { beforeAll, describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { Markdown, preloadMarkdown, safeUrl } from "../../src/components";
import { expectNoAxeViolations } from "./support";

describe("Markdown", () => {
  // The renderer loads on first use (LazyMarkdown.test.tsx covers the plain text before it).
  beforeAll(() => preloadMarkdown());

  it("never renders raw HTML", () => {
    const { container } = render(
      <Markdown>{'Hi <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned=2"> <b>bold?</b>'}</Markdown>,
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("drops inline SVG with handlers", () => {
    const { container } = render(<Markdown>{'<svg onload="alert(1)"><circle r="4" /></svg> after'}</Markdown>);
    expect(container.querySelector("svg")).toBeNull();
    expect(container.innerHTML).not.toContain("onload");
    expect(container.textContent).toContain("after");
  });

  it.each(["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>"])(
    "removes the %s link target",
    (url) => {
      const { container } = render(<Markdown>{`[click](${url.replace(/ /g, "%20")})`}</Markdown>);
      const a = container.querySelector("a");
      expect(a?.getAttribute("href") ?? "").toBe("");
      expect(container.innerHTML.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:text/);
    },
  );

  it("safeUrl keeps ordinary links", () => {
    expect(safeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeUrl("/relative")).toBe("/relative");
    expect(safeUrl("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(safeUrl("data:image/png;base64,AAAA")).toBe("");
  });

  it("opens external links in a new tab without an opener", () => {
    const { getByRole } = render(<Markdown>{"[docs](https://example.com)"}</Markdown>);
    const link = getByRole("link", { name: "docs" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("treats protocol-relative links as external too", () => {
    const { getByRole } = render(<Markdown>{"[x](//evil.example/path)"}</Markdown>);
    const link = getByRole("link", { name: "x" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows images as links instead of loading them", () => {
    const { container, getByRole } = render(<Markdown>{"![tracking pixel](https://evil.example/p.gif)"}</Markdown>);
    expect(container.querySelector("img")).toBeNull();
    expect(getByRole("link", { name: "tracking pixel" })).toHaveAttribute("href", "https://evil.example/p.gif");
  });

  it("renders half-streamed markdown without throwing", () => {
    const { container } = render(<Markdown>{"Here is **bold and `code\n\n```ts\nconst x = [1, 2"}</Markdown>);
    expect(container.textContent).toContain("const x = [1, 2");
    expect(container.querySelector("pre")).not.toBeNull();
  });

  it("gives a code block a header with its language and Copy, and a named, focusable scroller; inline code is styled apart", () => {
    const { getByRole, container } = render(<Markdown>{"Run `npm test` then:\n\n```ts\nconst a = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |"}</Markdown>);
    const header = container.querySelector("[data-slot=markdown-code-header]")!;
    expect(header).toHaveTextContent("ts");
    expect(header).toContainElement(getByRole("button", { name: "Copy code" }));
    const code = getByRole("group", { name: "Code, ts" });
    expect(code.tagName).toBe("PRE");
    expect(code).toHaveAttribute("tabindex", "0");
    expect(getByRole("group", { name: "Table" })).toContainElement(container.querySelector("table"));
    // Inline and block code are told apart by the stylesheet (`:not(pre) > code`).
    expect(container.querySelector("p code")).toHaveAttribute("data-slot", "markdown-code");
    expect(container.querySelector("pre code")).toHaveAttribute("data-slot", "markdown-code");
  });

  it("gives code blocks a copy button and GFM tables", async () => {
    const { getByRole, container } = render(<Markdown>{"```js\nlet a = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |"}</Markdown>);
    expect(getByRole("button", { name: "Copy code" })).toBeInTheDocument();
    expect(container.querySelector("table")).not.toBeNull();
    await expectNoAxeViolations(container);
  });
});
