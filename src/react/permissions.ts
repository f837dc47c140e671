import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useStore } from "zustand";
// The modules themselves, not the policy entry: a panel must not pull the engine into the bundle.
import { auditToCsv, auditToJson, filterAudit } from "../core/policy/audit";
import { grantStatus, usesLeft, type GrantStatus } from "../core/policy/grants";
import { AUDIT_DECISIONS, type AuditDecision, type AuditRecord, type Grant } from "../core/policy/types";
import type { ActionResult } from "../store/createThreadStore";
import { useThreadStore } from "./ParleyProvider";

/** How often the panel re-reads the clock: expiry shows within half a minute. */
const TICK_MS = 30_000;

/**
 * The current time (epoch ms), read again every `intervalMs` (30 s by default).
 *
 * @example
 * const now = useNow(); // re-renders every 30 s
 */
export function useNow(intervalMs: number = TICK_MS, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  // A clock passed inline is a new function each render: read the latest, never restart for it.
  const clockRef = useRef(clock);
  useEffect(() => {
    clockRef.current = clock;
  });
  useEffect(() => {
    setNow(clockRef.current());
    const timer = setInterval(() => setNow(clockRef.current()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** One grant as the permissions panel shows it. */
export interface GrantView {
  grant: Grant;
  status: GrantStatus;
  /** Uses still allowed; `undefined` when the grant has no limit. */
  usesLeft: number | undefined;
}

export interface PermissionsPanelState {
  /** Every grant of the thread, in the order they were made. */
  grants: readonly GrantView[];
  /** The moment the statuses were computed at. */
  now: number;
  /** Ends a grant at once (the person's gesture), through the store's door. */
  revoke: (grantId: string) => ActionResult;
}

/**
 * The thread's grants with where each stands now (`live | used-up | expired | revoked`), the
 * clock re-read every 30 s, and `revoke`. What `PermissionsPanel` renders; use it for your own.
 *
 * @example
 * const { grants, revoke } = usePermissionsPanel();
 * grants.filter((g) => g.status === "live").map((g) => <button onClick={() => revoke(g.grant.id)}>{g.grant.operation}</button>);
 */
export function usePermissionsPanel(options: { clock?: () => number; intervalMs?: number } = {}): PermissionsPanelState {
  const store = useThreadStore("usePermissionsPanel");
  const grants = useStore(store, (s) => s.thread.grants);
  const now = useNow(options.intervalMs, options.clock);
  const revoke = useCallback((grantId: string) => store.getState().revoke(grantId), [store]);
  const views = useMemo(
    () =>
      grants.map((grant): GrantView => {
        const left = usesLeft(grant);
        return { grant, status: grantStatus(grant, now), usesLeft: Number.isFinite(left) ? left : undefined };
      }),
    [grants, now],
  );
  return { grants: views, now, revoke };
}

/** What the audit log shows: a decision (or all) and words to find in the operation. */
export interface AuditView {
  decision?: AuditDecision | undefined;
  /** Matched anywhere in the operation, without regard to case. */
  query?: string | undefined;
  /** Records of the app's own shown with the thread's, by time (what the agent ran: `useExecutionRecords`). */
  extra?: readonly AuditRecord[] | undefined;
}

export interface AuditLogState {
  /** The records that fit, newest first. */
  records: readonly AuditRecord[];
  /** How many records the log holds in all. */
  total: number;
  /** Every decision a record may have, for a filter's options. */
  decisions: readonly AuditDecision[];
  /** The records shown, as JSON (`auditToJson`), oldest first as recorded. */
  toJson: () => string;
  /** The records shown, as CSV with a byte-order mark so spreadsheets read Chinese text (`auditToCsv`). */
  toCsv: () => string;
}

/**
 * The audit log filtered by decision and operation, newest first, with its exports. What
 * `AuditLog` renders; use it for your own.
 *
 * @example
 * const { records, toCsv } = useAuditView({ decision: "revoked", query: "mail" });
 */
export function useAuditView(view: AuditView = {}): AuditLogState {
  const store = useThreadStore("useAuditView");
  const threadAudit = useStore(store, (s) => s.thread.audit);
  const personal = useStore(store, (s) => s.keptPermissions?.audit);
  const { decision, query, extra } = view;
  return useMemo(() => {
    // With the person's log kept (keepPermissions), other threads' decisions show too; each once.
    const ids = new Set(personal?.map((r) => r.id));
    const own = personal ? [...personal, ...threadAudit.filter((r) => !ids.has(r.id))] : threadAudit;
    const audit = personal || extra?.length ? [...own, ...(extra ?? [])].sort((a, b) => a.at - b.at) : own;
    const words = query?.trim().toLowerCase() ?? "";
    const kept = filterAudit(audit, decision ? { decision } : {}).filter((record) => !words || (record.operation ?? "").toLowerCase().includes(words));
    return {
      records: [...kept].reverse(),
      total: audit.length,
      decisions: AUDIT_DECISIONS,
      toJson: () => auditToJson(kept),
      toCsv: () => auditToCsv(kept, { bom: true }),
    };
  }, [threadAudit, personal, decision, query, extra]);
}
