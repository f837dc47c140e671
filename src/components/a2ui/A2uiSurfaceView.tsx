import { createContext, useContext, useState, type ReactNode } from "react";
import type { ThreadMessage } from "../../core/fold";
import { asText, childrenOf, failedChecks, readA2uiContent, readPath, resolveDynamic, surfaceTree, withEdits, actionOptionId, A2UI_LIMITS, type A2uiComponent, type A2uiSurface } from "../../core/a2ui";
import { a2uiDoor, a2uiInteractionId } from "../../core/origins/a2ui";
import { useInteraction } from "../../react/interactions";
import { useThreadStore } from "../../react/ParleyProvider";
import { AgentImage } from "../lib/AgentImage";
import { buttonVariants } from "../lib/button";
import { cn } from "../lib/cn";
import { UIContext } from "../registry/UIContext";
import { ownEntry, type MessageComponent, type MessageComponentProps } from "../registry/registry";
import type { A2uiResponse } from "../../core/interactions";

/**
 * An A2UI surface drawn with the kit's tokens: the basic catalog mapped to plain, styled parts
 * (`data-slot="a2ui-<type>"`, `data-a2ui-id`), the person's edits kept here until a button sends
 * them through the person's door (`store.answer` with `{ action: "a2ui", optionId, edits }`), which
 * resolves, checks, confirms and audits. A type the catalog lacks is looked up in the registry
 * (`a2ui:<Type>`, a team's own entry) and otherwise shown escaped.
 */

// The person's door for surfaces comes with the renderer: a press is checked as soon as it can be made.
void a2uiDoor.load();

interface SurfaceContextValue {
  surface: A2uiSurface;
  data: unknown;
  edit: (path: string, value: unknown) => void;
  press: (componentId: string) => void;
  pending: boolean;
  problems: Readonly<Record<string, string>>;
}
const SurfaceContext = createContext<SurfaceContextValue | null>(null);
function useSurface(): SurfaceContextValue {
  const value = useContext(SurfaceContext);
  if (!value) throw new Error("A2UI components must be rendered inside <A2uiSurfaceView>.");
  return value;
}

const text = (value: unknown, data: unknown, scope?: string) => asText(resolveDynamic(value, { data, ...(scope ? { scope } : {}) }));
const boundPath = (value: unknown, scope?: string): string | undefined => {
  if (typeof value === "object" && value !== null && typeof (value as { path?: unknown }).path === "string") {
    const path = (value as { path: string }).path;
    return path.startsWith("/") ? path : `${scope ?? ""}/${path}`;
  }
  return undefined;
};

const JUSTIFY: Record<string, string> = { start: "pl:justify-start", center: "pl:justify-center", end: "pl:justify-end", spaceBetween: "pl:justify-between", spaceAround: "pl:justify-around", spaceEvenly: "pl:justify-evenly", stretch: "pl:justify-stretch" };
const ALIGN: Record<string, string> = { start: "pl:items-start", center: "pl:items-center", end: "pl:items-end", stretch: "pl:items-stretch" };
const HEADING: Record<string, string> = { h1: "pl:text-2xl pl:font-semibold", h2: "pl:text-xl pl:font-semibold", h3: "pl:text-lg pl:font-semibold", h4: "pl:text-base pl:font-semibold", h5: "pl:text-sm pl:font-semibold", caption: "pl:text-xs pl:text-muted-foreground", body: "" };
const FIELD = "pl:min-h-9 pl:rounded-md pl:border pl:border-input pl:bg-background pl:px-2 pl:text-sm pl:pointer-coarse:min-h-11 pl:focus-visible:outline-2 pl:focus-visible:outline-ring";

function Children({ component, depth, scope }: { component: A2uiComponent; depth: number; scope?: string | undefined }) {
  const { data } = useSurface();
  const children = childrenOf(component);
  if (children.kind === "template") {
    const items = readPath(data, children.path, scope);
    if (!Array.isArray(items)) return null;
    const base = children.path.startsWith("/") ? children.path : `${scope ?? ""}/${children.path}`;
    return <>{items.slice(0, A2UI_LIMITS.templateItems).map((_, i) => <Node key={i} id={children.componentId} depth={depth + 1} scope={`${base}/${i}`} />)}</>;
  }
  return <>{children.ids.map((id, i) => <Node key={`${id}-${i}`} id={id} depth={depth + 1} scope={scope} />)}</>;
}

