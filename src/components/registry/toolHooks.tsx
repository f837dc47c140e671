import { useContext, useEffect, useInsertionEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { useStore } from "zustand";
import type { FrontendTool, ToolHandlerContext } from "../../store/frontendTools";
import type { ToolParameters } from "../../core/tools/frontendTools";
import { useThreadStore } from "../../react/ParleyProvider";
import { ownEntry, type ToolRenderer, type ToolRendererProps } from "./registry";
import { UIContext } from "./UIContext";

/**
 * Registers `Component` for every call of the tool `name` (the back end's own tools and the app's
 * alike) while the calling component is mounted; `"*"` replaces the default card for every tool.
 * The component receives the arguments as they stream, the status and the result. Define it
 * outside render (a new component on every render re-registers).
 *
 * @example
 * const HaikuCard: ToolRenderer<{ japanese: string[]; english: string[] }> = ({ args, status }) => (
 *   <figure data-status={status}>{args?.japanese?.map((line, i) => <p key={i}>{line}</p>)}</figure>
 * );
 * useToolRenderer("generate_haiku", HaikuCard);
 */
// `any` by default so a renderer typed for its tool is accepted (see ToolRenderer).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useToolRenderer<Args = any, Result = any>(name: string, Component: ToolRenderer<Args, Result>): void {
  const { registry } = useContext(UIContext);
  useEffect(() => registry.tools.register(name, Component as ToolRenderer), [registry, name, Component]);
}

/**
 * The app's renderer for calls of `name`, or `undefined` for the kit's default card: the one made
 * for that tool — registered (`useToolRenderer`), then the provider's `toolRenderers` — before
 * one for every tool (`"*"`), in the same order.
 *
 * @example
 * const Renderer = useToolRendererFor(call.name);
 */
export function useToolRendererFor(name: string | undefined): ToolRenderer | undefined {
  const { registry, toolRenderers } = useContext(UIContext);
  useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
  if (name === undefined) return undefined;
  // Own keys only: a tool the agent named "constructor" or "toString" is no renderer.
  return registry.tools.get(name) ?? ownEntry(toolRenderers, name) ?? registry.tools.get("*") ?? ownEntry(toolRenderers, "*");
}

export interface UseFrontendToolOptions<Args> {
  name: string;
  description?: string;
  /** A JSON Schema, or a Standard JSON Schema such as a zod (≥ 4.2) schema; arguments that fail it never reach the handler. */
  parameters?: ToolParameters;
  /** Runs when the agent's run ends with a call of this tool unanswered; its result (or error) answers it. */
  handler?: (args: Args, context: ToolHandlerContext) => unknown;
  /** Shows each call inline in the thread; without a `handler`, the call waits for `respond(value)`. */
  render?: (props: ToolRendererProps<Args>) => ReactNode;
  /**
   * How the permission card reads when the provider's policy wants a person to confirm a call
   * (`confirm` / `typed-confirm`): the handler runs only once they approve on it.
   */
  permission?: FrontendTool<Args>["permission"];
}

/**
 * A tool the app defines: declared in every run while the calling component is mounted, answered
 * by its `handler` — or, with only `render`, by the person through `respond`. StrictMode-safe: a
 * call is handled once however often the effect runs.
 *
 * @example
 * useFrontendTool({
 *   name: "change_background",
 *   description: "Change the page's background colour",
 *   parameters: { type: "object", properties: { background: { type: "string" } }, required: ["background"] },
 *   handler: ({ background }: { background: string }) => { setBackground(background); return { ok: true }; },
 * });
 */
