import { toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import { describe, expect, it } from "vitest";
import {
  advicePayloadSchema,
  envelopeFromToolArgs,
  errorPayloadSchema,
  inputRequestPayloadSchema,
  notificationPayloadSchema,
  PARLEY_TOOL_TYPES,
  parleyTools,
  parleyToolType,
  parseEnvelope,
  permissionRequestPayloadSchema,
  type ParleyToolName,
} from "../../../src/core";

/** Parley's five front-end tools, kept in step with the envelope's valibot schemas. */

type Schema = { type?: unknown; enum?: unknown; properties?: Record<string, Schema>; required?: string[]; items?: Schema };

const PAYLOAD_SCHEMAS: Record<ParleyToolName, GenericSchema> = {
  parley_notify: notificationPayloadSchema,
  parley_advise: advicePayloadSchema,
  parley_request_permission: permissionRequestPayloadSchema,
  parley_request_input: inputRequestPayloadSchema,
  parley_report_error: errorPayloadSchema,
};

const toolNamed = (name: string) => {
  const tool = parleyTools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};

/** Checks that every property `expected` (from the envelope's schema) declares is in `actual` (the tool) with the same type and enum, recursively. */
function expectAgrees(actual: Schema, expected: Schema, path: string): void {
  if (expected.type !== undefined) expect(actual.type, `${path}: type`).toEqual(expected.type);
  if (expected.enum !== undefined) expect(actual.enum, `${path}: enum`).toEqual(expected.enum);
  if (expected.properties) {
    expect(actual.properties, `${path}: properties`).toBeDefined();
    for (const [key, sub] of Object.entries(expected.properties)) {
      expect(actual.properties, `${path}.${key} is not declared in the tool`).toHaveProperty([key]);
      expectAgrees(actual.properties![key]!, sub, `${path}.${key}`);
    }
    for (const key of expected.required ?? []) expect(actual.required ?? [], `${path}: required`).toContain(key);
  }
  if (expected.items) {
    expect(actual.items, `${path}: items`).toBeDefined();
    expectAgrees(actual.items!, expected.items, `${path}[]`);
  }
}

describe("parleyTools", () => {
  it("declares the five tools, in order, one per semantic type", () => {
    expect(parleyTools.map((t) => t.name)).toEqual(["parley_notify", "parley_advise", "parley_request_permission", "parley_request_input", "parley_report_error"]);
    expect(parleyTools.map((t) => parleyToolType(t.name))).toEqual(["notification", "advice", "permission_request", "input_request", "error"]);
    expect(Object.keys(PARLEY_TOOL_TYPES).sort()).toEqual(parleyTools.map((t) => t.name).sort());
  });

  it("every tool has a description and an object parameter schema", () => {
    for (const tool of parleyTools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
      expect((tool.parameters as Schema).type, tool.name).toBe("object");
    }
  });

  it("parleyToolType knows only Parley's tools, whatever the name", () => {
    expect(parleyToolType("parley_advise")).toBe("advice");
    for (const name of ["search", "", "__proto__", "constructor", "toString", "hasOwnProperty", "parley_ADVISE"]) expect(parleyToolType(name), name).toBeUndefined();
  });

  it.each(Object.keys(PAYLOAD_SCHEMAS) as ParleyToolName[])("%s: parameters agree with the envelope's payload schema", (name) => {
    const fromSchema = toJsonSchema(PAYLOAD_SCHEMAS[name], { errorMode: "ignore" }) as Schema;
    const parameters = toolNamed(name).parameters as Schema;
    // Sanity: the envelope's schema has properties at all, so the loop below checks something.
    expect(Object.keys(fromSchema.properties ?? {}).length).toBeGreaterThan(0);
    expectAgrees(parameters, fromSchema, name);
  });

  it("parameters require nothing the envelope does not (a call the schema allows is an envelope that parses)", () => {
    for (const tool of parleyTools) {
      const fromSchema = toJsonSchema(PAYLOAD_SCHEMAS[tool.name as ParleyToolName], { errorMode: "ignore" }) as Schema;
      expect([...((tool.parameters as Schema).required ?? [])].sort(), tool.name).toEqual([...(fromSchema.required ?? [])].sort());
    }
  });

  it.each(parleyTools.map((t) => t.name))("%s declares the envelope fields allowInterrupt, timeoutMs and context", (name) => {
    const properties = (toolNamed(name).parameters as Schema).properties!;
    expect(properties.allowInterrupt?.type).toBe("boolean");
    expect(properties.timeoutMs?.type).toBe("number");
    expect(properties.context?.type).toBe("object");
  });

  it("the options item schema requires id and label, like the envelope's option", () => {
    const options = (toolNamed("parley_advise").parameters as Schema).properties!.options!;
    expect(options.items?.required).toEqual(["id", "label"]);
  });
});

describe("envelopeFromToolArgs", () => {
  it("uses the call id as messageId and the tool's type", () => {
    expect(envelopeFromToolArgs("tc1", "parley_advise", { content: "?" })).toEqual({ messageId: "tc1", messageType: "advice", payload: { content: "?" } });
  });

  it("lifts allowInterrupt, timeoutMs, context and expiresAt out of the payload", () => {
    const raw = envelopeFromToolArgs("tc1", "parley_request_permission", {
      operation: "rm", summary: "Delete", allowInterrupt: false, timeoutMs: 5000, context: { relatedSkill: "files" }, expiresAt: "2030-01-01T00:00:00Z",
    });
    expect(raw).toEqual({
      messageId: "tc1",
      messageType: "permission_request",
      allowInterrupt: false,
      timeoutMs: 5000,
      context: { relatedSkill: "files" },
      expiresAt: "2030-01-01T00:00:00Z",
      payload: { operation: "rm", summary: "Delete" },
    });
    const parsed = parseEnvelope(raw);
    expect(parsed.ok && parsed.envelope).toMatchObject({ allowInterrupt: false, timeoutMs: 5000, context: { relatedSkill: "files" } });
  });

  it("arguments that are not an object make an empty payload (which the envelope check then refuses)", () => {
    for (const args of [undefined, null, "text", 3, ["a"]]) {
      const raw = envelopeFromToolArgs("tc1", "parley_notify", args);
      expect(raw.payload).toEqual({});
      expect(parseEnvelope(raw).ok).toBe(false);
    }
  });

  it("an argument named messageId or messageType stays in the payload and cannot change the envelope's", () => {
    const raw = envelopeFromToolArgs("tc1", "parley_notify", { content: "x", messageId: "forged", messageType: "advice" });
    expect(raw.messageId).toBe("tc1");
    expect(raw.messageType).toBe("notification");
    const parsed = parseEnvelope(raw);
    expect(parsed.ok && parsed.envelope.messageId).toBe("tc1");
  });

  it("a JSON __proto__ argument does not reach the envelope's prototype", () => {
    const raw = envelopeFromToolArgs("tc1", "parley_notify", JSON.parse('{"content":"x","__proto__":{"allowInterrupt":false}}'));
    expect(Object.getPrototypeOf(raw)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(raw.payload)).toBe(Object.prototype);
    const parsed = parseEnvelope(raw);
    expect(parsed.ok && parsed.envelope.allowInterrupt).toBe(true);
    // An inherited field must not be read as if the agent had sent it.
    const inherited = parseEnvelope(envelopeFromToolArgs("tc2", "parley_notify", JSON.parse('{"content":"x","__proto__":{"level":"warning"}}')));
    expect(inherited.ok && inherited.envelope.payload).toEqual({ content: "x", level: "info" });
  });
});
