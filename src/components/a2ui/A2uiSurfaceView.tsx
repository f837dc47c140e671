import { Component, useContext, useMemo, useState, type ComponentType, type ReactNode } from "react";
import type { ThreadMessage } from "../../core/fold";
import { absolutePath, actionOptionId, asText, failedChecks, readA2uiContent, resolveDynamic, surfaceTree, withEdits, A2UI_LIMITS, type A2uiSurface } from "../../core/a2ui";
import { isRecord } from "../../core/thread/guards";
import { a2uiDoor, a2uiInteractionId } from "../../core/origins/a2ui";
// The person's door comes with the renderer (this import puts it in the renderer's chunk), so a
// button can never be pressed before its press can be checked.
import "../../core/origins/a2uiDoor";
import type { A2uiResponse } from "../../core/interactions";
import { useInteraction } from "../../react/interactions";
import { useThreadStore } from "../../react/ParleyProvider";
import { useLabels, useLocale } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { UIContext } from "../registry/UIContext";
import { ownEntry, type MessageComponentProps } from "../registry/registry";
import { A2UI_BASIC_COMPONENTS } from "./catalog";
import { a2uiLabels } from "./labels";
import { SurfaceContext, useA2uiSurface, type A2uiComponentProps, type SurfaceContextValue } from "./surfaceContext";

/**
 * An A2UI surface drawn with the kit's parts and tokens: the basic catalog mapped to Radix-based
 * parts (`data-slot="a2ui-<type>"`, `data-a2ui-id`), the person's edits kept here until a button
 * sends them through the person's door (`store.answer` with `{ action: "a2ui", optionId, edits }`),
 * which resolves, checks, confirms and audits. Each action shows its number in the thread. A type
 * is looked up first in the registry (`a2ui:<Type>`, a team's own entry, which may replace a basic
 * one), then in the basic catalog, and otherwise shown escaped.
 */

void a2uiDoor.load();

const key = (id: string, scope?: string) => (scope ? `${id}#${scope}` : id);

/** The component as the agent sent it, escaped: what a type the catalog lacks (or a team entry that failed) shows. */
const Escaped = ({ c }: { c: A2uiComponentProps["component"] }) => <pre data-slot="a2ui-unknown" data-a2ui-id={c.id} className="pl:overflow-auto pl:rounded pl:bg-muted pl:p-2 pl:text-xs">{JSON.stringify(c, null, 2).slice(0, 2000)}</pre>;

/** A team's own entry may fail on what the agent sent: it falls back to the escaped component, alone. */
class EntryBoundary extends Component<{ c: A2uiComponentProps["component"]; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Escaped c={this.props.c} /> : this.props.children;
  }
}

/** One component of the surface, with the props its catalog entry is given. */
function Node({ id, scope, depth }: { id: string; scope: string | undefined; depth: number }): ReactNode {
  const ctx = useA2uiSurface();
  const ui = useContext(UIContext);
  const c = Object.hasOwn(ctx.surface.components, id) ? ctx.surface.components[id]! : undefined;
  if (!c) return <span data-slot="a2ui-placeholder" aria-hidden="true" className="pl:inline-block pl:h-4 pl:w-16 pl:animate-pulse pl:rounded pl:bg-muted" />;
  if (depth > A2UI_LIMITS.depth) return null;
  const kind = `a2ui:${c.component}`;
  const own = (ui.registry.messages.get(kind as never) ?? ownEntry(ui.components, kind)) as ComponentType<A2uiComponentProps> | undefined;
  const Entry = own ?? ownEntry(A2UI_BASIC_COMPONENTS, c.component);
  if (!Entry) return <Escaped c={c} />;
  const at = { data: ctx.data, locale: ctx.locale, ...(scope ? { scope } : {}) };
  const resolve = (value: unknown) => resolveDynamic(value, at);
  const bound = (value: unknown) => (isRecord(value) && typeof value.path === "string" ? absolutePath(value.path, scope) : undefined);
  const checks = failedChecks(c.checks, at, ctx.words.invalid);
  const event = isRecord(c.action) && isRecord(c.action.event) && typeof c.action.event.name === "string" ? c.action.event : undefined;
  const optionId = actionOptionId(ctx.surface.surfaceId, id, scope);
  const number = ctx.numberOf(optionId);
  const props: A2uiComponentProps = {
    component: c,
    scope,
    depth,
    resolve,
    text: (value) => asText(resolve(value)),
    bound,
    setValue: (property, value) => {
      const path = bound(property);
      if (path) ctx.edit(path, value, key(id, scope));
    },
    errors: ctx.touched.has(key(id, scope)) ? checks : [],
    render: (child) => ctx.render(child, scope, depth + 1),
    ...(event
      ? { action: { optionId, ...(number !== undefined ? { number } : {}), enabled: ctx.pending && number !== undefined && checks.length === 0 && ctx.sending === undefined, sending: ctx.sending === optionId, ...(ctx.problems[optionId] ? { problem: ctx.problems[optionId] } : {}), press: () => ctx.press(id, scope) } }
      : {}),
  };
  return own ? <EntryBoundary c={c}><Entry {...props} /></EntryBoundary> : <Entry {...props} />;
}

