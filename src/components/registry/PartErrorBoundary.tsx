import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import { isDevelopment } from "../../core/dev";

export interface PartErrorBoundaryProps {
  /** What the part is, for the development warning ("ArtifactsPanel"). */
  name: string;
  /** A new value gives the part a fresh try (say, the thread it shows). */
  resetKey?: unknown;
  /** What shows instead of a part that failed; a short sentence in the person's language by default. */
  fallback?: ReactNode;
  children?: ReactNode;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/**
 * Keeps one broken panel or card from unmounting the app: without it, a render error anywhere
 * below the root (an artifact whose JSON cannot be shown, a state a panel cannot read) took the
 * whole page down. Shows a short message in the person's language instead; the rest still works.
 *
 * @example
 * <PartErrorBoundary name="StatePanel"><StatePanel /></PartErrorBoundary>
 */
export class PartErrorBoundary extends Component<PartErrorBoundaryProps, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("unknown") };
  }

  static getDerivedStateFromProps(props: PartErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isDevelopment()) console.error(`[parley] ${this.props.name} failed to render; it shows a short message instead.`, error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return this.props.fallback ?? <PartCrashed name={this.props.name} />;
  }
}

function PartCrashed({ name }: { name: string }) {
  const t = useLabels();
  return (
    <div role="note" data-slot="part-crashed" data-part={name} className="pl:rounded-md pl:border pl:border-destructive pl:px-3 pl:py-2 pl:text-xs pl:text-destructive">
      {t.partCrashed}
    </div>
  );
}
