import { lazy, Suspense, type ComponentType } from "react";
import { PartErrorBoundary } from "../registry/PartErrorBoundary";

/**
 * A panel loaded on first render: most screens never open the trace or the artifacts, so their
 * code stays out of the kit's first download. Until it arrives an empty busy box holds its place.
 * A panel that fails (to load or to render) shows a short message; the app around it stays.
 */
export function lazyPanel<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, name: string) {
  const View = lazy(load);
  function Panel(props: P) {
    return (
      <PartErrorBoundary name={name}>
        <Suspense fallback={<div data-slot="panel-loading" aria-busy="true" className="pl:min-h-8" />}>
          <View {...props} />
        </Suspense>
      </PartErrorBoundary>
    );
  }
  Panel.displayName = `Parley.${name}`;
  /** Starts loading the panel ahead of need (a tab about to open calls it). */
  Panel.preload = () => void load();
  return Panel;
}
