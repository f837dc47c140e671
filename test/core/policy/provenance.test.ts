// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore } from "../../../src";
import { auditRecord, auditToCsv, auditToJson, executionRecords } from "../../../src/core/policy";
import { createInterruptAsk, executedEvent, type DecisionRecord } from "../../../src/server";
import { ev } from "../../support/events";
import { fakeAgent } from "../../support/fakeAgent";

/**
 * Issue 25, point 4: provenance in the audit — the arguments proposed, approved (the person's edits)
 * and executed (what the agent reports it ran, or the result of the call the approval was about),
 * a mismatch flagged, the decision's id on every record about it; exported as JSON and CSV.
 */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const ARGS = { path: "/tmp/cache", recursive: true };
const EDITED = { path: "/tmp/cache/old", recursive: false };
const editable = { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } };

function setup() {
  const fake = fakeAgent();
  let n = 0;
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => 10_000 });
  store.getState().sendMessage("Clean up");
  return { fake, store, s: () => store.getState() };
}

/** The agent's call of a tool, then an interrupt about it: approve-with-edits allowed. */
function askAbout(fake: ReturnType<typeof fakeAgent>, interrupt: object = { id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete?", responseSchema: editable }) {
  fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", JSON.stringify(ARGS)), ev.toolEnd("tc1")], { type: "interrupt", interrupts: [interrupt] });
}

describe("the decision's audit record", () => {
  it("holds the arguments proposed and exactly the ones approved, and names itself as the decision", async () => {
    const { fake, s } = setup();
    askAbout(fake);
    await tick();
    expect(s().answer("int-1", { approved: true, editedArgs: EDITED }).ok).toBe(true);
    const record = auditRecord(s().thread.audit.find((r) => r.interactionId === "int-1")!);
    expect(record).toMatchObject({ decision: "approved", proposedArgs: ARGS, approvedArgs: EDITED, decisionId: record.id });
  });

  it("a decline names what was proposed and approves nothing", async () => {
    const { fake, s } = setup();
    askAbout(fake);
    await tick();
    s().decline("int-1");
    const record = s().thread.audit.find((r) => r.interactionId === "int-1")!;
    expect(record).toMatchObject({ decision: "declined", proposedArgs: ARGS });
    expect(record).not.toHaveProperty("approvedArgs");
  });
});

describe("executionRecords", () => {
  it("reads the agent's parley.executed report: what it ran, beside what was approved; flagged when they differ", async () => {
    const { interrupt } = await createInterruptAsk({ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete?", responseSchema: editable }, { args: ARGS, editable: true });
    const { fake, s } = setup();
    askAbout(fake, interrupt);
    await tick();
    s().answer("int-1", { approved: true, editedArgs: EDITED });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const decision = (fake.inputs[1]!.resume![0]!.metadata as { parley: DecisionRecord }).parley;
    // The server ran the arguments as proposed, not as edited.
    fake.play([executedEvent(decision, ARGS, 12_000) as never]);
    const [executed] = executionRecords(s().thread);
    expect(executed).toMatchObject({
      id: `${decision.decisionId}:executed`,
      decision: "executed",
      who: "agent",
      at: 12_000,
      decisionId: decision.decisionId,
      approvedArgs: EDITED,
      executedArgs: ARGS,
      argsMismatch: true,
      suspicious: true,
    });
  });

  it("reads the result of the call the approval was about, with the arguments the agent re-sent for it", async () => {
    const { fake, s } = setup();
    askAbout(fake);
    await tick();
    s().answer("int-1", { approved: true, editedArgs: EDITED });
    // LangGraph re-sends the call after a resume, with the arguments it runs, then its result.
    fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", JSON.stringify(EDITED)), ev.toolEnd("tc1"), ev.toolResult("r1", "tc1", "deleted")]);
    const [executed] = executionRecords(s().thread);
    expect(executed).toMatchObject({ decision: "executed", approvedArgs: EDITED, executedArgs: EDITED, detail: "tool result (call re-sent)" });
    expect(executed).not.toHaveProperty("argsMismatch");
    // Its time: no report said when, and the run that carried the answer gave no timestamp: the decision's.
    expect(executed!.at).toBe(10_000);
  });

  it("an edited approval whose call ran as first sent is flagged", async () => {
    const { fake, s } = setup();
    askAbout(fake);
    await tick();
    s().answer("int-1", { approved: true, editedArgs: EDITED });
    fake.play([ev.toolResult("r1", "tc1", "deleted")]);
    expect(executionRecords(s().thread)[0]).toMatchObject({ executedArgs: ARGS, approvedArgs: EDITED, argsMismatch: true });
  });

  it("says nothing of a decline, of an approval nothing was reported for, or of a report that is not one", async () => {
    const { fake, s } = setup();
    askAbout(fake);
    await tick();
    s().answer("int-1", { approved: true });
    expect(executionRecords(s().thread)).toEqual([]);
    fake.play([{ type: "CUSTOM", name: "parley.executed", value: { interactionId: "int-1" } } as never, { type: "CUSTOM", name: "parley.executed", value: "ran it" } as never]);
    expect(executionRecords(s().thread)).toEqual([]);
  });
});

describe("exports", () => {
  const record = { id: "a1", at: 0, decision: "executed" as const, how: "agent" as const, who: "agent", decisionId: "d1", approvedArgs: { path: "a,b" }, executedArgs: { path: "=cmd" }, argsMismatch: true, suspicious: true };

  it("JSON keeps the arguments as data; CSV as JSON text, quoted", () => {
    expect(JSON.parse(auditToJson([record]))).toEqual([record]);
    const csv = auditToCsv([record]);
    expect(csv.split("\r\n")[1]).toBe('a1,1970-01-01T00:00:00.000Z,executed,agent,agent,,,,,,true,d1,,"{""path"":""a,b""}","{""path"":""=cmd""}",true');
  });

  it("arguments that are not data are left out; very long ones are cut, and said to be", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(auditRecord({ ...record, approvedArgs: cyclic })).not.toHaveProperty("approvedArgs");
    const long = auditRecord({ ...record, executedArgs: { text: "x".repeat(30_000) } }).executedArgs as Record<string, string>;
    expect(long["parley:cut"]).toHaveLength(2_000);
  });
});
