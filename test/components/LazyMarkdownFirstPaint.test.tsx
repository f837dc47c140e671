import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Markdown } from "../../src/components";

// A file of its own: the renderer has not been loaded in this module registry yet.
describe("LazyMarkdown before the renderer has loaded", () => {
  it("shows the text at once as plain text, then the formatted text replaces it", async () => {
    const { container } = render(<Markdown className="extra">{"Hello **world**\n\n  indented"}</Markdown>);
    const plain = container.querySelector('[data-slot="markdown-plain"]');
    expect(plain?.textContent).toBe("Hello **world**\n\n  indented");
    expect(plain).toHaveClass("extra", "pl:whitespace-pre-wrap");
    expect(await screen.findByText("world", { selector: "strong" })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="markdown-plain"]')).toBeNull();
    expect(container.querySelector('[data-slot="markdown"]')).toHaveClass("extra");
  });
});
