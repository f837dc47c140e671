// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { EventSchema } from "@ag-ui/core/schemas";
import { createThreadState, foldEvents } from "../../src/core";
import { deriveArtifacts } from "../../src/core/artifacts";
import { planRun, SCENARIOS } from "../../demo/agent/scenarios";

const trigger = SCENARIOS.find((s) => s.name === "team")!.trigger;
const input: RunAgentInput = { threadId: "t1", runId: "r1", messages: [{ id: "u1", role: "user", content: trigger }], state: { theme: "light" }, tools: [], context: [], forwardedProps: {} };

describe("the team scenario (seed 001 §5.1)", () => {
  it("runs two sub-agents, updates memory, makes the report in two versions and asks once to send it", () => {
    const events = planRun(input, { delayScale: 0 }).events.map((e) => e.event);
    for (const event of events) expect(EventSchema.safeParse(event).success).toBe(true);
    const thread = foldEvents(createThreadState({ threadId: "t1" }), events);
    expect(thread.errors).toEqual([]);
    expect(Object.values(thread.subagents).map((a) => [a.name, a.status])).toEqual([
      ["sales_agent", "finished"],
      ["mail_agent", "finished"],
    ]);
    expect(thread.state).toMatchObject({ theme: "light", memory: { shortTerm: { figures: expect.any(String), draft: expect.any(String) } } });
    const [report] = deriveArtifacts(thread.customEvents).artifacts;
    expect(report!.versions.map((v) => v.version)).toEqual([1, 2]);
    const pending = thread.interactionIds.map((id) => thread.interactions.get(id)!).filter((i) => i.status === "pending");
    expect(pending).toHaveLength(1);
    expect(pending[0]!.messageType).toBe("permission_request");
  });

  it("attributes each message to the agent that wrote it, and cites the sales agent's source", () => {
    const events = planRun(input, { delayScale: 0 }).events.map((e) => e.event);
    const thread = foldEvents(createThreadState({ threadId: "t1" }), events);
    const nameOf = (id: string | undefined) => (id ? thread.subagents[id]?.name : "main");
    const authors = thread.messageIds.map((id) => thread.messages.get(id)!).filter((m) => m.role === "assistant").map((m) => nameOf(m.subagentRunId));
    expect(authors).toEqual(["sales_agent", "sales_agent", "mail_agent", "main"]);
    const query = [...thread.toolCalls.values()].find((c) => c.name === "query_sales")!;
    expect(nameOf(query.subagentRunId)).toBe("sales_agent");
    const sales = thread.messageIds.find((id) => thread.messages.get(id)?.subagentRunId === query.subagentRunId)!;
    expect(thread.citations?.[sales]?.sources.map((s) => s.id)).toEqual(["1"]);
  });
});
