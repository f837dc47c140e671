import { describe, expect, it } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { Markdown, preloadMarkdown } from "../../src/components";

// Each test file has its own module registry: the renderer is not loaded until a test loads it.
describe("LazyMarkdown", () => {
  it("renders on the server as plain text, whitespace kept, and hydrates without a mismatch", async () => {
    const text = "**Bold** line\n\n- item one\n- item two";
    const html = renderToString(<Markdown>{text}</Markdown>);
    expect(html).toContain('data-slot="markdown-plain"');
    expect(html).toContain("**Bold** line\n\n- item one");
    expect(html).not.toContain("<strong>");

    // Even with the renderer loaded, hydration first sees what the server sent, then formats.
    await preloadMarkdown();
    const host = document.createElement("div");
    host.innerHTML = html;
    document.body.append(host);
    const errors: unknown[] = [];
    const root = hydrateRoot(host, <Markdown>{text}</Markdown>, { onRecoverableError: (error) => errors.push(error) });
    await waitFor(() => expect(host.querySelector("strong")?.textContent).toBe("Bold"));
    expect(host.querySelector('[data-slot="markdown-plain"]')).toBeNull();
    expect(host.querySelectorAll("li")).toHaveLength(2);
    expect(errors).toEqual([]);
    act(() => root.unmount());
    host.remove();
  });

  it("once loaded, renders formatted text at once", () => {
    render(<Markdown>{"# Title"}</Markdown>);
    expect(screen.getByRole("heading", { name: "Title" })).toBeInTheDocument();
  });
});
