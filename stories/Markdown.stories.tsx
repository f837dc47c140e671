import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
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
