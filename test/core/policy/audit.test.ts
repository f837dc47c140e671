import { describe, expect, expectTypeOf, it } from "vitest";
import type { AnswerMethod } from "../../../src/core/interactions/types";
import { AUDIT_DECISIONS, auditRecord, auditToCsv, auditToJson, filterAudit, type AuditHow, type AuditRecord } from "../../../src/core/policy";
import { recordedBy } from "../../../src/core/policy/recordedBy";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

const log: AuditRecord[] = [
  { id: "a1", at: T0, decision: "approved", how: "click", who: "ana@acme.com", interactionId: "tc1", messageType: "permission_request", operation: "excel.read", decisionId: "a1" },
  { id: "a2", at: T0 + 1000, decision: "granted", how: "click", who: "ana@acme.com", grantId: "g1", operation: "excel.read", detail: "session" },
  { id: "a3", at: T0 + 2000, decision: "approved_by_grant", how: "grant", who: "ana@acme.com", grantId: "g1", operation: "excel.read" },
  { id: "a4", at: T0 + 3000, decision: "denied_by_policy", how: "policy", who: "ana@acme.com", operation: "pay.wire", detail: "Wires go through finance." },
  { id: "a5", at: T0 + 4000, decision: "declined", how: "app", who: "system", interactionId: "tc2", detail: "forged TOOL_CALL_RESULT", suspicious: true, decisionId: "a5" },
  { id: "a6", at: T0 + 5000, decision: "revoked", how: "agent-revoke", who: "ana@acme.com", grantId: "g1", operation: "excel.read", detail: "以后不要再读客户数据了" },
];

describe("auditRecord", () => {
  it("keeps what was given, drops empty optional fields, and suspicious only when true", () => {
    expect(auditRecord({ id: "a", at: 1, decision: "approved", how: "key", who: "ana", detail: "", operation: undefined, suspicious: false })).toEqual({
      id: "a",
      at: 1,
      decision: "approved",
      how: "key",
      who: "ana",
    });
    expect(auditRecord(log[4]!)).toEqual(log[4]);
  });

  it("reads own data fields only and cuts long text", () => {
    const input = Object.assign(Object.create({ detail: "inherited" }), { id: "a", at: 1, decision: "approved", how: "click", who: "ana", extra: "x" });
    expect(auditRecord(input)).toEqual({ id: "a", at: 1, decision: "approved", how: "click", who: "ana" });
    expect(auditRecord({ ...log[0]!, detail: "x".repeat(5000) }).detail).toHaveLength(2000);
  });

  it("never rewrites what was recorded into something else", () => {
    const odd = auditRecord({ id: "a", at: "yesterday", decision: "maybe", how: "telepathy", who: 7 } as unknown as AuditRecord);
    expect(odd).toEqual({ id: "a", at: NaN, decision: "maybe", how: "telepathy", who: "" });
    expect(() => auditRecord(null as unknown as AuditRecord)).not.toThrow();
  });

  it("has a `how` for every way the person answers", () => {
    expectTypeOf<AnswerMethod>().toExtend<AuditHow>();
  });
});

describe("recordedBy", () => {
  it("names the person for what they decided and the kit for what it decided; nothing for what it never records", () => {
    expect(Object.fromEntries(AUDIT_DECISIONS.map((decision) => [decision, recordedBy(decision, "ana")]))).toEqual({
      approved: "ana",
      declined: "ana",
      timed_out: "person",
      approved_by_grant: "ana",
      denied_by_policy: "policy",
      allowed_by_policy: "policy",
      revoked: "ana",
      granted: "ana",
      refused_forgery: "agent",
      feedback: "ana",
      refused: "ana",
      executed: "agent",
    });
    for (const decision of ["forever", "constructor", "__proto__", undefined, 1]) expect(recordedBy(decision, "ana")).toBeUndefined();
  });
});

describe("auditToJson", () => {
  it("round-trips the records", () => {
    expect(JSON.parse(auditToJson(log))).toEqual(log);
    expect(auditToJson([])).toBe("[]");
  });

  it("exports own fields only and never throws", () => {
    const withExtra = { ...log[0]!, toJSON: () => "hijacked", secret: "x" } as AuditRecord;
    expect(JSON.parse(auditToJson([withExtra]))).toEqual([log[0]]);
    expect(auditToJson(null as unknown as AuditRecord[])).toBe("[]");
  });
});

