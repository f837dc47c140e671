import { beforeAll, describe, expect, it } from "vitest";
import { act, render, waitFor } from "@testing-library/react";
import { Markdown, preloadMarkdown } from "../../src/components";
import { grammarFor } from "../../src/components/markdown/codeLanguages";
import { highlightCode } from "../../src/components/markdown/highlighter";

const fence = (language: string, code: string, closed = true) => `\`\`\`${language}\n${code}${closed ? "\n```" : ""}`;
const codeOf = (container: HTMLElement) => container.querySelector<HTMLElement>("[data-slot=markdown-code-block] code");

describe("code highlighting", () => {
  beforeAll(() => preloadMarkdown());

  it("names a grammar for common languages and aliases, none for others", () => {
    expect(grammarFor("TS")).toBe("typescript");
    expect(grammarFor("bash")).toBe("shellscript");
    expect(grammarFor("py")).toBe("python");
    expect(grammarFor("json")).toBe("json");
    expect(grammarFor("brainfuck")).toBeUndefined();
    expect(grammarFor("constructor")).toBeUndefined();
    expect(grammarFor("")).toBeUndefined();
  });

  it("colours tokens with the theme's CSS variables, keeping the text exactly", async () => {
    const code = "// trains\nconst trains: string[] = [\"Lyon\"];\nfunction go(n: number) { return n + 1; }";
    const lines = await highlightCode(code, "typescript");
    expect(lines.map((line) => line.map((t) => t.content).join("")).join("\n")).toBe(code);
    const colors = new Set(lines.flat().map((t) => t.color));
    expect(colors).toContain("var(--parley-code-token-keyword)");
    expect(colors).toContain("var(--parley-code-token-function)");
    expect(colors).toContain("var(--parley-code-token-comment)");
    // The first pass in a language is slow (its expressions compile): still the whole line.
    expect(lines[1]?.[0]).toEqual({ content: "const", color: "var(--parley-code-token-keyword)", fontStyle: undefined });
  });

  it("highlights a fenced block in a known language; the header and Copy stay", async () => {
    const code = 'const city = "Lyon";\nconsole.log(city);';
    const { container, getByRole } = render(<Markdown>{fence("ts", code)}</Markdown>);
    await waitFor(() => expect(codeOf(container)).toHaveAttribute("data-highlighted"), { timeout: 5000 });
    const element = codeOf(container)!;
    expect(element.textContent).toBe(`${code}\n`);
    expect(element.querySelector('span[style*="--parley-code-token-keyword"]')?.textContent).toBe("const");
    expect(container.querySelector("[data-slot=markdown-code-language]")?.textContent).toBe("ts");
    expect(getByRole("button", { name: "Copy code" })).toBeInTheDocument();
  });

  it("leaves a block in an unknown language as plain code", async () => {
    const { container } = render(<Markdown>{fence("brainfuck", "++[>+<-]")}</Markdown>);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codeOf(container)).not.toHaveAttribute("data-highlighted");
    expect(codeOf(container)?.querySelector("span")).toBeNull();
    expect(codeOf(container)?.textContent).toBe("++[>+<-]\n");
  });

  it("while a block streams, shows the text at once and highlights it again as it grows", async () => {
    const first = "const a = 1;";
    const { container, rerender } = render(<Markdown>{fence("js", first, false)}</Markdown>);
    await waitFor(() => expect(codeOf(container)).toHaveAttribute("data-highlighted"), { timeout: 5000 });
    // A new token: its text is there in the same render, unhighlighted until the next pass.
    const more = `${first}\nlet b = a + 2;`;
    rerender(<Markdown>{fence("js", more, false)}</Markdown>);
    expect(codeOf(container)?.textContent).toBe(`${more}\n`);
    expect(codeOf(container)).toHaveAttribute("data-highlighted");
    await waitFor(() => expect([...codeOf(container)!.querySelectorAll("span")].some((s) => s.textContent === "let")).toBe(true), { timeout: 5000 });
    // Edited rather than grown (a different block): plain until highlighted again.
    await act(async () => rerender(<Markdown>{fence("js", "var c;", true)}</Markdown>));
    await waitFor(() => expect(codeOf(container)?.textContent).toBe("var c;\n"));
    await waitFor(() => expect(codeOf(container)?.querySelector("span")?.textContent).toBe("var"), { timeout: 5000 });
  });
});
