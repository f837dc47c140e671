import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// jsdom has no ResizeObserver; Radix's RadioGroup, Checkbox and Switch measure with it.
if (typeof globalThis.ResizeObserver === "undefined") {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => cleanup());

// The permissions UI and the advice, error and input-request cards load on first use (and when the browser is idle); tests of the cards and
// panels render them as a person sees them once it is there. test/components/LazyPermissions.test.tsx
// checks the time before.
// Likewise the store's re-check of stored and tab data, which persistThread and syncTabs load
// before they hand the store anything (test/store/trustChecks.test.ts checks the time before).
beforeAll(async () => {
  const { preloadPermissionsUi } = await import("../src/components/permissions/lazyPermissions");
  const { preloadInteractionCards } = await import("../src/components/interactions/lazyCards");
  const { preloadTrustChecks } = await import("../src/store/trustChecks");
  await Promise.all([preloadPermissionsUi(), preloadInteractionCards(), preloadTrustChecks()]);
});