describe("auditToCsv", () => {
  const header = "id,at,decision,how,who,interactionId,messageType,operation,grantId,detail,suspicious,decisionId,proposedArgs,approvedArgs,executedArgs,argsMismatch";
  const rows = (csv: string) => csv.split("\r\n");

  it("writes a header, one CRLF-ended row per record, ISO times", () => {
    const csv = auditToCsv(log.slice(0, 1));
    expect(csv).toBe(`${header}\r\na1,2026-01-05T09:00:00.000Z,approved,click,ana@acme.com,tc1,permission_request,excel.read,,,,a1,,,,\r\n`);
    expect(rows(auditToCsv(log))).toHaveLength(log.length + 2);
    expect(auditToCsv([])).toBe(`${header}\r\n`);
  });

  it("quotes fields with commas, quotes and line breaks (RFC 4180)", () => {
    const csv = auditToCsv([{ ...log[0]!, detail: 'He said "yes", then\nleft\r\nat once' }]);
    expect(csv).toContain(`,"He said ""yes"", then\nleft\r\nat once",`);
    expect(parseCsv(csv)[1]![9]).toBe('He said "yes", then\nleft\r\nat once');
  });

  it.each(["=HYPERLINK(\"http://evil\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])("guards %j against formula injection", (text) => {
    const csv = auditToCsv([{ ...log[0]!, who: text, detail: text, operation: text }]);
    const cells = parseCsv(csv)[1]!;
    expect(cells[4]).toBe(`'${text}`);
    expect(cells[7]).toBe(`'${text}`);
    expect(cells[9]).toBe(`'${text}`);
  });

  it("leaves ordinary text alone, Chinese included", () => {
    const cells = parseCsv(auditToCsv([log[5]!]))[1]!;
    expect(cells[9]).toBe("以后不要再读客户数据了");
    expect(cells[3]).toBe("agent-revoke");
  });

  it("marks suspicious records and leaves a time that is not one empty", () => {
    const cells = parseCsv(auditToCsv([log[4]!, { ...log[0]!, at: NaN }]));
    expect(cells[1]![10]).toBe("true");
    expect(cells[2]![1]).toBe("");
  });

  it("adds a byte-order mark when asked, for Excel", () => {
    expect(auditToCsv([], { bom: true }).startsWith("\uFEFFid,")).toBe(true);
    expect(auditToCsv([]).startsWith("id,")).toBe(true);
  });
});

describe("filterAudit", () => {
  const ids = (records: AuditRecord[]) => records.map((r) => r.id);

  it("keeps everything without criteria, as a new list", () => {
    const all = filterAudit(log);
    expect(all).toEqual(log);
    expect(all).not.toBe(log);
  });

  it("by decision, one or several", () => {
    expect(ids(filterAudit(log, { decision: "revoked" }))).toEqual(["a6"]);
    expect(ids(filterAudit(log, { decision: ["approved", "approved_by_grant"] }))).toEqual(["a1", "a3"]);
  });

  it("by operation, who, grant, interaction, suspicious", () => {
    expect(ids(filterAudit(log, { operation: "excel.read" }))).toEqual(["a1", "a2", "a3", "a6"]);
    expect(ids(filterAudit(log, { who: "system" }))).toEqual(["a5"]);
    expect(ids(filterAudit(log, { grantId: "g1" }))).toEqual(["a2", "a3", "a6"]);
    expect(ids(filterAudit(log, { interactionId: "tc2" }))).toEqual(["a5"]);
    expect(ids(filterAudit(log, { suspicious: true }))).toEqual(["a5"]);
    expect(filterAudit(log, { suspicious: false })).toHaveLength(5);
  });

  it("by time: from inclusive, to exclusive", () => {
    expect(ids(filterAudit(log, { from: T0 + 1000, to: T0 + 3000 }))).toEqual(["a2", "a3"]);
    expect(ids(filterAudit(log, { from: T0 + 5000 }))).toEqual(["a6"]);
    expect(ids(filterAudit(log, { to: T0 + 1 }))).toEqual(["a1"]);
  });

  it("combines criteria and never throws on junk", () => {
    expect(ids(filterAudit(log, { operation: "excel.read", decision: "approved_by_grant", from: T0 }))).toEqual(["a3"]);
    expect(filterAudit(null as unknown as AuditRecord[], { decision: "approved" })).toEqual([]);
    expect(filterAudit([null, 3] as unknown as AuditRecord[], { from: 0 })).toEqual([]);
  });
});

/** A strict RFC 4180 reader, to check the writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}
