import { describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { EventType } from "@ag-ui/core";
import { SkillsPanel } from "../../src/panels";
import { toSkills } from "../../src/panels";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

describe("toSkills", () => {
  it("reads lists and objects, tool names or { name }, and skips junk", () => {
    expect(toSkills([{ name: "reporting", tools: ["query_sales", { name: "send_mail" }, 3] }, "search", null, { tools: [] }])).toEqual([
      { name: "reporting", active: true, tools: ["query_sales", "send_mail"] },
      { name: "search", active: true, tools: [] },
    ]);
    expect(toSkills({ mail: { description: "Mails", active: false } })).toEqual([{ name: "mail", description: "Mails", active: false, tools: [] }]);
    expect(toSkills("junk")).toEqual([]);
  });
});

describe("SkillsPanel", () => {
  it("lists skills with their tools beside the front-end tools, and follows registration", async () => {
    const store = storeWith([{ type: EventType.STATE_SNAPSHOT, snapshot: { skills: [{ name: "reporting", tools: ["query_sales", "pick_date"] }, { name: "mail", active: false, tools: [] }] } }], {
      defaults: { tools: [{ name: "pick_date", description: "", parameters: {} }] },
    });
    const { container } = renderKit(<SkillsPanel />, store);
    const panel = await screen.findByRole("region", { name: "Skills" });
    const skills = container.querySelectorAll("[data-slot=skills-panel-skill]");
    expect([...skills].map((s) => s.getAttribute("data-state"))).toEqual(["active", "inactive"]);
    expect(within(skills[0] as HTMLElement).getByText("pick_date").closest("li")).toHaveAttribute("data-source", "frontend");
    expect(within(skills[0] as HTMLElement).getByText("query_sales").closest("li")).toHaveAttribute("data-source", "agent");
    await expectNoAxeViolations(container);

    let unregister = () => {};
    act(() => {
      unregister = store.getState().registerTool({ name: "change_background" });
    });
    expect(within(panel).getAllByText("change_background")).toHaveLength(1);
    act(() => unregister());
    expect(within(panel).queryByText("change_background")).toBeNull();
  });

  it("says when the agent names no skills, in Chinese too", async () => {
    renderKit(<SkillsPanel />, storeWith([]), { locale: "zh-CN" });
    expect(await screen.findByText("智能体没有列出技能。")).toBeInTheDocument();
  });
});
