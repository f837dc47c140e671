import { forwardRef, useId, useState, type ComponentPropsWithoutRef } from "react";
import type { AuditDecision } from "../../core/policy/types";
import type { AuditRecord } from "../../core/policy/types";
import { grantsLabels, type GrantsLabels } from "../../i18n/grantsLabels";
import { useFormatTime, useLabels, useLocale } from "../../i18n/LabelsContext";
import { useAuditView } from "../../react/permissions";
import { useExecutionRecords } from "../../react/grantsPage";
import { prettyJson } from "../../core/prettyJson";
import { buttonVariants } from "../lib/button";
import { cn } from "../lib/cn";
import { PartErrorBoundary } from "../registry/PartErrorBoundary";
import { downloadText } from "./download";

export interface AuditLogProps extends ComponentPropsWithoutRef<"section"> {
  /** The decision filter it starts with (all by default). */
  defaultDecision?: AuditDecision;
  /** The operation search it starts with. */
  defaultQuery?: string;
  /** The exported files' name, without extension (default `parley-audit`). */
  filename?: string;
  /** The heading level of the log's title (default 2). */
  headingLevel?: 2 | 3 | 4;
}

const fieldClass =
  "pl:min-h-9 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-2 pl:py-1 pl:font-sans pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11";
const cellClass = "pl:border-b pl:border-border pl:px-2 pl:py-1.5 pl:text-start pl:align-top";

/**
 * The audit log, newest first: time, decision in words, how, who, operation and grant of every
 * record (`data-decision`, `data-suspicious` on each row). Filters by decision and by words in the
 * operation; "Export JSON" and "Export CSV" download the records shown.
 *
 * @example
 * <AuditLog defaultDecision="revoked" />
 */
