import { useSyncExternalStore } from "react";
import { TEXT } from "./text";

/** The demo's colour scheme: the system's (auto), or light or dark whatever the system says. */
export type DemoTheme = "auto" | "light" | "dark";

const KEY = "parley-demo-theme";
const THEMES: readonly DemoTheme[] = ["auto", "light", "dark"];
const listeners = new Set<() => void>();

function stored(): DemoTheme {
  try {
    const value = localStorage.getItem(KEY);
    return THEMES.includes(value as DemoTheme) ? (value as DemoTheme) : "auto";
  } catch {
    return "auto";
  }
}

let theme: DemoTheme = typeof window === "undefined" ? "auto" : stored();

/** The page's own chrome (header, side panels) follows the same scheme as the kit. */
function applyToPage(): void {
  if (typeof document !== "undefined") document.documentElement.style.colorScheme = theme === "auto" ? "light dark" : theme;
}
applyToPage();

function setTheme(next: DemoTheme): void {
  theme = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  applyToPage();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The chosen scheme, for `<ParleyUIProvider colorScheme>`. */
export function useDemoTheme(): DemoTheme {
  return useSyncExternalStore(subscribe, () => theme, () => "auto");
}

/** Auto / Light / Dark, kept across reloads. */
export function ThemeSwitch() {
  const current = useDemoTheme();
  return (
    <label className="demo-theme">
      <span className="demo-visually-hidden">{TEXT.theme}</span>
      <select value={current} onChange={(event) => setTheme(event.target.value as DemoTheme)}>
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {TEXT.themes[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
