import { createContext, useContext, type ReactNode } from "react";
import type { A2uiComponent, A2uiSurface } from "../../core/a2ui";
import type { A2uiLabels } from "./labels";

/**
 * What every catalog component of one surface shares: the surface, its data with the person's
 * edits, and the ways back — an edit (two-way binding) stays here until a press sends it through
 * the person's door.
 */
export interface SurfaceContextValue {
  surface: A2uiSurface;
  /** The agent's data model with the person's edits laid over it. */
  data: unknown;
  locale: string;
  words: A2uiLabels;
  /** The surface's question is open: its buttons may be pressed. */
  pending: boolean;
  /** Writes the person's value at `path`; `input` (its id and item) is marked as changed. */
  edit: (path: string, value: unknown, input?: string) => void;
  /** Sends the action of `componentId` (in a template's item `scope`) through the person's door. */
  press: (componentId: string, scope?: string) => void;
  /** The number the thread gave an action ("2" in the composer presses it). */
  numberOf: (optionId: string) => number | undefined;
  /** Why a press was refused, in words, by option id. */
  problems: Readonly<Record<string, string>>;
  /** The option whose press waits for the person's door to load (a moment, on a first press). */
  sending?: string;
  /** The inputs the person has changed: their failed checks show from then on. */
  touched: ReadonlySet<string>;
  /** Draws a component of the surface (a child, a template's item). */
  render: (id: string, scope: string | undefined, depth: number) => ReactNode;
}

export const SurfaceContext = createContext<SurfaceContextValue | null>(null);

/**
 * The surface a catalog component is drawn in; a team's own component (`a2ui:<Type>`) reads it too.
 *
 * @example
 * const { data, press } = useA2uiSurface();
 */
export function useA2uiSurface(): SurfaceContextValue {
  const value = useContext(SurfaceContext);
  if (!value) throw new Error("A2UI components must be rendered inside <A2uiSurfaceView> (useA2uiSurface found no surface).");
  return value;
}

/**
 * What a catalog component — the kit's or a team's own, registered as `a2ui:<Type>` — is given:
 * the component as the agent sent it and helpers bound to where it stands (a template's item).
 *
 * @example
 * function SeatMap({ component, text, action }: A2uiComponentProps) {
 *   return <button onClick={action?.press}>{text(component.label)}</button>;
 * }
 */
export interface A2uiComponentProps {
  component: A2uiComponent;
  /** The template item it is bound to (`/flights/1`), or `undefined`. */
  scope: string | undefined;
  depth: number;
  /** A dynamic value now: a literal, a `{ path }` binding, or a basic-catalog function call. */
  resolve: (value: unknown) => unknown;
  /** The same, as display text. */
  text: (value: unknown) => string;
  /** The absolute data path a `{ path }` property is bound to. */
  bound: (value: unknown) => string | undefined;
  /** Writes the person's value where the property is bound (two-way binding); nothing if unbound. */
  setValue: (property: unknown, value: unknown) => void;
  /** Failed checks in words, once the person has changed the input (its `checks`). */
  errors: string[];
  /** Draws a child component by id. */
  render: (id: string) => ReactNode;
  /** For a component with `action.event`: its number, whether it can be pressed now, and the press. */
  action?: { optionId: string; number?: number; enabled: boolean; sending: boolean; problem?: string; press: () => void };
}
