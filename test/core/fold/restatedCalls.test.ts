import { describe, expect, it } from "vitest";
import { applyClientAction } from "../../../src/core";
import { ev } from "../../support/events";
import { fold, interaction } from "../../support/thread";

/**
 * LangGraph's AG-UI integration re-sends a tool call whole (START / ARGS / END) after a resume,
 * before its result — with the person's edits applied, or a form's values filled in. No protocol
 * error; the call keeps the arguments the person saw, and what was re-sent is kept beside them.
 */

const call = (id: string, name: string, args: string) => [ev.toolStart(id, name, "a1"), ev.toolArgs(id, args.slice(0, 5)), ev.toolArgs(id, args.slice(5)), ev.toolEnd(id)];

describe("a finished tool call sent again", () => {
  it("with the same arguments: quiet, nothing doubled", () => {
    const s = fold([ev.runStarted(), ...call("c1", "delete_file", '{"path":"/tmp/x"}'), ev.runFinished(), ev.runStarted("r2"), ...call("c1", "delete_file", '{"path":"/tmp/x"}'), ev.toolResult("res", "c1", "Deleted"), ev.runFinished("r2")]);
    expect(s.errors).toEqual([]);
    expect(s.toolCalls.get("c1")).toMatchObject({ argsText: '{"path":"/tmp/x"}', status: "complete", resultMessageId: "res" });
    expect(s.toolCalls.get("c1")).not.toHaveProperty("restated");
  });

  it("with other arguments (the person's edits applied): kept beside the first, which stay", () => {
    const asked = fold([
      ev.runStarted(), ...call("c1", "delete_file", '{"path":"/tmp/x"}'),
      ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "tool_call", toolCallId: "c1", responseSchema: { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } } }] } }),
    ]);
    const approved = applyClientAction(asked, { type: "answer", interactionId: "i1", response: { approved: true, editedArgs: { path: "/tmp/y" } }, how: "click", at: 1 });
    expect(interaction(approved, "i1").status).toBe("answered");
    const edited = fold([ev.runStarted("r2"), ...call("c1", "delete_file", '{"path":"/tmp/y"}'), ev.runFinished("r2")], approved);
    expect(edited.errors).toEqual([]);
    expect(edited.toolCalls.get("c1")).toMatchObject({ argsText: '{"path":"/tmp/x"}', restatedArgsText: '{"path":"/tmp/y"}' });
    expect(interaction(edited, "i1").status).toBe("answered");
  });

  it("under another tool's name: refused as before", () => {
    const s = fold([ev.runStarted(), ...call("c1", "delete_file", "{}"), ev.toolStart("c1", "wire_money", "a1"), ev.runFinished()]);
    expect(s.errors.map((e) => e.code)).toEqual(["duplicate-id"]);
  });
});
