// ESLint flat config: type-aware TypeScript, the rules of React hooks, accessible JSX,
// Storybook's rules for stories and no import circle in the library. `npm run lint` runs it; `npm test` runs it after the typecheck.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import storybook from "eslint-plugin-storybook";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const a11y = jsxA11y.flatConfigs.recommended.rules;
const [, elementInteractions] = a11y["jsx-a11y/no-noninteractive-element-interactions"];
const [, noninteractiveTabindex] = a11y["jsx-a11y/no-noninteractive-tabindex"];

export default defineConfig([
  globalIgnores(["dist/", "storybook-static/", "coverage/", "test-results/", ".tmp/"]),
  { linterOptions: { reportUnusedDisableDirectives: "error" } },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The code names what it drops on purpose with a leading underscore
      // (`const { streaming: _streaming, ...message } = …`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Plain Node scripts (size, consumer checks, this file) are outside tsconfig.json and carry
    // no types to check: lint them as JavaScript.
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // A CommonJS preload (`node --require`): require() is how it loads.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  {
    files: ["**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A form may listen for keys bubbling from its fields (Enter while an input method
      // composes must not submit); the keys belong to the fields, which are interactive.
      "jsx-a11y/no-noninteractive-element-interactions": ["error", { ...elementInteractions, form: ["onKeyDown"] }],
      // A region that scrolls must take focus so a keyboard can scroll it (axe's
      // scrollable-region-focusable): the thread (role="log") and the audit table (role="group").
      "jsx-a11y/no-noninteractive-tabindex": ["error", { ...noninteractiveTabindex, roles: [...noninteractiveTabindex.roles, "log", "group"] }],
    },
  },
  {
    // Tests feed the kit malformed and hostile input on purpose (`as any` events, forged
    // envelopes, revoked proxies) and read back what it put on the wire with JSON.parse: `any`
    // is the point there. The library's own code keeps every no-unsafe-* rule.
    files: ["test/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // `await act(async () => …)` is React's way to flush what the callback started, awaited or
      // not; and a fake `fetch` is async like the real one.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // The registry hands back a component registered once (or a default), not one made during
    // render; looking it up is this file's job, and the compiler cannot see through the lookup.
    files: ["src/components/registry/MessageRenderer.tsx", "src/components/a2ui/A2uiSurfaceView.tsx"],
    rules: { "react-hooks/static-components": "off" },
  },
  {
    // An A2UI surface's video and audio are the agent's, linked by URL: no captions come with
    // them to give (the catalog has none); the person starts them with the browser's controls.
    files: ["src/components/a2ui/catalog/content.tsx"],
    rules: { "jsx-a11y/media-has-caption": "off" },
  },
  {
    // No circle of files in the library: each layer (core/thread → the two doors → store → React)
    // imports only downwards. import-x follows value imports; `import type` edges are not counted.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  storybook.configs["flat/recommended"],
]);