function Node({ id, depth, scope, trail = [] }: { id: string; depth: number; scope?: string | undefined; trail?: readonly string[] }): ReactNode {
  const ctx = useSurface();
  const ui = useContext(UIContext);
  const kind = `a2ui:${ctx.surface.components[id]?.component ?? "missing"}` as const;
  // A team's own catalog entry: a runtime registration or `components`, under `a2ui:<Type>`.
  const custom: MessageComponent | undefined = ui.registry.messages.get(kind) ?? ownEntry(ui.components, kind);
  if (depth > A2UI_LIMITS.depth || trail.includes(id)) return null;
  const c = Object.hasOwn(ctx.surface.components, id) ? ctx.surface.components[id]! : undefined;
  if (!c) return <span data-slot="a2ui-placeholder" aria-hidden="true" className="pl:inline-block pl:h-4 pl:w-16 pl:animate-pulse pl:rounded pl:bg-muted" />;
  const { data, edit, press, pending, problems } = ctx;
  const common = { "data-a2ui-id": id, "data-slot": `a2ui-${c.component.toLowerCase()}` };
  const t = (v: unknown) => text(v, data, scope);
  const kids = <Children component={c} depth={depth} scope={scope} />;
  switch (c.component) {
    case "Text": {
      const variant = typeof c.variant === "string" && Object.hasOwn(HEADING, c.variant) ? c.variant : "body";
      const Tag = variant.startsWith("h") ? (`h${Math.min(6, Number(variant.slice(1)) + 2)}` as "h3") : "p";
      return <Tag {...common} data-variant={variant} className={cn("pl:m-0", HEADING[variant])}>{t(c.text).replace(/^#+\s*/, "")}</Tag>;
    }
    case "Image":
      return <AgentImage url={t(c.url)} alt={t(c.description)} data-slot="a2ui-image" className={cn("pl:max-w-full pl:rounded-md", c.variant === "avatar" && "pl:size-10 pl:rounded-full", c.variant === "icon" && "pl:size-6")} />;
    case "Icon":
      return <span {...common} role="img" aria-label={t(c.name)} className="pl:text-muted-foreground">{ICONS[t(c.name)] ?? "•"}</span>;
    case "Row":
    case "Column":
    case "List": {
      const horizontal = c.component === "Row" || c.direction === "horizontal";
      const Tag = c.component === "List" ? "div" : "div";
      return (
        <Tag {...common} role={c.component === "List" ? "list" : undefined} className={cn("pl:flex pl:gap-2", horizontal ? "pl:flex-row pl:flex-wrap" : "pl:flex-col", JUSTIFY[String(c.justify)], ALIGN[String(c.align)], c.component === "List" && "pl:overflow-auto")}>
          {kids}
        </Tag>
      );
    }
    case "Card":
      return <div {...common} className="pl:flex pl:flex-col pl:gap-2 pl:rounded-lg pl:border pl:border-border pl:bg-card pl:p-3 pl:text-card-foreground">{kids}</div>;
    case "Divider":
      return <hr {...common} aria-orientation={c.axis === "vertical" ? "vertical" : "horizontal"} className={cn("pl:border-border", c.axis === "vertical" ? "pl:h-auto pl:border-l" : "pl:w-full pl:border-t")} />;
    case "Tabs":
      return <Tabs component={c} depth={depth} scope={scope} />;
    case "Modal":
      return <Modal component={c} depth={depth} scope={scope} />;
    case "Button": {
      const optionId = actionOptionId(ctx.surface.surfaceId, id);
      const failing = failedChecks(c.checks, { data, ...(scope ? { scope } : {}) });
      const sends = typeof c.action === "object" && c.action !== null && "event" in c.action;
      const problem = problems[optionId];
      return (
        <span className="pl:inline-flex pl:flex-col pl:gap-1">
          <button
            type="button"
            {...common}
            data-variant={typeof c.variant === "string" ? c.variant : "default"}
            disabled={!pending || !sends || failing.length > 0}
            title={failing.join(" ") || undefined}
            aria-describedby={problem ? `${optionId}-problem` : undefined}
            onClick={() => press(id)}
            className={cn(buttonVariants({ variant: c.variant === "primary" ? "primary" : c.variant === "borderless" ? "ghost" : "secondary", size: "sm" }))}
          >
            {typeof c.child === "string" ? <Node id={c.child} depth={depth + 1} scope={scope} trail={[...trail, id]} /> : t(c.text ?? c.label)}
          </button>
          {problem ? <span id={`${optionId}-problem`} role="alert" className="pl:text-xs pl:text-destructive">{problem}</span> : null}
        </span>
      );
    }
    case "TextField":
    case "DateTimeInput":
    case "Slider":
    case "CheckBox":
      return <Input component={c} scope={scope} edit={edit} data={data} />;
    case "ChoicePicker":
    case "MultipleChoice":
      return <Choice component={c} scope={scope} edit={edit} data={data} />;
    default: {
      if (custom) {
        const Custom = custom as unknown as (p: { component: A2uiComponent; data: unknown }) => ReactNode;
        return <Custom component={c} data={data} />;
      }
      return <pre {...common} data-slot="a2ui-unknown" className="pl:overflow-auto pl:rounded pl:bg-muted pl:p-2 pl:text-xs">{JSON.stringify(c, null, 2).slice(0, 2000)}</pre>;
    }
  }
}

const ICONS: Record<string, string> = { mail: "✉", check: "✓", close: "✕", calendar: "📅", person: "👤", phone: "☎", star: "★", info: "ℹ", warning: "⚠", event: "📅", home: "⌂", search: "⌕", add: "+", remove: "−" };

function Field({ label, id, errors, children }: { label: string; id: string; errors: string[]; children: ReactNode }) {
  return (
    <div className="pl:flex pl:flex-col pl:gap-1">
      {label ? <label htmlFor={id} className="pl:text-sm pl:font-medium">{label}</label> : null}
      {children}
      {errors.map((e) => <span key={e} id={`${id}-error`} className="pl:text-xs pl:text-destructive">{e}</span>)}
    </div>
  );
}

function Input({ component: c, scope, edit, data }: { component: A2uiComponent; scope?: string | undefined; edit: (path: string, value: unknown) => void; data: unknown }) {
  const inputId = `a2ui-${c.id}${scope ? scope.replace(/\W/g, "-") : ""}`;
  const path = boundPath(c.value, scope);
  const value = resolveDynamic(c.value, { data, ...(scope ? { scope } : {}) });
  const [touched, setTouched] = useState(false);
  const errors = touched ? failedChecks(c.checks, { data, ...(scope ? { scope } : {}) }) : [];
  const set = (v: unknown) => {
    setTouched(true);
    if (path) edit(path, v);
  };
  const label = text(c.label, data, scope);
  const a11y = { id: inputId, "data-a2ui-id": c.id, "aria-invalid": errors.length ? true : undefined, "aria-describedby": errors.length ? `${inputId}-error` : undefined };
  if (c.component === "CheckBox") {
    return (
      <label data-slot="a2ui-checkbox" className="pl:inline-flex pl:min-h-6 pl:items-center pl:gap-2 pl:text-sm">
        <input type="checkbox" {...a11y} checked={value === true} onChange={(e) => set(e.target.checked)} className="pl:size-4 pl:accent-primary" />
        {label}
      </label>
    );
  }
  if (c.component === "Slider") {
    const min = typeof c.min === "number" ? c.min : 0;
    const max = typeof c.max === "number" ? c.max : 100;
    return (
      <Field label={label ? `${label}: ${asText(value)}` : ""} id={inputId} errors={errors}>
        <input type="range" {...a11y} data-slot="a2ui-slider" min={min} max={max} value={typeof value === "number" ? value : min} onChange={(e) => set(Number(e.target.value))} className="pl:accent-primary" />
      </Field>
    );
  }
  if (c.component === "DateTimeInput") {
    const type = c.enableDate === false ? "time" : c.enableTime === true ? "datetime-local" : "date";
    return (
      <Field label={label} id={inputId} errors={errors}>
        <input type={type} {...a11y} data-slot="a2ui-datetimeinput" value={asText(value)} onChange={(e) => set(e.target.value)} className={FIELD} />
      </Field>
    );
  }
  const long = c.variant === "longText";
  return (
    <Field label={label} id={inputId} errors={errors}>
      {long ? (
        <textarea {...a11y} data-slot="a2ui-textfield" value={asText(value)} onChange={(e) => set(e.target.value)} className={cn(FIELD, "pl:min-h-20 pl:py-1")} />
      ) : (
        <input type={c.variant === "obscured" ? "password" : c.variant === "number" ? "number" : "text"} {...a11y} data-slot="a2ui-textfield" value={asText(value)} onChange={(e) => set(c.variant === "number" ? Number(e.target.value) : e.target.value)} className={FIELD} />
      )}
    </Field>
  );
}

function Choice({ component: c, scope, edit, data }: { component: A2uiComponent; scope?: string | undefined; edit: (path: string, value: unknown) => void; data: unknown }) {
  const path = boundPath(c.value, scope);
  const raw = resolveDynamic(c.value, { data, ...(scope ? { scope } : {}) });
  const chosen = Array.isArray(raw) ? raw.map((v) => asText(v)) : raw === undefined || raw === null ? [] : [asText(raw)];
  const multiple = c.variant === "multipleSelection" || c.component === "MultipleChoice";
  const options = Array.isArray(c.options) ? c.options.slice(0, 100) : [];
  const name = `a2ui-${c.id}${scope ?? ""}`;
  const label = text(c.label, data, scope);
  return (
    <fieldset data-slot="a2ui-choicepicker" data-a2ui-id={c.id} className="pl:m-0 pl:flex pl:flex-col pl:gap-1 pl:border-0 pl:p-0">
      {label ? <legend className="pl:text-sm pl:font-medium">{label}</legend> : null}
      {options.map((o, i) => {
        const value = asText(typeof o === "object" && o !== null ? (o as { value?: unknown }).value : o);
        const optionLabel = typeof o === "object" && o !== null ? text((o as { label?: unknown }).label, data, scope) : value;
        const on = chosen.includes(value);
        return (
          <label key={`${value}-${i}`} className="pl:inline-flex pl:min-h-6 pl:items-center pl:gap-2 pl:text-sm">
            <input
              type={multiple ? "checkbox" : "radio"}
              name={name}
              checked={on}
              onChange={() => path && edit(path, multiple ? (on ? chosen.filter((v) => v !== value) : [...chosen, value]) : [value])}
              className="pl:size-4 pl:accent-primary"
            />
            {optionLabel}
          </label>
        );
      })}
    </fieldset>
  );
}

function Tabs({ component: c, depth, scope }: { component: A2uiComponent; depth: number; scope?: string | undefined }) {
  const { data } = useSurface();
  const tabs = Array.isArray(c.tabs) ? c.tabs.filter((t): t is { title?: unknown; child: string } => typeof t === "object" && t !== null && typeof (t as { child?: unknown }).child === "string") : [];
  const [active, setActive] = useState(0);
  const current = tabs[Math.min(active, tabs.length - 1)];
  return (
    <div data-slot="a2ui-tabs" data-a2ui-id={c.id} className="pl:flex pl:flex-col pl:gap-2">
      <div role="tablist" className="pl:flex pl:gap-1 pl:border-b pl:border-border">
        {tabs.map((tab, i) => (
          <button key={i} type="button" role="tab" aria-selected={i === active} data-state={i === active ? "active" : "inactive"} onClick={() => setActive(i)} className={cn("pl:min-h-9 pl:px-3 pl:text-sm", i === active ? "pl:border-b-2 pl:border-primary pl:font-medium" : "pl:text-muted-foreground")}>
            {text(tab.title, data, scope)}
          </button>
        ))}
      </div>
      <div role="tabpanel">{current ? <Node id={current.child} depth={depth + 1} scope={scope} /> : null}</div>
    </div>
  );
}

function Modal({ component: c, depth, scope }: { component: A2uiComponent; depth: number; scope?: string | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <div data-slot="a2ui-modal" data-a2ui-id={c.id} data-state={open ? "open" : "closed"}>
      <button type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)} className={buttonVariants({ variant: "secondary", size: "sm" })}>
        {typeof c.trigger === "string" ? <Node id={c.trigger} depth={depth + 1} scope={scope} /> : "…"}
      </button>
      {open && typeof c.content === "string" ? (
        <div role="dialog" aria-modal="false" className="pl:mt-2 pl:rounded-lg pl:border pl:border-border pl:bg-popover pl:p-3 pl:text-popover-foreground">
          <Node id={c.content} depth={depth + 1} scope={scope} />
        </div>
      ) : null}
    </div>
  );
}

