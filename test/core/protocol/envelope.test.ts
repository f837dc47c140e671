import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENVELOPE_LIMITS, parseEnvelope, type Envelope, type EnvelopeResult } from "../../../src/core";

/** The seed's envelope: checked with valibot, defaults filled, RTUI names mapped, never a throw. */

type Loose = Record<string, any>;

const envelope = (messageType: string, payload: unknown, extra: object = {}) => ({ messageId: "m1", messageType, payload, ...extra });

function ok(result: EnvelopeResult): Envelope {
  if (!result.ok) throw new Error(`expected ok, got: ${result.problem}`);
  return result.envelope;
}

function problem(result: EnvelopeResult): string {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.envelope)}`);
  return result.problem;
}

describe("the five message types", () => {
  it("notification: level defaults to info, the envelope fields to their defaults", () => {
    const e = ok(parseEnvelope(envelope("notification", { content: "Saved" })));
    expect(e).toEqual({ messageId: "m1", messageType: "notification", allowInterrupt: true, context: {}, payload: { content: "Saved", level: "info" } });
  });

  it("notification keeps the level it was given", () => {
    expect((ok(parseEnvelope(envelope("notification", { content: "x", level: "warning" }))).payload as Loose).level).toBe("warning");
  });

  it("notification refuses a level outside info/success/warning", () => {
    expect(problem(parseEnvelope(envelope("notification", { content: "x", level: "error" })))).toMatch(/notification payload is malformed: level/);
  });

  it("advice: options [] and multiple/allowFreeText false by default", () => {
    const e = ok(parseEnvelope(envelope("advice", { content: "Go?" })));
    expect(e.messageType).toBe("advice");
    expect(e.payload).toEqual({ content: "Go?", options: [], multiple: false, allowFreeText: false });
  });

  it("advice keeps its options in order and its flags", () => {
    const options = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30", description: "fast" }];
    const e = ok(parseEnvelope(envelope("advice", { content: "Which?", options, multiple: true, allowFreeText: true })));
    expect(e.payload).toEqual({ content: "Which?", options, multiple: true, allowFreeText: true });
  });

  it("permission_request: categories default to [] and are deduplicated", () => {
    const plain = ok(parseEnvelope(envelope("permission_request", { operation: "send_email", summary: "Mail the report" })));
    expect((plain.payload as Loose).categories).toEqual([]);
    const e = ok(parseEnvelope(envelope("permission_request", { operation: "rm", summary: "Delete", categories: ["destructive", "irreversible", "destructive"] })));
    expect((e.payload as Loose).categories).toEqual(["destructive", "irreversible"]);
  });

  it("permission_request drops a blank confirmText (it would make Approve impossible)", () => {
    const e = ok(parseEnvelope(envelope("permission_request", { operation: "rm", summary: "Delete", confirmText: "   " })));
    expect("confirmText" in (e.payload as Loose)).toBe(false);
    const kept = ok(parseEnvelope(envelope("permission_request", { operation: "rm", summary: "Delete", confirmText: "report.pdf" })));
    expect((kept.payload as Loose).confirmText).toBe("report.pdf");
  });

  it("permission_request refuses an unknown category", () => {
    expect(problem(parseEnvelope(envelope("permission_request", { operation: "x", summary: "y", categories: ["fun"] })))).toMatch(/categories/);
  });

  it("input_request keeps its schema and requires one", () => {
    const schema = { type: "object", properties: { city: { type: "string" } } };
    expect(ok(parseEnvelope(envelope("input_request", { content: "Where?", schema }))).payload).toEqual({ content: "Where?", schema });
    expect(problem(parseEnvelope(envelope("input_request", { content: "Where?" })))).toMatch(/input_request payload is malformed: schema/);
  });

  it('error: actions default to ["retry"], are deduplicated, and the code is kept', () => {
    expect(ok(parseEnvelope(envelope("error", { content: "Failed" }))).payload).toEqual({ content: "Failed", actions: ["retry"] });
    const e = ok(parseEnvelope(envelope("error", { content: "Failed", code: "E42", actions: ["undo", "report", "undo"] })));
    expect(e.payload).toEqual({ content: "Failed", code: "E42", actions: ["undo", "report"] });
  });

  it("error refuses an action outside retry/undo/report", () => {
    expect(problem(parseEnvelope(envelope("error", { content: "x", actions: ["reboot"] })))).toMatch(/actions/);
  });

  it("a missing payload of a semantic type is refused with the type named", () => {
    expect(problem(parseEnvelope({ messageId: "m1", messageType: "advice" }))).toMatch(/advice payload is malformed/);
  });
});

describe("the envelope's own fields", () => {
  it("keeps allowInterrupt, context, timeoutMs and a valid expiresAt", () => {
    const e = ok(parseEnvelope(envelope("notification", { content: "x" }, {
      allowInterrupt: false, context: { sessionId: "s1", relatedSkill: "booking" }, timeoutMs: 30_000, expiresAt: "2030-01-01T00:00:00Z",
    })));
    expect(e).toMatchObject({ allowInterrupt: false, context: { sessionId: "s1", relatedSkill: "booking" }, timeoutMs: 30_000, expiresAt: "2030-01-01T00:00:00Z" });
  });

  it("context is a copy, not the caller's object", () => {
    const context = { a: 1 };
    const e = ok(parseEnvelope(envelope("notification", { content: "x" }, { context })));
    expect(e.context).toEqual({ a: 1 });
    expect(e.context).not.toBe(context);
  });

  it("reads an ISO timestamp as epoch milliseconds", () => {
    const e = ok(parseEnvelope(envelope("notification", { content: "x" }, { timestamp: "2026-11-30T12:00:00.000Z" })));
    expect(e.timestamp).toBe(Date.UTC(2026, 10, 30, 12));
  });

  it("keeps a numeric timestamp as it is", () => {
    expect(ok(parseEnvelope(envelope("notification", { content: "x" }, { timestamp: 1_700_000_000_000 }))).timestamp).toBe(1_700_000_000_000);
  });

  it("drops a timestamp that is not a date rather than refusing the envelope", () => {
    const e = ok(parseEnvelope(envelope("notification", { content: "x" }, { timestamp: "yesterday-ish" })));
    expect("timestamp" in e).toBe(false);
  });

  it("refuses an expiresAt that is not a date, naming it", () => {
    expect(problem(parseEnvelope(envelope("notification", { content: "x" }, { expiresAt: "soon" })))).toBe('expiresAt "soon" is not a date');
  });

  it("refuses a non-positive timeoutMs", () => {
    expect(problem(parseEnvelope(envelope("notification", { content: "x" }, { timeoutMs: 0 })))).toMatch(/timeoutMs/);
    expect(problem(parseEnvelope(envelope("notification", { content: "x" }, { timeoutMs: -5 })))).toMatch(/timeoutMs/);
  });

  it("refuses an empty, missing or over-long messageId", () => {
    expect(problem(parseEnvelope({ messageType: "notification", payload: { content: "x" } }))).toMatch(/messageId/);
    expect(problem(parseEnvelope({ ...envelope("notification", { content: "x" }), messageId: "" }))).toMatch(/messageId/);
    expect(problem(parseEnvelope({ ...envelope("notification", { content: "x" }), messageId: "m".repeat(ENVELOPE_LIMITS.id + 1) }))).toMatch(/messageId/);
  });
});

describe("RTUI action names", () => {
  it.each([
    ["confirm", "permission_request", { operation: "pay", summary: "Pay 20 €" }],
    ["requestPermission", "permission_request", { operation: "pay", summary: "Pay 20 €" }],
    ["prompt", "input_request", { content: "Name?", schema: { type: "object" } }],
    ["form", "input_request", { content: "Address?", schema: { type: "object" } }],
    ["notify", "notification", { content: "Done" }],
  ])("%s is a %s", (alias, type, payload) => {
    const e = ok(parseEnvelope(envelope(alias, payload)));
    expect(e.messageType).toBe(type);
  });

  it("an alias is checked against its semantic type's payload", () => {
    expect(problem(parseEnvelope(envelope("confirm", { content: "no operation" })))).toMatch(/permission_request payload is malformed/);
  });
});

describe("custom and unknown types", () => {
  it("a namespaced type passes with its payload as it came", () => {
    const payload = { seats: ["12A", "12B"] };
    const e = ok(parseEnvelope(envelope("acme:seat_map", payload)));
    expect(e.messageType).toBe("acme:seat_map");
    expect(e.payload).toEqual(payload);
  });

  it("refuses activity:… (the registry keeps it for activity messages) with a reason", () => {
    expect(problem(parseEnvelope(envelope("activity:PLAN", {})))).toMatch(/Unknown messageType "activity:PLAN".*namespaced/);
  });

  it.each(["seat_map", "Advice", "acme:", ":x", "1acme:x", "a b:c", "__proto__", "constructor", "toString"])("refuses the un-namespaced or odd type %j", (type) => {
    expect(problem(parseEnvelope(envelope(type, { content: "x" })))).toMatch(/Unknown messageType/);
  });

  it("cuts a huge unknown type in the reason", () => {
    const reason = problem(parseEnvelope(envelope("x".repeat(10_000), {})));
    expect(reason.length).toBeLessThan(300);
  });
});

describe("hostile input", () => {
  it("refuses two options with one id", () => {
    const options = [{ id: "a", label: "one" }, { id: "a", label: "two" }];
    expect(problem(parseEnvelope(envelope("advice", { content: "?", options })))).toMatch(/two options share an id/);
  });

  it(`refuses text longer than ${ENVELOPE_LIMITS.text} characters and accepts exactly that many`, () => {
    expect(ok(parseEnvelope(envelope("notification", { content: "x".repeat(ENVELOPE_LIMITS.text) }))).payload).toMatchObject({ level: "info" });
    expect(problem(parseEnvelope(envelope("notification", { content: "x".repeat(ENVELOPE_LIMITS.text + 1) })))).toMatch(/content/);
    const longLabel = [{ id: "a", label: "y".repeat(ENVELOPE_LIMITS.text + 1) }];
    expect(problem(parseEnvelope(envelope("advice", { content: "?", options: longLabel })))).toMatch(/options\.0\.label/);
  });

  it(`refuses ${ENVELOPE_LIMITS.options + 1} options and accepts ${ENVELOPE_LIMITS.options}`, () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
    expect((ok(parseEnvelope(envelope("advice", { content: "?", options: options(50) }))).payload as Loose).options).toHaveLength(50);
    expect(problem(parseEnvelope(envelope("advice", { content: "?", options: options(51) })))).toMatch(/options/);
  });

  it.each([null, undefined, 42, "advice", [], true, () => 1])("refuses the non-object %p with a reason", (value) => {
    const result = parseEnvelope(value);
    expect(result.ok).toBe(false);
    expect(problem(result)).toMatch(/malformed/);
  });

  it("__proto__ keys from JSON neither pollute nor swap prototypes", () => {
    const raw = JSON.parse(
      '{"messageId":"m1","messageType":"advice","__proto__":{"polluted":1},' +
        '"context":{"__proto__":{"polluted":2},"sessionId":"s"},' +
        '"payload":{"content":"?","__proto__":{"allowFreeText":true},"options":[{"id":"a","label":"A","__proto__":{"x":1}}]}}',
    );
    const e = ok(parseEnvelope(raw));
    expect(({} as Loose).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(e.context)).toBe(Object.prototype);
    expect((e.context as Loose).polluted).toBeUndefined();
    expect(e.context.sessionId).toBe("s");
    expect((e.payload as Loose).allowFreeText).toBe(false);
    expect(Object.getPrototypeOf((e.payload as Loose).options[0])).toBe(Object.prototype);
  });

  it("an input schema with a __proto__ key stays a plain object", () => {
    const e = ok(parseEnvelope(JSON.parse('{"messageId":"m","messageType":"input_request","payload":{"content":"x","schema":{"__proto__":{"polluted":1},"type":"object"}}}')));
    const schema = (e.payload as Loose).schema;
    expect(Object.getPrototypeOf(schema)).toBe(Object.prototype);
    expect(schema.polluted).toBeUndefined();
    expect(schema.type).toBe("object");
  });

  it("never throws, and always answers ok with an envelope or a problem in words (property)", () => {
    const messageType = fc.constantFrom(
      "notification", "advice", "permission_request", "input_request", "error", "confirm", "notify", "acme:x", "activity:PLAN", "__proto__", "",
    );
    const shaped = fc.record(
      {
        messageId: fc.oneof(fc.string({ maxLength: 4 }), fc.anything()),
        messageType: fc.oneof(messageType, fc.anything()),
        payload: fc.anything(),
        timestamp: fc.anything(),
        expiresAt: fc.oneof(fc.string(), fc.anything()),
        timeoutMs: fc.anything(),
        context: fc.anything(),
        allowInterrupt: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), shaped), (value) => {
        let result: EnvelopeResult | undefined;
        expect(() => (result = parseEnvelope(value))).not.toThrow();
        if (result!.ok) {
          expect(typeof result!.envelope.messageId).toBe("string");
          expect(typeof result!.envelope.messageType).toBe("string");
        } else {
          expect(typeof result!.problem).toBe("string");
          expect(result!.problem.length).toBeGreaterThan(0);
        }
        expect(({} as Loose).polluted).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});
