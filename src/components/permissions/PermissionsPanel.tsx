import { forwardRef, useEffect, useId, useRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import type { Grant } from "../../core/policy/types";
import { grantsLabels, prefixOf, type GrantsLabels } from "../../i18n/grantsLabels";
import { useFormatTime, useLabels, useLocale } from "../../i18n/LabelsContext";
import { usePermissionsPanel, type GrantView } from "../../react/permissions";
import { buttonVariants } from "../lib/button";
import { cn } from "../lib/cn";
import { PartErrorBoundary } from "../registry/PartErrorBoundary";

export interface PermissionsPanelProps extends ComponentPropsWithoutRef<"section"> {
  /** The clock statuses are computed with (epoch ms); `Date.now` by default, re-read every 30 s. */
  clock?: () => number;
  /** The heading level of the page's title (default 2); its groups are one level below. */
  headingLevel?: 2 | 3 | 4;
}

const statusClass: Record<GrantView["status"], string> = {
  live: "pl:border-success pl:text-success",
  "used-up": "pl:border-border pl:text-muted-foreground",
  expired: "pl:border-border pl:text-muted-foreground",
  revoked: "pl:border-destructive pl:text-destructive",
  invalid: "pl:border-destructive pl:text-destructive",
};

type Group = "allowed" | "refused" | "ended";

/**
 * The page "what the agent may do without asking you": every standing permission the person gave
 * (allowed without asking: scope, condition, uses, who decided and when, when it ends) and every
 * refusal ("never allowed": an operation, or everything under an app's or a server's namespace,
 * with how many requests it declined), each with Revoke; what has ended (revoked, expired, used
 * up) below, so the history stays. `data-state` on each row is `live | used-up | expired | revoked
 * | invalid`, `data-effect` is `allow | deny`. Revoking moves focus to that row, which now says so.
 *
 * @example
 * <aside><PermissionsPanel /><AuditLog /></aside>
 */
const PermissionsPanelView = forwardRef<HTMLElement, PermissionsPanelProps>(function PermissionsPanelView({ clock, headingLevel = 2, className, ...props }, ref) {
  const labels = useLabels();
  const words = grantsLabels(useLocale(), labels.grants);
  const { grants, revoke } = usePermissionsPanel(clock ? { clock } : {});
  const titleId = useId();
  const pageRef = useRef<HTMLElement | null>(null);
  const focusGrant = useRef<string | undefined>(undefined);
  const Heading = `h${headingLevel}` as const;
  const GroupHeading = `h${headingLevel + 1}` as "h3" | "h4" | "h5";

  // The Revoke button disappears with the grant's live status (and the row moves to "Ended"):
  // focus goes to its row instead of <body>.
  const revokeKeepingFocus = (grantId: string) => {
    if (revoke(grantId).ok) focusGrant.current = grantId;
  };
  // A revoke that succeeded changed the grants, so this runs after the render that shows it.
  useEffect(() => {
    const id = focusGrant.current;
    if (id === undefined) return;
    focusGrant.current = undefined;
    const rows = pageRef.current?.querySelectorAll<HTMLElement>("[data-slot=permission-grant]") ?? [];
    for (const row of rows) if (row.dataset.grantId === id) row.focus();
  });

  // `once` approvals cover their one operation where they were given: nothing stands.
  const standing = grants.filter((view) => view.grant.scope !== "once");
  const groupOf = (view: GrantView): Group => (view.status !== "live" ? "ended" : view.grant.effect === "deny" ? "refused" : "allowed");
  const groups: { group: Group; title: string; empty?: string }[] = [
    { group: "allowed", title: words.allowedHeading, empty: words.noneAllowed },
    { group: "refused", title: words.refusedHeading, empty: words.noneRefused },
    { group: "ended", title: words.endedHeading },
  ];
  const setRefs = (node: HTMLElement | null) => {
    pageRef.current = node;
    if (typeof ref === "function") ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <section
      ref={setRefs}
      data-slot="permissions-panel"
      data-empty={standing.length === 0 || undefined}
      aria-labelledby={titleId}
      {...props}
      className={cn("pl:flex pl:flex-col pl:gap-3 pl:text-sm pl:text-foreground", className)}
    >
      <Heading id={titleId} data-slot="permissions-panel-title" className="pl:m-0 pl:text-sm pl:font-semibold">
        {words.pageTitle}
      </Heading>
      <p data-slot="permissions-panel-intro" className="pl:m-0 pl:text-xs pl:text-muted-foreground">
        {words.pageIntro}
      </p>
      {groups.map(({ group, title, empty }) => {
        const views = standing.filter((view) => groupOf(view) === group);
        if (!views.length && empty === undefined) return null;
        return (
          <GroupBlock key={group} group={group} title={title} Heading={GroupHeading}>
            {views.length ? (
              <ul data-slot="permission-grants" className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-2 pl:p-0">
                {views.map((view) => (
                  <GrantRow key={view.grant.id} view={view} words={words} onRevoke={() => revokeKeepingFocus(view.grant.id)} />
                ))}
              </ul>
            ) : (
              <p data-slot="permissions-panel-empty" className="pl:m-0 pl:text-xs pl:text-muted-foreground">
                {empty}
              </p>
            )}
          </GroupBlock>
        );
      })}
    </section>
  );
});
/** Behind its own error boundary: a panel that fails shows a short message, and the app stays. */
export const PermissionsPanelBounded = forwardRef<HTMLElement, PermissionsPanelProps>(function PermissionsPanel(props, ref) {
  return (
    <PartErrorBoundary name="PermissionsPanel">
      <PermissionsPanelView {...props} ref={ref} />
    </PartErrorBoundary>
  );
});
PermissionsPanelBounded.displayName = "Parley.PermissionsPanel";

function GroupBlock({ group, title, Heading, children }: { group: Group; title: string; Heading: "h3" | "h4" | "h5"; children: ReactNode }) {
  const id = useId();
  return (
    <section data-slot="permissions-group" data-group={group} aria-labelledby={id} className="pl:flex pl:flex-col pl:gap-2">
      <Heading id={id} className="pl:m-0 pl:text-xs pl:font-semibold pl:text-muted-foreground">
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A refusal's or grant's operation in words: itself, or everything under its namespace. */
function what(operation: string, words: GrantsLabels): string {
  const prefix = prefixOf(operation);
  return prefix === undefined ? operation : words.everything(prefix);
}

function GrantRow({ view, words, onRevoke }: { view: GrantView; words: GrantsLabels; onRevoke: () => void }) {
  const t = useLabels().permissions;
  const formatTime = useFormatTime({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const nameId = useId();
  const { grant, status } = view;
  const refusal = grant.effect === "deny";
  const named = what(grant.operation, words);
  return (
    <li
      data-slot="permission-grant"
      data-state={status}
      data-scope={grant.scope}
      data-effect={refusal ? "deny" : "allow"}
      data-grant-id={grant.id}
      tabIndex={-1}
      aria-labelledby={nameId}
      className="pl:flex pl:flex-col pl:gap-2 pl:rounded-md pl:border pl:border-border pl:bg-background pl:p-3 pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
    >
      <div className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
        <span id={nameId} data-slot="permission-grant-operation" className="pl:font-mono pl:text-xs pl:font-semibold pl:break-all">
          {named}
        </span>
        <span data-slot="permission-grant-status" data-state={status} className={cn("pl:ms-auto pl:rounded-full pl:border pl:px-2 pl:py-0.5 pl:text-xs pl:font-medium", statusClass[status])}>
          {refusal && status === "live" ? words.refusedHeading : t.grantStatus[status]}
        </span>
      </div>
      <dl data-slot="permission-grant-facts" className="pl:m-0 pl:grid pl:grid-cols-[auto_1fr] pl:gap-x-3 pl:gap-y-1 pl:text-xs">
        {refusal ? null : (
          <>
            <dt className="pl:text-muted-foreground">{t.scope}</dt>
            <dd className="pl:m-0">{t.scopeWords(grant.scope, grant.limit)}</dd>
          </>
        )}
        {grant.condition ? (
          <>
            <dt className="pl:text-muted-foreground">{t.condition}</dt>
            <dd className="pl:m-0 pl:font-mono pl:break-all">{conditionText(grant)}</dd>
          </>
        ) : null}
        <dt className="pl:text-muted-foreground">{refusal ? words.blocked : t.uses}</dt>
        <dd className="pl:m-0 pl:tabular-nums" data-slot="permission-grant-uses">
          {refusal ? words.blockedCount(grant.uses) : t.usesCount(grant.uses, view.usesLeft)}
        </dd>
        <dt className="pl:text-muted-foreground">{words.decided}</dt>
        <dd className="pl:m-0 pl:break-all" data-slot="permission-grant-decided">
          {words.decidedByAt(grant.grantedBy, formatTime(grant.grantedAt))}
        </dd>
        <dt className="pl:text-muted-foreground">{words.ends}</dt>
        <dd className="pl:m-0" data-slot="permission-grant-ends">
          {endsText(view, words, formatTime)}
        </dd>
      </dl>
      {typeof grant.revokedAt === "number" ? (
        <p data-slot="permission-grant-revoked" className="pl:m-0 pl:text-xs pl:text-muted-foreground">
          {t.revokedBy(grant.revokedBy ?? "", formatTime(grant.revokedAt))}
        </p>
      ) : null}
      {status === "live" ? (
        <div>
          <button
            type="button"
            data-slot="permission-revoke"
            aria-label={refusal ? words.revokeRefusal(named) : t.revokeGrant(grant.operation)}
            className={buttonVariants({ variant: "secondary" })}
            onClick={onRevoke}
          >
            {refusal ? words.revoke : t.revoke}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** When it stops counting: at its expiry, after its uses, with the session, or when revoked. */
function endsText(view: GrantView, words: GrantsLabels, formatTime: (ms: number) => string): string {
  const { grant } = view;
  if (typeof grant.expiresAt === "number") return formatTime(grant.expiresAt);
  if (grant.effect !== "deny" && view.usesLeft !== undefined) return words.afterUses(view.usesLeft);
  if (grant.effect !== "deny" && grant.scope === "session" && grant.sessionId !== undefined) return words.untilSessionEnds;
  return words.untilRevoked;
}

/** `context.mode = "test"`, one path per part: what the grant is bound to, as data. */
function conditionText(grant: Grant): string {
  return Object.entries(grant.condition ?? {})
    .map(([path, value]) => `${path} = ${safeJson(value)}`)
    .join(", ");
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
