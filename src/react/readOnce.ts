import { useEffect, useRef } from "react";
import { isDevelopment } from "../core/dev";

/**
 * In development, warns once per option when one the provider reads once changes after mount:
 * the change is not applied, and the warning says what to do instead. The words load only in
 * development, on the first render that could need them.
 *
 * @example
 * useReadOnce(props); // inside ParleyProvider
 */
export function useReadOnce(props: object): void {
  const first = useRef<object>(undefined);
  const warned = useRef(new Set<string>());
  first.current ??= { ...props };
  useEffect(() => {
    if (!isDevelopment() || !first.current) return;
    const was = first.current;
    const now = { ...props };
    void import("./readOnceWarnings").then((m) => m.warnChanged(was, now, warned.current));
  });
}
