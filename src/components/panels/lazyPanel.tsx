import { lazy, Suspense, type ComponentType } from "react";

/**
 * A panel loaded on first render: most screens never open the trace or the artifacts, so their
 * code stays out of the kit's first download. Until it arrives an empty busy box holds its place.
 */
export function lazyPanel<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, name: string) {
  const View = lazy(load);
  function Panel(props: P) {
    return (
      <Suspense fallback={<div data-slot="panel-loading" aria-busy="true" className="pl:min-h-8" />}>
        <View {...props} />
      </Suspense>
    );
  }
  Panel.displayName = `Parley.${name}`;
  /** Starts loading the panel ahead of need (a tab about to open calls it). */
  Panel.preload = () => void load();
  return Panel;
}
