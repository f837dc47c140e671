import { forwardRef, useEffect, useId, useRef, type ComponentPropsWithoutRef } from "react";
import type { Grant } from "../../core/policy/types";
import { useFormatTime, useLabels } from "../../i18n/LabelsContext";
import { usePermissionsPanel, type GrantView } from "../../react/permissions";
import { buttonVariants } from "../lib/button";
import { cn } from "../lib/cn";
import { PartErrorBoundary } from "../registry/PartErrorBoundary";

export interface PermissionsPanelProps extends ComponentPropsWithoutRef<"section"> {
  /** The clock statuses are computed with (epoch ms); `Date.now` by default, re-read every 30 s. */
  clock?: () => number;
  /** The heading level of the panel's title (default 2). */
  headingLevel?: 2 | 3 | 4;
}

const statusClass: Record<GrantView["status"], string> = {
  live: "pl:border-success pl:text-success",
  "used-up": "pl:border-border pl:text-muted-foreground",
  expired: "pl:border-border pl:text-muted-foreground",
  revoked: "pl:border-destructive pl:text-destructive",
  invalid: "pl:border-destructive pl:text-destructive",
};

/**
 * The standing permissions the person gave in this thread: operation, scope (and condition or
 * limit), uses (and uses left), who granted it and when, expiry and status — `data-state` is
 * `live | used-up | expired | revoked | invalid`. A live grant has a Revoke button; revoking moves
 * focus to that grant's row, which now says it was revoked.
 *
 * @example
 * <aside><PermissionsPanel /><AuditLog /></aside>
 */
const PermissionsPanelView = forwardRef<HTMLElement, PermissionsPanelProps>(function PermissionsPanelView({ clock, headingLevel = 2, className, ...props }, ref) {
  const t = useLabels().permissions;
  const { grants, revoke } = usePermissionsPanel(clock ? { clock } : {});
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const focusGrant = useRef<string | undefined>(undefined);
  const Heading = `h${headingLevel}` as const;

  // The Revoke button disappears with the grant's live status: focus goes to its row instead of <body>.
  const revokeKeepingFocus = (grantId: string) => {
    if (revoke(grantId).ok) focusGrant.current = grantId;
  };
  // A revoke that succeeded changed the grants, so this runs after the render that shows it.
  useEffect(() => {
    const id = focusGrant.current;
    if (id === undefined) return;
    focusGrant.current = undefined;
    const rows = listRef.current?.querySelectorAll<HTMLElement>("[data-slot=permission-grant]") ?? [];
    for (const row of rows) if (row.dataset.grantId === id) row.focus();
  });

  return (
    <section
      ref={ref}
      data-slot="permissions-panel"
      data-empty={grants.length === 0 || undefined}
      aria-labelledby={titleId}
      {...props}
      className={cn("pl:flex pl:flex-col pl:gap-3 pl:text-sm pl:text-foreground", className)}
    >
      <Heading id={titleId} data-slot="permissions-panel-title" className="pl:m-0 pl:text-sm pl:font-semibold">
        {t.panelTitle}
      </Heading>
      {grants.length === 0 ? (
        <p data-slot="permissions-panel-empty" className="pl:m-0 pl:text-muted-foreground">
          {t.panelEmpty}
        </p>
      ) : (
        <ul ref={listRef} data-slot="permission-grants" className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-2 pl:p-0">
          {grants.map((view) => (
            <GrantRow key={view.grant.id} view={view} onRevoke={() => revokeKeepingFocus(view.grant.id)} />
          ))}
        </ul>
      )}
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

function GrantRow({ view, onRevoke }: { view: GrantView; onRevoke: () => void }) {
  const labels = useLabels();
  const t = labels.permissions;
  const formatTime = useFormatTime({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const nameId = useId();
  const { grant, status } = view;
  return (
    <li
      data-slot="permission-grant"
      data-state={status}
      data-scope={grant.scope}
      data-grant-id={grant.id}
      tabIndex={-1}
      aria-labelledby={nameId}
      className="pl:flex pl:flex-col pl:gap-2 pl:rounded-md pl:border pl:border-border pl:bg-background pl:p-3 pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
    >
      <div className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
        <span id={nameId} data-slot="permission-grant-operation" className="pl:font-mono pl:text-xs pl:font-semibold pl:break-all">
          {grant.operation}
        </span>
        <span data-slot="permission-grant-status" data-state={status} className={cn("pl:ms-auto pl:rounded-full pl:border pl:px-2 pl:py-0.5 pl:text-xs pl:font-medium", statusClass[status])}>
          {t.grantStatus[status]}
        </span>
      </div>
      <dl data-slot="permission-grant-facts" className="pl:m-0 pl:grid pl:grid-cols-[auto_1fr] pl:gap-x-3 pl:gap-y-1 pl:text-xs">
        <dt className="pl:text-muted-foreground">{t.scope}</dt>
        <dd className="pl:m-0">{t.scopeWords(grant.scope, grant.limit)}</dd>
        {grant.condition ? (
          <>
            <dt className="pl:text-muted-foreground">{t.condition}</dt>
            <dd className="pl:m-0 pl:font-mono pl:break-all">{conditionText(grant)}</dd>
          </>
        ) : null}
        <dt className="pl:text-muted-foreground">{t.uses}</dt>
        <dd className="pl:m-0 pl:tabular-nums" data-slot="permission-grant-uses">
          {t.usesCount(grant.uses, view.usesLeft)}
        </dd>
        <dt className="pl:text-muted-foreground">{t.grantedBy}</dt>
        <dd className="pl:m-0 pl:break-all">{t.grantedByAt(grant.grantedBy, formatTime(grant.grantedAt))}</dd>
        <dt className="pl:text-muted-foreground">{t.expires}</dt>
        <dd className="pl:m-0">{typeof grant.expiresAt === "number" ? formatTime(grant.expiresAt) : t.never}</dd>
      </dl>
      {typeof grant.revokedAt === "number" ? (
        <p data-slot="permission-grant-revoked" className="pl:m-0 pl:text-xs pl:text-muted-foreground">
          {t.revokedBy(grant.revokedBy ?? "", formatTime(grant.revokedAt))}
        </p>
      ) : null}
      {status === "live" ? (
        <div>
          <button type="button" data-slot="permission-revoke" aria-label={t.revokeGrant(grant.operation)} className={buttonVariants({ variant: "secondary" })} onClick={onRevoke}>
            {t.revoke}
          </button>
        </div>
      ) : null}
    </li>
  );
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
