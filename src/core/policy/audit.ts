import { ABSENT, copyData, ownField } from "./data";
import type { AuditDecision, AuditHow, AuditRecord } from "./types";

/** The columns of an export, in order; the arguments as JSON text. */
const COLUMNS = [
  "id", "at", "decision", "how", "who", "interactionId", "messageType", "operation", "grantId", "detail", "suspicious",
  "decisionId", "proposedArgs", "approvedArgs", "executedArgs", "argsMismatch",
] as const;
const OPTIONAL_TEXT = ["interactionId", "messageType", "operation", "grantId", "detail", "decisionId"] as const;
const ARGS = ["proposedArgs", "approvedArgs", "executedArgs"] as const;
/** Free text longer than this is cut: a hostile reason must not bloat the log or an export. */
const MAX_TEXT = 2_000;
/** Arguments whose JSON is longer than this are kept as their first 2,000 characters, marked cut. */
const MAX_ARGS_JSON = 20_000;
/** The decisions that settle a question: their record's own id is the decision's id. */
const SETTLING: readonly string[] = ["approved", "declined", "timed_out", "approved_by_grant", "denied_by_policy"];

/**
 * One audit record, tidy: own fields only, optional ones left out when empty, `suspicious` and
 * `argsMismatch` present only when true, text cut at 2,000 characters, arguments copied as plain
 * data (JSON over 20,000 characters kept as `{ "parley:cut": "<its first 2,000>" }`). The record of
 * a decision that settles a question names itself as its `decisionId`. It never rewrites what was
 * recorded: a decision it does not know stays as written, a time that is not a number becomes `NaN`
 * (`null` in JSON), not some other moment. The caller gives the id (the core makes no ids) — derive
 * it from the decision (`"answer:" + interactionId`), so that recording the same decision twice is
 * one record, which storage keeps once.
 *
 * @example
 * auditRecord({ id: `answer:${interaction.id}`, at: Date.now(), decision: "approved", how: "click", who: "ana@acme.com", interactionId: interaction.id, messageType: "permission_request", operation: "mail.send" });
 */
export function auditRecord(input: AuditRecord): AuditRecord {
  const record: AuditRecord = {
    id: textOf(ownField(input, "id")),
    at: numberOf(ownField(input, "at")),
    decision: textOf(ownField(input, "decision")) as AuditDecision,
    how: textOf(ownField(input, "how")) as AuditHow,
    who: textOf(ownField(input, "who")),
  };
  for (const key of OPTIONAL_TEXT) {
    const value = ownField(input, key);
    if (typeof value === "string" && value) record[key] = value.slice(0, MAX_TEXT);
  }
  if (ownField(input, "suspicious") === true) record.suspicious = true;
  if (record.decisionId === undefined && record.interactionId && SETTLING.includes(record.decision)) record.decisionId = record.id;
  for (const key of ARGS) {
    const value = argsOf(ownField(input, key));
    if (value !== ABSENT) record[key] = value;
  }
  if (ownField(input, "argsMismatch") === true) record.argsMismatch = true;
  return record;
}

/** Arguments as plain data, bounded; `ABSENT` for none or for what is not data. */
function argsOf(value: unknown): unknown {
  if (value === undefined) return ABSENT;
  const copy = copyData(value);
  if (copy === ABSENT) return ABSENT;
  const json = JSON.stringify(copy);
  return json.length > MAX_ARGS_JSON ? { "parley:cut": json.slice(0, MAX_TEXT) } : copy;
}

/**
 * The log as JSON (an array, two-space indented): the records' own fields only, so
 * `JSON.parse(auditToJson(records))` gives the records back. Never throws.
 *
 * @example
 * download("audit.json", auditToJson(log));
 */
export function auditToJson(records: readonly AuditRecord[]): string {
  return JSON.stringify(listOf(records).map(auditRecord), null, 2);
}

/**
 * The log as CSV (RFC 4180): a header row, CRLF line ends, a field quoted when it holds a comma,
 * a quote or a line break (quotes doubled). `at` is written as ISO 8601 (UTC). A field a
 * spreadsheet would run as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return — is prefixed with `'`: an agent's text ("=HYPERLINK(…)") must not run on the
 * auditor's machine. `bom: true` adds a byte-order mark, so Excel reads Chinese text as UTF-8.
 *
 * @example
 * auditToCsv([{ id: "a1", at: 0, decision: "approved", how: "click", who: "ana", detail: "=1+1" }]);
 * // "id,at,decision,…\r\na1,1970-01-01T00:00:00.000Z,approved,click,ana,,,,,'=1+1,,,,,,\r\n"
 */
export function auditToCsv(records: readonly AuditRecord[], options: { bom?: boolean } = {}): string {
  const rows = listOf(records).map((input) => {
    const record = auditRecord(input);
    return COLUMNS.map((column) => {
      if (column === "at") return csvField(Number.isFinite(record.at) ? new Date(record.at).toISOString() : "");
      if (column === "suspicious" || column === "argsMismatch") return record[column] ? "true" : "";
      if (column === "proposedArgs" || column === "approvedArgs" || column === "executedArgs") return csvField(record[column] === undefined ? "" : JSON.stringify(record[column]));
      return csvField(record[column] ?? "");
    }).join(",");
  });
  const csv = [COLUMNS.join(","), ...rows].map((row) => `${row}\r\n`).join("");
  return ownField(options, "bom") === true ? `\uFEFF${csv}` : csv;
}

/** What {@link filterAudit} keeps; every criterion given must hold. */
export interface AuditFilter {
  decision?: AuditDecision | readonly AuditDecision[];
  operation?: string;
  who?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive: consecutive ranges never count a record twice. */
  to?: number;
  suspicious?: boolean;
  interactionId?: string;
  grantId?: string;
  decisionId?: string;
}

/**
 * The records that fit every criterion given, in their order (the `AuditLog` component's filters).
 *
 * @example
 * filterAudit(log, { decision: ["approved", "approved_by_grant"], operation: "mail.send", from: startOfDay, to: startOfDay + 86_400_000 });
 */
export function filterAudit(records: readonly AuditRecord[], filter: AuditFilter = {}): AuditRecord[] {
  const decisions = ownField(filter, "decision");
  const wanted = typeof decisions === "string" ? [decisions] : Array.isArray(decisions) ? (decisions as unknown[]) : undefined;
  const from = ownField(filter, "from");
  const to = ownField(filter, "to");
  const suspicious = ownField(filter, "suspicious");
  return listOf(records).filter((record) => {
    const at = ownField(record, "at");
    if (wanted && !wanted.includes(ownField(record, "decision"))) return false;
    for (const key of ["operation", "who", "interactionId", "grantId", "decisionId"] as const) {
      const value = ownField(filter, key);
      if (typeof value === "string" && ownField(record, key) !== value) return false;
    }
    if (typeof from === "number" && !(typeof at === "number" && at >= from)) return false;
    if (typeof to === "number" && !(typeof at === "number" && at < to)) return false;
    if (typeof suspicious === "boolean" && (ownField(record, "suspicious") === true) !== suspicious) return false;
    return true;
  });
}

function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : "";
}

function numberOf(value: unknown): number {
  return typeof value === "number" ? value : NaN;
}

function listOf<T>(value: readonly T[]): readonly T[] {
  try {
    return Array.isArray(value) ? (value as readonly T[]) : [];
  } catch {
    return [];
  }
}
