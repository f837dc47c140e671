import type { Preview } from "@storybook/react-vite";
import "../src/theme/parley.css";

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
  },
  initialGlobals: { theme: "light" },
  decorators: [
    (Story, context) => (
      <div className={context.globals.theme === "dark" ? "dark" : undefined} data-testid="theme-wrapper">
        <Story />
      </div>
    ),
  ],
};

export default preview;
