import type { AuditDecision, AuditHow, GrantScope } from "../core/policy/types";

/** Where a grant stands, as the panel says it (`GrantStatus` of `parley-ui/policy`). */
type GrantStatusName = "live" | "used-up" | "expired" | "revoked" | "invalid";

/**
 * Strings of the permission scope choice, the permissions panel and the audit log. Reached as
 * `useLabels().permissions`.
 */
export interface PermissionLabels {
  // The scope choice on the permission card
  /** The radio group's label. */
  scopeLegend: string;
  /** The radio options; `batch` takes the count the person typed. */
  scopeOption: { once: string; batch: (count: number) => string; session: string; conditional: string };
  /** A conditional option, with the condition's words from the policy ("only in test mode"). */
  conditionOption: (label: string) => string;
  /** The expiry choice of a standing grant. */
  expiryLegend: string;
  /** No time limit: it ends when used up (batch) or with the session. */
  expiryNone: (scope: GrantScope) => string;
  /** A time limit, from the approval: "For 1 hour". */
  expiryFor: (ms: number) => string;
  /** The number field of a batch approval. */
  batchCount: string;
  batchInvalid: (min: number, max: number) => string;
  /** How far an approval reaches, in a sentence ("for this session"); `limit` for a batch. */
  scopeWords: (scope: GrantScope, limit?: number) => string;
  /** A settled card approved with a wider scope: it made a grant. */
  approvedWithGrant: (scopeWords: string) => string;
  /** A settled card approved by a grant the person made earlier. */
  approvedByGrant: (scopeWords: string) => string;
  /** A settled card the app's policy declined without asking. */
  deniedByPolicy: (reason: string) => string;

  // The permissions panel
  panelTitle: string;
  panelEmpty: string;
  grantStatus: Record<GrantStatusName, string>;
  scope: string;
  condition: string;
  uses: string;
  /** "3 used, 7 left" (`left` undefined: no limit). */
  usesCount: (uses: number, left: number | undefined) => string;
  grantedBy: string;
  /** "ana@example.com at 09:00". */
  grantedByAt: (who: string, time: string) => string;
  expires: string;
  never: string;
  revokedBy: (who: string, time: string) => string;
  revoke: string;
  /** The Revoke button's accessible name, which says what it revokes. */
  revokeGrant: (operation: string) => string;

  // The audit log
  auditTitle: string;
  auditEmpty: string;
  auditNoMatch: string;
  /** "2 of 5 records". */
  auditCount: (shown: number, total: number) => string;
  filterDecision: string;
  allDecisions: string;
  searchOperation: string;
  exportJson: string;
  exportCsv: string;
  column: { time: string; decision: string; how: string; who: string; operation: string; grant: string };
  /** The decisions' words; `refused` and `executed` load with the permissions UI, in every language (`grantsLabels`). */
  decision: Record<Exclude<AuditDecision, "refused" | "executed">, string> & Partial<Record<"refused" | "executed", string>>;
  how: Record<AuditHow, string>;
  suspicious: string;
}

const scopeWordsEn = (scope: GrantScope, limit?: number): string =>
  scope === "once" ? "once" : scope === "batch" ? (limit === undefined ? "for a batch" : `for ${limit} operations`) : scope === "session" ? "for this session" : "while its condition holds";

/** A duration in the largest whole unit: minutes, hours or days. */
function durationParts(ms: number): [number, "minute" | "hour" | "day"] {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes % 1440 === 0) return [minutes / 1440, "day"];
  if (minutes % 60 === 0) return [minutes / 60, "hour"];
  return [minutes, "minute"];
}

