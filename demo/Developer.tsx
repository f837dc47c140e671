import { useId, useSyncExternalStore } from "react";
import { Switch } from "radix-ui";
import { TEXT } from "./text";

/**
 * Whether the demo shows its developer details: the agent's address, the connection states, the
 * raw shared state and protocol errors, the test-mode and RTUI controls. Off by default, so the
 * page reads as a product; kept across reloads (`localStorage`), so a developer turns it on once.
 */
const KEY = "parley-demo-developer";
const listeners = new Set<() => void>();

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

let on = typeof window === "undefined" ? false : stored();

function setDeveloper(next: boolean): void {
  on = next;
  try {
    if (next) localStorage.setItem(KEY, "on");
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while the developer details are shown. */
export function useDeveloper(): boolean {
  return useSyncExternalStore(subscribe, () => on, () => false);
}

/** The header's switch for the developer details. */
export function DeveloperSwitch() {
  const checked = useDeveloper();
  const id = useId();
  return (
    <span className="demo-switch">
      <Switch.Root id={id} className="demo-toggle" checked={checked} onCheckedChange={setDeveloper}>
        <Switch.Thumb className="demo-toggle-thumb" />
      </Switch.Root>
      <label htmlFor={id}>
        <span className="demo-wide-only">{TEXT.developer}</span>
        <span className="demo-narrow-only">{TEXT.developerShort}</span>
      </label>
    </span>
  );
}
