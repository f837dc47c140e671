import type { Meta, StoryObj } from "@storybook/react-vite";
import { Thread } from "../src";
import { e, Kit, storeFrom, user } from "./support/stores";

const meta = {
  title: "Parley/Messages",
  tags: ["autodocs"],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Roles: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom([e.runStarted(), ...e.reasoning("th1", "Checking the timetable first."), e.textStart("a1", { name: "Travel agent" }), e.text("a1", "Done — see the plan."), e.textEnd("a1"), e.runFinished()], {
          initialMessages: [{ id: "s1", role: "system", content: "You are a travel agent." }, user("u1", "Find me a train to Lyon.")],
        })
      }
    >
      <Thread />
    </Kit>
  ),
};

export const SubagentAttribution: Story = {
  render: () => (
    <Kit make={() => storeFrom([e.runStarted(), e.textStart("a1", { name: "Researcher", subagentRunId: "sub-42" }), e.text("a1", "I compared **12** fares."), e.textEnd("a1"), e.runFinished()])}>
      <Thread />
    </Kit>
  ),
};

export const Plan: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom([
          e.activity("p1", "PLAN", {
            steps: [
              { title: "Search trains", status: "completed" },
              { title: "Compare fares", status: "in_progress" },
              { title: "Book", status: "pending" },
              { title: "Pay", status: "failed" },
            ],
          }),
        ])
      }
    >
      <Thread />
    </Kit>
  ),
};

export const UnknownActivityFallback: Story = {
  render: () => (
    <Kit make={() => storeFrom([e.activity("x1", "WEATHER_CARD", { city: "Lyon", html: "<img src=x onerror=alert(1)>" })])}>
      <Thread />
    </Kit>
  ),
};

export const RolesDark: Story = { ...Roles, globals: { theme: "dark" } };

export const PlanDark: Story = { ...Plan, globals: { theme: "dark" } };