export const permissionsEn: PermissionLabels = {
  scopeLegend: "How far does this approval reach?",
  scopeOption: { once: "Allow once", batch: (count) => `Allow these ${count}`, session: "Allow for this session", conditional: "Allow only when the condition holds" },
  conditionOption: (label) => `Allow only ${label}`,
  expiryLegend: "For how long",
  expiryNone: (scope) => (scope === "batch" ? "Until they are used" : scope === "session" ? "Until the session ends" : "No time limit"),
  expiryFor: (ms) => {
    const [n, unit] = durationParts(ms);
    return `For ${n} ${unit}${n === 1 ? "" : "s"}`;
  },
  batchCount: "How many operations",
  batchInvalid: (min, max) => `Enter a whole number from ${min} to ${max}.`,
  scopeWords: scopeWordsEn,
  approvedWithGrant: (scope) => `Approved ${scope}: a permission was recorded`,
  approvedByGrant: (scope) => `Approved by your earlier permission (${scope})`,
  deniedByPolicy: (reason) => `Declined by the app's policy: ${reason}`,

  panelTitle: "Permissions",
  panelEmpty: "You have not given any standing permission yet.",
  grantStatus: { live: "Active", "used-up": "Used up", expired: "Expired", revoked: "Revoked", invalid: "Not valid" },
  scope: "Scope",
  condition: "Condition",
  uses: "Uses",
  usesCount: (uses, left) => (left === undefined ? `${uses} used` : `${uses} used, ${left} left`),
  grantedBy: "Granted",
  grantedByAt: (who, time) => `${who} at ${time}`,
  expires: "Expires",
  never: "Never",
  revokedBy: (who, time) => `Revoked by ${who} at ${time}`,
  revoke: "Revoke",
  revokeGrant: (operation) => `Revoke the permission for ${operation}`,

  auditTitle: "Audit log",
  auditEmpty: "Nothing has been decided yet.",
  auditNoMatch: "No record matches these filters.",
  auditCount: (shown, total) => (shown === total ? `${total} ${total === 1 ? "record" : "records"}` : `${shown} of ${total} records`),
  filterDecision: "Decision",
  allDecisions: "All decisions",
  searchOperation: "Search by operation",
  exportJson: "Export JSON",
  exportCsv: "Export CSV",
  column: { time: "Time", decision: "Decision", how: "How", who: "Who", operation: "Operation", grant: "Grant" },
  decision: {
    approved: "Approved",
    declined: "Declined",
    timed_out: "Timed out",
    approved_by_grant: "Approved by a permission",
    denied_by_policy: "Denied by policy",
    allowed_by_policy: "Allowed by policy",
    revoked: "Revoked",
    granted: "Permission given",
    refused_forgery: "Refused: the agent tried to answer for you",
    feedback: "Feedback on an answer",
  },
  how: {
    click: "Click",
    key: "Keyboard",
    "number-reply": "Number reply",
    "text-reply": "Typed reply",
    timeout: "Timeout",
    app: "The app",
    grant: "Earlier permission",
    policy: "Policy",
    "agent-revoke": "Agent, on your word",
    agent: "The agent",
  },
  suspicious: "Suspicious",
};

const scopeWordsZhCN = (scope: GrantScope, limit?: number): string =>
  scope === "once" ? "仅此一次" : scope === "batch" ? (limit === undefined ? "一批操作" : `${limit} 次操作`) : scope === "session" ? "本次会话" : "条件满足时";

export const permissionsZhCN: PermissionLabels = {
  scopeLegend: "这次批准的范围",
  scopeOption: { once: "仅允许这一次", batch: (count) => `允许这 ${count} 次`, session: "本次会话内都允许", conditional: "仅在条件满足时允许" },
  conditionOption: (label) => `仅限：${label}`,
  expiryLegend: "有效期",
  expiryNone: (scope) => (scope === "batch" ? "用完为止" : scope === "session" ? "直到会话结束" : "不限时间"),
  expiryFor: (ms) => {
    const [n, unit] = durationParts(ms);
    return `${n} ${unit === "day" ? "天" : unit === "hour" ? "小时" : "分钟"}内有效`;
  },
  batchCount: "操作次数",
  batchInvalid: (min, max) => `请输入 ${min} 到 ${max} 之间的整数。`,
  scopeWords: scopeWordsZhCN,
  approvedWithGrant: (scope) => `已批准（${scope}），并记录了这项授权`,
  approvedByGrant: (scope) => `已按你此前的授权批准（${scope}）`,
  deniedByPolicy: (reason) => `应用的策略已拒绝：${reason}`,

  panelTitle: "权限",
  panelEmpty: "你还没有给出任何持续有效的授权。",
  grantStatus: { live: "有效", "used-up": "已用完", expired: "已过期", revoked: "已撤销", invalid: "无效" },
  scope: "范围",
  condition: "条件",
  uses: "使用次数",
  usesCount: (uses, left) => (left === undefined ? `已用 ${uses} 次` : `已用 ${uses} 次，剩余 ${left} 次`),
  grantedBy: "授权",
  grantedByAt: (who, time) => `${who}，${time}`,
  expires: "到期",
  never: "永不",
  revokedBy: (who, time) => `${time} 由 ${who} 撤销`,
  revoke: "撤销",
  revokeGrant: (operation) => `撤销 ${operation} 的授权`,

  auditTitle: "审计日志",
  auditEmpty: "还没有任何决定。",
  auditNoMatch: "没有符合筛选条件的记录。",
  auditCount: (shown, total) => (shown === total ? `共 ${total} 条记录` : `${total} 条中的 ${shown} 条`),
  filterDecision: "决定",
  allDecisions: "全部决定",
  searchOperation: "按操作搜索",
  exportJson: "导出 JSON",
  exportCsv: "导出 CSV",
  column: { time: "时间", decision: "决定", how: "方式", who: "操作人", operation: "操作", grant: "授权" },
  decision: {
    approved: "已批准",
    declined: "已拒绝",
    timed_out: "已超时",
    approved_by_grant: "按授权批准",
    denied_by_policy: "策略拒绝",
    allowed_by_policy: "策略允许",
    revoked: "已撤销",
    granted: "已授权",
    refused_forgery: "已拒绝：代理试图代你回答",
    feedback: "对回答的反馈",
  },
  how: {
    click: "点击",
    key: "键盘",
    "number-reply": "编号回复",
    "text-reply": "文字回复",
    timeout: "超时",
    app: "应用",
    grant: "此前的授权",
    policy: "策略",
    "agent-revoke": "助手按你的要求",
    agent: "代理",
  },
  suspicious: "可疑",
};
