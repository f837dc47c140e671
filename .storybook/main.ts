import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: { name: "@storybook/react-vite", options: {} },
  stories: ["../stories/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-a11y", "@storybook/addon-docs", "@storybook/addon-vitest"],
  core: { disableTelemetry: true },
  // A dependency reached only through a lazily loaded chunk is found by Vite's scan late, and the
  // re-optimisation reloads the page mid-test: name it up front.
  viteFinal: (vite) => ({ ...vite, optimizeDeps: { ...vite.optimizeDeps, include: [...(vite.optimizeDeps?.include ?? []), "@simplewebauthn/browser"] } }),
};

export default config;
