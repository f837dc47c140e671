import type { Preview } from "@storybook/react-vite";
import { preloadInteractionCards, preloadMarkdown, preloadPermissionsUi } from "../src";
import "../src/theme/parley.css";

/** The widths every story can be seen at: a phone and a desktop (the toolbar's "Width"). */
const WIDTHS = { auto: undefined, phone: 375, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

const preview: Preview = {
  parameters: {
    layout: "padded",
    // Stories fail on accessibility violations (contrast included, in the real browser).
    a11y: { test: "error" },
  },
  globalTypes: {
    theme: {
      description: "Colour theme of the kit",
      toolbar: { title: "Theme", icon: "mirror", items: ["light", "dark"], dynamicTitle: true },
    },
    width: {
      description: "Width the story is laid out at",
      toolbar: { title: "Width", icon: "mobile", items: ["auto", "phone", "desktop"], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: "light", width: "auto" },
  // The kit loads its Markdown renderer when the browser is idle, so a person sees an answer
  // formatted; a story waits for it the same way, instead of racing the chunk's load (under load
  // a play function looked for a citation link while the answer was still its plain first paint).
  loaders: [async () => {
    await Promise.all([preloadMarkdown(), preloadPermissionsUi(), preloadInteractionCards()]);
    return {};
  }],
  decorators: [
    (Story, context) => {
      const dark = context.globals.theme === "dark";
      const width = WIDTHS[(context.globals.width as Width | undefined) ?? "auto"];
      // In dark the page behind the kit is dark too, as it would be in a dark app.
      return (
        <div
          className={dark ? "dark" : undefined}
          data-testid="theme-wrapper"
          data-width={width ? String(width) : undefined}
          style={{ width, maxWidth: width ? "none" : undefined, colorScheme: dark ? "dark" : "light", background: dark ? "#0b0b0d" : undefined }}
        >
          <Story />
        </div>
      );
    },
  ],
};

export default preview;