const AuditLogView = forwardRef<HTMLElement, AuditLogProps>(function AuditLogView(
  { defaultDecision, defaultQuery = "", filename = "parley-audit", headingLevel = 2, className, ...props },
  ref,
) {
  const labels = useLabels();
  const t = labels.permissions;
  const words = grantsLabels(useLocale(), labels.grants);
  const [decision, setDecision] = useState<AuditDecision | "">(defaultDecision ?? "");
  const [query, setQuery] = useState(defaultQuery);
  // What the agent reports it ran, beside the person's decisions (and in the exports).
  const executions = useExecutionRecords();
  const { records, total, decisions, toJson, toCsv } = useAuditView({ decision: decision || undefined, query, extra: executions });
  const decisionWords = (d: AuditDecision) => t.decision[d] ?? (d === "refused" ? words.decisionRefused : d === "executed" ? words.decisionExecuted : d);
  const formatTime = useFormatTime({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const titleId = useId();
  const decisionId = useId();
  const queryId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <section
      ref={ref}
      data-slot="audit-log"
      data-empty={total === 0 || undefined}
      aria-labelledby={titleId}
      {...props}
      className={cn("pl:flex pl:flex-col pl:gap-3 pl:text-sm pl:text-foreground", className)}
    >
      <Heading id={titleId} data-slot="audit-log-title" className="pl:m-0 pl:text-sm pl:font-semibold">
        {t.auditTitle}
      </Heading>
      {total === 0 ? (
        <p data-slot="audit-log-empty" className="pl:m-0 pl:text-muted-foreground">
          {t.auditEmpty}
        </p>
      ) : (
        <>
          <div data-slot="audit-log-filters" className="pl:flex pl:flex-wrap pl:items-end pl:gap-2">
            <div className="pl:flex pl:flex-col pl:gap-1">
              <label htmlFor={decisionId} className="pl:text-xs pl:font-medium">
                {t.filterDecision}
              </label>
              <select id={decisionId} data-slot="audit-log-decision" value={decision} onChange={(event) => setDecision(event.target.value as AuditDecision | "")} className={fieldClass}>
                <option value="">{t.allDecisions}</option>
                {decisions.map((d) => (
                  <option key={d} value={d}>
                    {decisionWords(d)}
                  </option>
                ))}
              </select>
            </div>
            <div className="pl:flex pl:flex-col pl:gap-1">
              <label htmlFor={queryId} className="pl:text-xs pl:font-medium">
                {t.searchOperation}
              </label>
              <input id={queryId} data-slot="audit-log-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} className={fieldClass} />
            </div>
            <div className="pl:ms-auto pl:flex pl:gap-2">
              <button type="button" data-slot="audit-log-export-json" className={buttonVariants({ variant: "secondary" })} onClick={() => downloadText(`${filename}.json`, toJson(), "application/json")}>
                {t.exportJson}
              </button>
              <button type="button" data-slot="audit-log-export-csv" className={buttonVariants({ variant: "secondary" })} onClick={() => downloadText(`${filename}.csv`, toCsv(), "text/csv;charset=utf-8")}>
                {t.exportCsv}
              </button>
            </div>
          </div>
          <p role="status" data-slot="audit-log-count" className="pl:m-0 pl:text-xs pl:text-muted-foreground">
            {t.auditCount(records.length, total)}
          </p>
          {records.length === 0 ? (
            <p data-slot="audit-log-no-match" className="pl:m-0 pl:text-muted-foreground">
              {t.auditNoMatch}
            </p>
          ) : (
            // Focusable so a keyboard can scroll a table wider than a side panel.
            <div className="pl:overflow-x-auto pl:focus-visible:outline-2 pl:focus-visible:outline-ring" tabIndex={0} role="group" aria-labelledby={titleId}>
              <table data-slot="audit-log-table" className="pl:w-full pl:border-collapse pl:text-xs">
                <thead>
                  <tr className="pl:text-muted-foreground">
                    {(["time", "decision", "how", "who", "operation", "grant"] as const).map((column) => (
                      <th key={column} scope="col" className={cn(cellClass, "pl:font-medium")}>
                        {t.column[column]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {records.map((record) => (
                    <tr
                      key={record.id}
                      data-slot="audit-record"
                      data-decision={record.decision}
                      data-how={record.how}
                      data-suspicious={record.suspicious || undefined}
                      data-args-mismatch={record.argsMismatch || undefined}
                    >
                      <td className={cn(cellClass, "pl:whitespace-nowrap pl:tabular-nums")}>
                        {Number.isFinite(record.at) ? <time dateTime={new Date(record.at).toISOString()}>{formatTime(record.at)}</time> : null}
                      </td>
                      <td className={cellClass}>
                        {decisionWords(record.decision)}
                        {record.suspicious ? (
                          <span data-slot="audit-record-suspicious" className="pl:ms-1 pl:rounded-full pl:border pl:border-destructive pl:px-1.5 pl:text-destructive">
                            {t.suspicious}
                          </span>
                        ) : null}
                      </td>
                      <td className={cellClass}>{t.how[record.how] ?? record.how}</td>
                      <td className={cn(cellClass, "pl:break-all")}>{record.who}</td>
                      <td className={cn(cellClass, "pl:font-mono pl:break-all")}>
                        {record.operation}
                        <Provenance record={record} words={words} />
                      </td>
                      <td className={cn(cellClass, "pl:font-mono pl:break-all")}>{record.grantId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
});
/** Behind its own error boundary: a panel that fails shows a short message, and the app stays. */
export const AuditLogBounded = forwardRef<HTMLElement, AuditLogProps>(function AuditLog(props, ref) {
  return (
    <PartErrorBoundary name="AuditLog">
      <AuditLogView {...props} ref={ref} />
    </PartErrorBoundary>
  );
});
AuditLogBounded.displayName = "Parley.AuditLog";

/**
 * A record's provenance: the arguments proposed, approved and executed (when it has any), behind a
 * disclosure, with the decision's id; an execution that ran other arguments than approved says so.
 */
function Provenance({ record, words }: { record: AuditRecord; words: GrantsLabels }) {
  const rows = (
    [
      ["proposed", words.proposed, record.proposedArgs],
      ["approved", words.approved, record.approvedArgs],
      ["executed", words.executed, record.executedArgs],
    ] as const
  ).filter(([, , value]) => value !== undefined);
  if (!rows.length && !record.argsMismatch) return null;
  return (
    <div data-slot="audit-record-provenance" className="pl:mt-1 pl:flex pl:flex-col pl:gap-1 pl:font-sans">
      {record.argsMismatch ? (
        <span data-slot="audit-record-mismatch" className="pl:self-start pl:rounded-full pl:border pl:border-destructive pl:px-1.5 pl:text-destructive">
          {words.argsMismatch}
        </span>
      ) : null}
      {rows.length ? (
        <details>
          <summary className="pl:cursor-pointer pl:text-muted-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring">{words.arguments}</summary>
          <dl className="pl:m-0 pl:mt-1 pl:grid pl:grid-cols-[auto_1fr] pl:gap-x-2 pl:gap-y-1">
            {record.decisionId ? (
              <>
                <dt className="pl:text-muted-foreground">{words.decisionId}</dt>
                <dd className="pl:m-0 pl:font-mono pl:break-all">{record.decisionId}</dd>
              </>
            ) : null}
            {rows.map(([key, label, value]) => (
              <div key={key} data-slot="audit-record-args" data-args={key} className="pl:contents">
                <dt className="pl:text-muted-foreground">{label}</dt>
                <dd className="pl:m-0">
                  <pre className="pl:m-0 pl:max-h-40 pl:overflow-auto pl:whitespace-pre-wrap pl:break-all pl:font-mono">{prettyJson(value)}</pre>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