/** One surface: its tree from `root` (a placeholder until `root` arrives), its problems in words. */
function Surface({ surface, interactionId, pending }: { surface: A2uiSurface; interactionId: string; pending: boolean }) {
  const store = useThreadStore("A2uiSurfaceView");
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const data = withEdits(surface.dataModel, edits);
  const edit = (path: string, value: unknown) => setEdits((e) => ({ ...e, [path]: value }));
  const press = (componentId: string) => {
    const optionId = actionOptionId(surface.surfaceId, componentId);
    const result = store.getState().answer(interactionId, { action: "a2ui", optionId, edits }, "click");
    setProblems((p) => ({ ...p, [optionId]: result.ok ? "" : result.refusal.message }));
  };
  const tree = surfaceTree(surface);
  const value: SurfaceContextValue = { surface, data, edit, press, pending, problems };
  return (
    <SurfaceContext.Provider value={value}>
      <section data-slot="a2ui-surface" data-surface-id={surface.surfaceId} data-state={tree.ready ? "ready" : "streaming"} aria-busy={!tree.ready || undefined} className="pl:flex pl:flex-col pl:gap-2">
        {tree.ready ? <Node id="root" depth={0} /> : <span data-slot="a2ui-placeholder" className="pl:h-16 pl:animate-pulse pl:rounded-lg pl:bg-muted" />}
        {[...surface.problems, ...tree.problems].length ? (
          <details data-slot="a2ui-problems" className="pl:text-xs pl:text-muted-foreground">
            <summary>{[...surface.problems, ...tree.problems].length} ⚠</summary>
            <ul>{[...surface.problems, ...tree.problems].map((p, i) => <li key={i}>{p}</li>)}</ul>
          </details>
        ) : null}
      </section>
    </SurfaceContext.Provider>
  );
}

