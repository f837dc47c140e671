import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useState } from "react";
import { expect, waitFor, within } from "storybook/test";
import { Markdown, ParleyUIProvider, preloadMarkdown } from "../src";
import { REPLY } from "./support/stores";

const meta = {
  title: "Parley/Markdown",
  component: Markdown,
  tags: ["autodocs"],
  decorators: [(Story) => <ParleyUIProvider className="pl:p-4"><Story /></ParleyUIProvider>],
  // The renderer loads on first use; until then the text shows plain (test/components/LazyMarkdown*).
  loaders: [async () => ({ markdown: await preloadMarkdown() })],
} satisfies Meta<typeof Markdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Complete: Story = { args: { children: REPLY } };

export const StreamingUnclosed: Story = { args: { children: "Here is **bold and `code\n\n```ts\nconst trains = [\n  { from: \"Paris\"" } };

export const HostilePayloads: Story = {
  args: {
    children: [
      "<script>window.__pwned = true</script>",
      '<img src="x" onerror="window.__pwned = true">',
      '<svg onload="window.__pwned = true"><circle r="4"/></svg>',
      "[javascript link](javascript:window.__pwned=true)",
      "[data link](data:text/html,hi)",
      "Plain text survives.",
    ].join("\n\n"),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Plain text survives.")).toBeInTheDocument();
    await expect(canvasElement.querySelector("script, img, svg")).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    for (const a of canvasElement.querySelectorAll("a")) await expect(a.getAttribute("href") ?? "").toBe("");
  },
};

const CODE = [
  "Two ways to book it:",
  "",
  "```ts",
  "// A typed booking request",
  "interface Booking { from: string; to: string; seats: number }",
  "export async function book(request: Booking): Promise<string> {",
  '  const response = await fetch("/api/book", { method: "POST", body: JSON.stringify(request) });',
  "  return (await response.json()).reference; // e.g. PX-4821",
  "}",
  "```",
  "",
  "```bash",
  "# or from a terminal",
  'curl -X POST https://example.com/api/book -d \'{"from":"Paris","to":"Lyon","seats":2}\'',
  "```",
].join("\n");

/** Waits until every code block in a known language is coloured. */
async function expectHighlighted(canvasElement: HTMLElement, blocks: number) {
  await waitFor(() => expect(canvasElement.querySelectorAll("[data-slot=markdown-code-block] code[data-highlighted]")).toHaveLength(blocks), { timeout: 10_000 });
  await expect(canvasElement.querySelector('code span[style*="--parley-code-token-keyword"]')).not.toBeNull();
}

/** Code blocks in TypeScript and Bash, coloured by language; the header (language, Copy) stays. */
export const HighlightedCode: Story = {
  args: { children: CODE },
  play: async ({ canvasElement }) => {
    await expectHighlighted(canvasElement, 2);
    await expect(within(canvasElement).getAllByRole("button", { name: "Copy code" })).toHaveLength(2);
  },
};

/** The same in dark: the token colours follow the kit's dark tokens (CSS variables). */
export const HighlightedCodeDark: Story = { ...HighlightedCode, globals: { theme: "dark" } };

/** A language the kit has no grammar for stays plain code, with its label and Copy. */
export const UnknownLanguage: Story = {
  args: { children: "```brainfuck\n++++++++[>++++[>++>+++<<-]>+<<-]>>.\n```" },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const code = canvasElement.querySelector("[data-slot=markdown-code-block] code");
    await expect(code).not.toHaveAttribute("data-highlighted");
    await expect(code?.querySelector("span")).toBeNull();
    await expect(canvasElement.querySelector("[data-slot=markdown-code-language]")).toHaveTextContent("brainfuck");
  },
};

const STREAMED = CODE.split(/(?<=\s)/);

/** A reply streaming in: the code shows as it arrives, coloured again at most every 250 ms. */
function Streaming() {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (count >= STREAMED.length) return;
    const timer = setTimeout(() => setCount((n) => n + 1), 40);
    return () => clearTimeout(timer);
  }, [count]);
  return <Markdown>{STREAMED.slice(0, count).join("")}</Markdown>;
}

export const StreamingCode: Story = {
  args: { children: "" },
  render: () => <Streaming />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain("PX-4821"), { timeout: 15_000 });
    await expectHighlighted(canvasElement, 2);
  },
};