// `any` by default: an untyped handler reads the arguments the schema describes, unchecked by TypeScript.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useFrontendTool<Args = any>(options: UseFrontendToolOptions<Args>): void {
  const store = useThreadStore("useFrontendTool");
  const { registry } = useContext(UIContext);
  const latest = useRef(options);
  // The newest handler and render, for calls that arrive later (never read while rendering).
  useInsertionEffect(() => {
    latest.current = options;
  });
  const hasHandler = options.handler !== undefined;
  const hasRender = options.render !== undefined;

  useEffect(() => {
    const tool: FrontendTool<Args> = {
      name: options.name,
      get description() {
        return latest.current.description;
      },
      get parameters() {
        return latest.current.parameters;
      },
      get permission() {
        return latest.current.permission;
      },
      ...(hasHandler ? { handler: (args: Args, context: ToolHandlerContext) => latest.current.handler!(args, context) } : {}),
    };
    return store.getState().registerTool(tool);
    // The description and parameters are read when each run starts; the handler when a call runs.
  }, [store, options.name, hasHandler]);

  // One stable component per tool: re-rendering the app does not re-register it.
  const [View] = useState(() => {
    const FrontendToolView = (props: ToolRendererProps<Args>) => <>{latest.current.render?.(props)}</>;
    return FrontendToolView as ComponentType<ToolRendererProps<Args>>;
  });
  useEffect(() => (hasRender ? registry.tools.register(options.name, View as ToolRenderer) : undefined), [registry, options.name, hasRender, View]);
}

/** The previous value wherever the new one is deeply equal, so unchanged branches keep their identity. */
function shareEqual(prev: unknown, next: unknown): unknown {
  if (prev === next) return prev;
  const arrays = Array.isArray(prev) && Array.isArray(next);
  if (!arrays && !(isPlain(prev) && isPlain(next))) return next;
  const a = prev as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(b);
  const out: Record<string, unknown> | unknown[] = arrays ? [] : {};
  let same = Object.keys(a).length === keys.length;
  for (const key of keys) {
    const value = shareEqual(a[key], b[key]);
    (out as Record<string, unknown>)[key] = value;
    if (value !== a[key] || !(key in a)) same = false;
  }
  return same ? prev : out;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** What a state renderer receives: the selected part of the shared state. */
export interface StateRendererProps<T> {
  state: T;
}

/**
 * Shows a view of the agent's shared state inside the thread, at the place of the run that changed
 * it last — while it runs and after (the dojo's step list ticking off as `STATE_DELTA`s arrive).
 * `selector` picks the part to show (`undefined` shows nothing); it is shared structurally, so a
 * memoised child per item re-renders only when its item changed, even after a whole snapshot.
 *
 * @example
 * const Steps = ({ state }: StateRendererProps<Step[]>) => <ol>{state.map((s) => <StepItem key={s.description} step={s} />)}</ol>;
 * useStateRenderer((state: { steps?: Step[] }) => state.steps, Steps);
 */
// `any` by default: an unannotated selector reads the agent's state, whose shape only the app knows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useStateRenderer<S = any, T = unknown>(selector: (state: S) => T | undefined, Component: ComponentType<StateRendererProps<T>>): void {
  const store = useThreadStore("useStateRenderer");
  const { registry } = useContext(UIContext);
  const latest = useRef({ selector, Component });
  useInsertionEffect(() => {
    latest.current = { selector, Component };
  });
  const [View] = useState(() => {
    function StateView() {
      // The selector stays pure: it reads the state; picking and sharing happen in render, and the
      // last shared value is state, so an equal pick hands the component the same reference.
      const state = useStore(store, (s) => s.thread.state);
      const { selector: select, Component: Shown } = latest.current;
      const picked = useMemo(() => {
        try {
          return isPlain(state) || Array.isArray(state) ? select(state as S) : undefined;
        } catch {
          return undefined; // a selector that trips on a state of another shape shows nothing
        }
      }, [state, select]);
      const [shared, setShared] = useState<unknown>(picked);
      const next = shareEqual(shared, picked);
      if (next !== shared) setShared(() => next);
      return useMemo(() => (next === undefined ? null : <Shown state={next as T} />), [Shown, next]);
    }
    return StateView;
  });
  useEffect(() => registry.stateViews.register(View), [registry, View]);
}