const renderNode = (id: string, scope: string | undefined, depth: number) => <Node key={key(id, scope)} id={id} scope={scope} depth={depth} />;

/** One surface: its tree from `root` (a placeholder until `root` arrives), its problems in words. */
function Surface({ surface, interactionId, pending, numbers }: { surface: A2uiSurface; interactionId: string; pending: boolean; numbers: ReadonlyMap<string, number> }) {
  const store = useThreadStore("A2uiSurfaceView");
  const labels = useLabels();
  const locale = useLocale();
  const words = useMemo(() => a2uiLabels(locale, labels.a2ui), [locale, labels.a2ui]);
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState<string | undefined>(undefined);
  const data = useMemo(() => withEdits(surface.dataModel, edits), [surface.dataModel, edits]);
  const answer = (optionId: string) => {
    const response: A2uiResponse = { action: "a2ui", optionId, edits };
    const result = store.getState().answer(interactionId, response, "click");
    setProblems((p) => ({ ...p, [optionId]: result.ok ? "" : result.refusal.message }));
  };
  const value: SurfaceContextValue = {
    surface,
    data,
    locale,
    words,
    pending,
    touched,
    problems,
    ...(sending ? { sending } : {}),
    numberOf: (optionId) => numbers.get(optionId),
    edit: (path, next, who) => {
      setEdits((e) => ({ ...e, [path]: next }));
      if (who && !touched.has(who)) setTouched((t) => new Set(t).add(who));
    },
    press: (componentId, scope) => {
      const optionId = actionOptionId(surface.surfaceId, componentId, scope);
      if (a2uiDoor.loaded()) return answer(optionId);
      // The door is in this chunk, so this is only a moment: the press waits, it is not refused.
      setSending(optionId);
      void a2uiDoor.load().then(
        () => answer(optionId),
        (error: unknown) => setProblems((p) => ({ ...p, [optionId]: String(error) })),
      ).finally(() => setSending(undefined));
    },
    render: renderNode,
  };
  const tree = surfaceTree(surface);
  const said = [...surface.problems, ...tree.problems];
  return (
    <SurfaceContext.Provider value={value}>
      <section data-slot="a2ui-surface" data-surface-id={surface.surfaceId} data-state={tree.ready ? "ready" : "streaming"} aria-busy={!tree.ready || undefined} className="pl:flex pl:min-w-0 pl:flex-col pl:gap-2">
        {tree.ready ? renderNode("root", undefined, 0) : <span data-slot="a2ui-placeholder" className="pl:h-16 pl:animate-pulse pl:rounded-lg pl:bg-muted" />}
        {said.length ? (
          <details data-slot="a2ui-problems" className="pl:text-xs pl:text-muted-foreground">
            <summary>{words.problems(said.length)}</summary>
            <ul>{said.map((p, i) => <li key={i}>{p}</li>)}</ul>
          </details>
        ) : null}
      </section>
    </SurfaceContext.Provider>
  );
}

/**
 * An `a2ui-surface` activity: every surface it carries, the middleware's "building" / "failed"
 * states, and what was refused (a 0.8 message, an unknown version) in words. `className` styles
 * its root; the kit's CSS variables theme every part.
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
  const numbers = useMemo(() => {
    const options = interaction?.envelope?.messageType === "advice" ? interaction.envelope.payload.options : [];
    return new Map(options.flatMap((o, i) => (interaction?.numbers[i] !== undefined ? [[o.id, interaction.numbers[i]] as const] : [])));
  }, [interaction]);
  return (
    <div data-slot="a2ui" data-state={surfaces.status ?? (interaction ? interaction.status : "shown")} className={cn("pl:flex pl:min-w-0 pl:flex-col pl:gap-3", className)}>
      {surfaces.status === "building" || surfaces.status === "retrying" ? <div aria-busy="true" className="pl:h-16 pl:animate-pulse pl:rounded-lg pl:bg-muted" /> : null}
      {surfaces.status === "failed" ? <p role="alert" className="pl:text-sm pl:text-destructive">{surfaces.error}</p> : null}
      {surfaces.surfaceIds.map((id) => <Surface key={id} surface={surfaces.surfaces[id]!} interactionId={interactionId} pending={pending} numbers={numbers} />)}
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
