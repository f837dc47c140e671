import { describe, expect, it } from "vitest";
import { approvalPayload, approvalShapeOf, decisionsShapeOf, editsProblem } from "../../../src/core/interactions/answerShape";
import { customValue, interruptOfCustomValue, readInterrupt } from "../../../src/core/interactions/interruptReading";

/** What each framework reads back for an approval, read from what it sent (issue 22). */

const MAF = { type: "object", properties: { accepted: { type: "boolean" }, path: { type: "string" }, recursive: { type: "boolean" } }, required: ["accepted"], additionalProperties: false };

describe("approvalShapeOf", () => {
  it("MAF: the boolean is `accepted`, and edits go by the arguments' own names", () => {
    expect(approvalShapeOf(MAF)).toEqual({ kind: "approval", key: "accepted", edits: { names: ["path", "recursive"], types: { path: "string", recursive: "boolean" } } });
  });
  it("AG-UI / LangGraph / Mastra: `approved`, with `editedArgs` when listed", () => {
    expect(approvalShapeOf({ type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } })).toEqual({ kind: "approval", key: "approved", edits: "editedArgs" });
    expect(approvalShapeOf({ type: "object", properties: { approved: { type: "boolean" } } })).toEqual({ kind: "approval", key: "approved" });
  });
  it("a form, or an `approved` that is not a boolean, is no approval; own keys only", () => {
    expect(approvalShapeOf({ type: "object", properties: { name: { type: "string" } } })).toBeUndefined();
    expect(approvalShapeOf({ type: "object", properties: { approved: { type: "string" } } })).toBeUndefined();
    expect(approvalShapeOf({ type: "object", properties: Object.create({ approved: { type: "boolean" } }) as object })).toBeUndefined();
  });
});

describe("approvalPayload", () => {
  const maf = approvalShapeOf(MAF)!;
  it("carries the framework's boolean and the changed arguments, nothing of the kit's", () => {
    expect(approvalPayload(maf, true, { path: "/a", recursive: true }, undefined)).toEqual({ accepted: true });
    expect(approvalPayload(maf, true, { path: "/a", recursive: true }, { path: "/b", recursive: true })).toEqual({ accepted: true, path: "/b" });
    expect(approvalPayload(maf, false, { path: "/a" }, { path: "/b" })).toEqual({ accepted: false });
  });
  it("LangChain's decisions, in the spelling the interrupt used", () => {
    const py = decisionsShapeOf({ action_requests: [{ name: "rm", args: { p: 1 } }], review_configs: [{ action_name: "rm", allowed_decisions: ["approve", "edit", "reject"] }] })!;
    expect(approvalPayload(py, true, undefined, undefined)).toEqual({ decisions: [{ type: "approve" }] });
    expect(approvalPayload(py, true, { p: 1 }, { p: 2 })).toEqual({ decisions: [{ type: "edit", edited_action: { name: "rm", args: { p: 2 } } }] });
    const js = decisionsShapeOf({ actionRequests: [{ name: "rm", args: {} }, { name: "mv", args: {} }], reviewConfigs: [] })!;
    expect(js.editable).toBe(false);
    expect(approvalPayload(js, false, undefined, undefined)).toEqual({ decisions: [{ type: "reject" }, { type: "reject" }] });
  });
});

describe("editsProblem", () => {
  it("refuses an argument the framework does not take, or of another type", () => {
    const maf = approvalShapeOf(MAF)!;
    expect(editsProblem(maf, { path: "/a", recursive: true }, { path: "/a", recursive: "yes" })).toBe("recursive must be a boolean.");
    expect(editsProblem(maf, { path: "/a" }, { path: "/a", force: true })).toBe("force cannot be changed here.");
    expect(editsProblem(maf, { path: "/a" }, { path: "/b" })).toBeUndefined();
  });
});

describe("reading an interrupt, whichever framework sent it", () => {
  it("LangGraph's outcome keeps the node's value in metadata.langgraph.raw: its metadata and arguments are read", () => {
    const raw = { reason: "tool_call", message: "Delete /tmp?", toolName: "delete_file", args: { path: "/tmp" }, metadata: { categories: ["destructive"], confirmText: "/tmp" } };
    const reading = readInterrupt({ id: "i1", reason: "tool_call", message: "Delete /tmp?", metadata: { langgraph: { raw } } });
    expect(reading).toMatchObject({ message: "Delete /tmp?", toolName: "delete_file", args: { path: "/tmp" }, metadata: { categories: ["destructive"], confirmText: "/tmp" } });
    expect(reading.metadata).not.toHaveProperty("langgraph");
  });
  it("a bare LangGraph question is answered in words", () => {
    expect(readInterrupt({ id: "i1", reason: "langgraph:interrupt", message: "Which name?", metadata: { langgraph: { raw: "Which name?" } } }).plain).toBe(true);
  });
  it("on_interrupt: a JSON string holding an object is parsed; any other string is the question", () => {
    expect(customValue('{"message":"How many?"}')).toEqual({ message: "How many?" });
    expect(customValue("42")).toBe("42");
    expect(customValue("{not json")).toBe("{not json");
    expect(interruptOfCustomValue('{"reason":"confirmation","message":"Go?"}', "e-1", { id: "abc" })).toMatchObject({ id: "abc", reason: "confirmation", message: "Go?" });
  });
  it("a schema of one value: a string enum is a choice, any other type one field", () => {
    expect(readInterrupt({ id: "i1", reason: "crewai:human_feedback", message: "Approve the plan?", responseSchema: { type: "string", enum: ["approved", "rejected"] } })).toMatchObject({ choices: ["approved", "rejected"] });
    expect(readInterrupt({ id: "i1", reason: "x", message: "How many?", responseSchema: { type: "integer" } })).toMatchObject({ plain: true, schema: { type: "object", properties: { answer: { type: "integer" } }, required: ["answer"] } });
  });

  it("Mastra's suspend: the tool call, its arguments and the resume schema (itself a JSON string)", () => {
    const value = JSON.stringify({ type: "mastra_suspend", toolCallId: "c1", toolName: "send_email", args: { to: "bob" }, resumeSchema: JSON.stringify({ type: "object", properties: { approved: { type: "boolean" } } }) });
    const interrupt = interruptOfCustomValue(value, "e-1")!;
    expect(interrupt).toMatchObject({ reason: "mastra:tool_suspend", toolCallId: "c1", responseSchema: { properties: { approved: { type: "boolean" } } } });
    expect(readInterrupt(interrupt)).toMatchObject({ toolName: "send_email", args: { to: "bob" }, approval: { kind: "approval", key: "approved" } });
  });
});
