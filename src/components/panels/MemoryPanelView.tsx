import type { MemoryEntry, MemorySnapshot } from "../../react/panels";
import { useMemory, useMemoryChanges } from "../../react/panels";
import { useLocale } from "../../i18n/LabelsContext";
import { panelLabelsFor, type PanelLabels } from "../../i18n/panelLabels";
import { cn } from "../lib/cn";
import { panelClass, panelTitleClass } from "./panelStyles";
import { useMemoryQuery, type FetchMemory } from "./useMemoryQuery";

const nothing: MemorySnapshot = { shortTerm: [], longTerm: [] };

export interface MemoryPanelProps {
  className?: string;
  labels?: Partial<PanelLabels>;
  /** Where the memory sits in the agent's state; `state.memory` by default. */
  select?: (state: Record<string, unknown>) => unknown;
  /** Fetch the memory from the app's back end instead (served through TanStack Query). */
  fetchMemory?: FetchMemory;
}

/**
 * The agent's memory, read-only: short-term (this session) and long-term, from the shared state or
 * `fetchMemory`. Entries an update just changed are marked `data-state="changed"` for a moment
 * (a colour and the word, the transition only without reduced motion). The person cannot edit it.
 *
 * @example
 * <MemoryPanel />
 * <MemoryPanel fetchMemory={({ threadId, signal }) => fetch(`/api/memory/${threadId}`, { signal }).then((r) => r.json())} />
 */
export default function MemoryPanel({ className, labels, select, fetchMemory }: MemoryPanelProps) {
  const t = panelLabelsFor(useLocale(), labels);
  const fromState = useMemory(select);
  const fetched = useMemoryQuery(fetchMemory);
  const fetchedSnapshot = fetchMemory ? (fetched.snapshot ?? nothing) : nothing;
  const fetchedChanges = useMemoryChanges(fetchedSnapshot);
  const snapshot = fetchMemory ? fetchedSnapshot : fromState;
  const changed = fetchMemory ? fetchedChanges : fromState.changed;
  const state = fetchMemory && fetched.status === "pending" ? "loading" : fetchMemory && fetched.status === "error" && !fetched.snapshot ? "error" : "ready";
  return (
    <section data-slot="memory-panel" data-state={state} aria-label={t.memoryTitle} aria-busy={state === "loading" || undefined} className={cn(panelClass, className)}>
      <h2 className={panelTitleClass}>{t.memoryTitle}</h2>
      <p className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.memoryReadOnly}</p>
      {state === "loading" ? <p data-slot="memory-panel-loading" className="pl:m-0 pl:text-muted-foreground">{t.memoryLoading}</p> : null}
      {state === "error" ? <p role="alert" data-slot="memory-panel-error" className="pl:m-0 pl:text-destructive">{t.memoryFailed(fetched.error?.message ?? "")}</p> : null}
      {state === "ready" ? (
        <>
          <MemoryList title={t.memoryShortTerm} prefix="short" entries={snapshot.shortTerm} changed={changed} t={t} />
          <MemoryList title={t.memoryLongTerm} prefix="long" entries={snapshot.longTerm} changed={changed} t={t} />
        </>
      ) : null}
    </section>
  );
}

function MemoryList({ title, prefix, entries, changed, t }: { title: string; prefix: "short" | "long"; entries: readonly MemoryEntry[]; changed: ReadonlySet<string>; t: PanelLabels }) {
  return (
    <div data-slot="memory-panel-group" data-term={prefix}>
      <h3 className="pl:m-0 pl:mb-1 pl:text-xs pl:font-semibold pl:text-muted-foreground">{title}</h3>
      {entries.length === 0 ? (
        <p className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.memoryEmpty}</p>
      ) : (
        <dl className="pl:m-0 pl:grid pl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] pl:gap-x-2 pl:gap-y-1">
          {entries.map((entry) => {
            const isChanged = changed.has(`${prefix}:${entry.key}`);
            return (
              <div
                key={entry.key}
                data-slot="memory-panel-entry"
                data-state={isChanged ? "changed" : undefined}
                className="pl:col-span-2 pl:grid pl:grid-cols-subgrid pl:rounded-sm pl:px-1 pl:motion-safe:transition-colors pl:motion-safe:duration-500 pl:data-[state=changed]:bg-primary/10"
              >
                <dt className="pl:truncate pl:font-medium">{entry.key}</dt>
                <dd className="pl:m-0 pl:break-words">
                  {entry.value}
                  {isChanged ? <span className="pl:ms-2 pl:text-xs pl:font-semibold pl:text-primary">{t.memoryChanged}</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}