/**
 * An `a2ui-surface` activity: every surface it carries, the middleware's "building" / "failed"
 * states, and what was refused (a 0.8 message, an unknown version) in words.
 *
 * @example
 * <ParleyUIProvider components={{ "activity:a2ui-surface": A2uiSurfaceView }} />
 */
export function A2uiSurfaceView({ message, className }: { message: ThreadMessage; className?: string }) {
  const content = message.role === "activity" ? message.content : undefined;
  const surfaces = readA2uiContent(content);
  const interactionId = a2uiInteractionId(message.id);
  const interaction = useInteraction(interactionId);
  const pending = interaction?.status === "pending";
  return (
    <div data-slot="a2ui" data-state={surfaces.status ?? (interaction ? interaction.status : "shown")} className={cn("pl:flex pl:flex-col pl:gap-3", className)}>
      {surfaces.status === "building" || surfaces.status === "retrying" ? <div aria-busy="true" className="pl:h-16 pl:animate-pulse pl:rounded-lg pl:bg-muted" /> : null}
      {surfaces.status === "failed" ? <p role="alert" className="pl:text-sm pl:text-destructive">{surfaces.error}</p> : null}
      {surfaces.surfaceIds.map((id) => <Surface key={id} surface={surfaces.surfaces[id]!} interactionId={interactionId} pending={pending} />)}
      {surfaces.problems.length ? <ul data-slot="a2ui-problems" className="pl:text-xs pl:text-muted-foreground">{surfaces.problems.map((p, i) => <li key={i}>{p}</li>)}</ul> : null}
    </div>
  );
}
A2uiSurfaceView.displayName = "Parley.A2uiSurfaceView";

/**
 * The thread row of a surface's question. The surface itself (its activity) is where the person
 * acts, so while it waits this row shows nothing; once acted on, it says which action was sent.
 */
export function A2uiActionRowView({ message }: MessageComponentProps) {
  const interaction = useInteraction(message.role === "interaction" ? message.interactionId : undefined);
  if (!interaction || interaction.status === "pending") return null;
  const response = interaction.response as A2uiResponse | undefined;
  const options = interaction.envelope?.messageType === "advice" ? interaction.envelope.payload.options : [];
  const label = options.find((o) => o.id === response?.optionId)?.label ?? response?.userAction?.name;
  return (
    <p data-slot="a2ui-action" data-state={interaction.status} className="pl:text-end pl:text-xs pl:text-muted-foreground">
      {interaction.status === "answered" && label ? `→ ${label}` : interaction.problem ?? ""}
    </p>
  );
}
A2uiActionRowView.displayName = "Parley.A2uiActionRowView";
