import type { Meta, StoryObj } from "@storybook/react-vite";
import type { BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import { AuditLog, createThreadStore, interactionRowId, MessageRenderer, PermissionRequestCard, PermissionScopeChoice, PermissionsPanel, type ThreadStore } from "../src";
import { createPermissions, definePolicy, type PermissionsEngine } from "../src/core/policy";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * The permission card's scope choice and outcomes, the permissions panel and the audit log. Each
 * story builds its state through a scripted agent's runs and the store's own actions (`answer`,
 * `revoke`), as the person would — never by hand.
 */
const meta = {
  title: "Parley/Permissions",
  tags: ["autodocs"],
  // PermissionScopeChoice is the scope choice the permission card shows (the ScopeChoice stories).
  subcomponents: { PermissionRequestCard, PermissionScopeChoice, PermissionsPanel, AuditLog },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fixed clock, so times read the same on every run. */
const AT = Date.UTC(2026, 2, 2, 9, 0, 0);
let seq = 0;

const policy = definePolicy([
  { id: "no-wires", match: { name: "wire_money" }, decision: "deny", reason: "Payments are never made from chat." },
  // Test mail may be allowed standing, but only while the app says it is in test mode.
  { id: "test-mail", match: { name: "send_mail" }, decision: "confirm", conditions: [{ label: "in test mode", condition: { "context.mode": "test" } }] },
]);
const permissions = (): PermissionsEngine => createPermissions({ identity: "ana@example.com", sessionId: "s1", policy, context: { mode: "test" } });

/** One run in which the agent asks permission for `operation` (offering `scopes` beyond once, when given). */
function ask(id: string, operation: string, summary: string, categories: string[] = ["privacy"], scopes?: string[]): BaseEvent[] {
  const runId = `run-${id}`;
  return [
    e.runStarted(runId),
    e.toolStart(id, "parley_request_permission", `msg-${id}`),
    e.toolArgs(id, JSON.stringify({ operation, summary, categories, ...(scopes ? { scopes } : {}) })),
    e.toolEnd(id),
    e.runFinished(runId),
  ];
}

/** A store with permissions that heard `turns[0]`; each later `run()` plays the next turn. */
function heard(turns: BaseEvent[][], engine: PermissionsEngine = permissions(), locale?: string): ThreadStore {
  let runs = 0;
  const agent = new ScriptedAgent({ script: () => turns[runs++] ?? [e.runStarted(`next${runs}`), e.runFinished(`next${runs}`)] });
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `p${++seq}`, agent, autoContinue: false, now: () => AT, permissions: engine, ...(locale ? { locale } : {}) });
  store.getState().run();
  return store;
}

const readCustomers = (id: string) => ask(id, "read_customers", "Read customers.xlsx (names, e-mails, regions)");
const archiveMail = (id: string) => ask(id, "archive_mail", "Archive 100 mails older than a year", ["irreversible"], ["batch", "session"]);
const testMail = (id: string) => ask(id, "send_mail", "Send the weekly report to test-inbox@example.com", ["irreversible"]);
const wireMoney = (id: string) => ask(id, "wire_money", "Wire €4,800 to Acme Ltd", ["money"]);

/** The weekly report: read for the session, read again under that grant, a wire the policy forbids, a batch of archiving. */
function weeklyReport(): ThreadStore {
  const store = heard([readCustomers("p1"), readCustomers("p2"), wireMoney("p3"), archiveMail("p4")]);
  const s = store.getState;
  s().answer("p1", { approved: true, scope: "session" });
  s().run(); // p2: approved by the session grant
  s().run(); // p3: declined by the policy
  s().run();
  s().answer("p4", { approved: true, scope: "batch", limit: 1 }); // used up by the approval itself
  return store;
}

function card(make: () => ThreadStore, id: string, locale?: string): Story {
  return {
    render: () => (
      <Kit height="auto" make={make} locale={locale}>
        <div className="pl:p-3">
          <MessageRenderer id={interactionRowId(id)} />
        </div>
      </Kit>
    ),
  };
}

function panel(make: () => ThreadStore, locale?: string): Story {
  return {
    render: () => (
      <Kit height="auto" make={make} locale={locale}>
        <div className="pl:p-3">
          <PermissionsPanel clock={() => AT} />
        </div>
      </Kit>
    ),
  };
}

function auditLog(make: () => ThreadStore, props: { defaultDecision?: "revoked" | "denied_by_policy"; defaultQuery?: string } = {}): Story {
  return {
    render: () => (
      <Kit height="auto" make={make}>
        <div className="pl:p-3">
          <AuditLog {...props} />
        </div>
      </Kit>
    ),
  };
}

// The permission card

/** Privacy: the person may allow once or for the session. */
export const CardScopeChoice = card(() => heard([readCustomers("p1")]), "p1");

/** An app that offers a batch: "Allow these 10", with the count to change. */
export const CardBatchChoice: Story = {
  ...card(() => heard([archiveMail("p1")]), "p1"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Allow these 10" }));
    await expect(canvas.getByRole("spinbutton", { name: "How many operations" })).toHaveValue(10);
  },
};

/** The policy offers a condition: "Allow only in test mode", for a chosen time. */
export const CardConditionalChoice: Story = {
  ...card(() => heard([testMail("p1")]), "p1"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Allow only in test mode" }));
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "For how long" }), "For 1 hour");
    await expect(canvas.getByRole("combobox", { name: "For how long" })).toHaveValue(String(3_600_000));
  },
};

/**
 * An approval the kit refuses says why on the card: the card offered "only in test mode", then the
 * app left test mode before the person pressed Approve, so the condition no longer holds.
 */
export const CardApprovalRefused: Story = {
  ...card(() => {
    let mode = "test";
    const engine = createPermissions({ identity: "ana@example.com", sessionId: "s1", policy, context: () => ({ mode }) });
    const store = heard([testMail("p1")], engine);
    // The card reads its choices when it renders; the app's mode changes just after.
    setTimeout(() => (mode = "live"), 0);
    return store;
  }, "p1"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Allow only in test mode" }));
    await userEvent.click(canvas.getByRole("button", { name: "Send mail" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("A conditional permission was not offered for this request.");
  },
};

/** Approved for test mode for an hour: the card says how far it reached. */
export const CardApprovedConditionally = card(() => {
  const store = heard([testMail("p1")]);
  store.getState().answer("p1", { approved: true, scope: "conditional", condition: { "context.mode": "test" }, expiresIn: 3_600_000 });
  return store;
}, "p1");

export const CardApprovedForSession = card(() => {
  const store = heard([readCustomers("p1")]);
  store.getState().answer("p1", { approved: true, scope: "session" });
  return store;
}, "p1");

/** The second read needed no prompt: the session grant approved it. */
export const CardApprovedByGrant = card(() => {
  const store = heard([readCustomers("p1"), readCustomers("p2")]);
  store.getState().answer("p1", { approved: true, scope: "session" });
  store.getState().run();
  return store;
}, "p2");

export const CardDeniedByPolicy = card(() => heard([wireMoney("p1")]), "p1");

// The permissions panel

export const PanelEmpty = panel(() => heard([readCustomers("p1")]));

/** A live session grant and a used-up batch. */
export const PanelWithGrants: Story = {
  ...panel(weeklyReport),
  play: async ({ canvasElement }) => {
    const states = [...canvasElement.querySelectorAll("[data-slot=permission-grant]")].map((row) => row.getAttribute("data-state"));
    await expect(states).toEqual(["live", "used-up"]);
  },
};

/** The person revoked the session grant: it covers nothing any more. */
export const PanelRevoked = panel(() => {
  const store = weeklyReport();
  store.getState().revoke("grant:p1");
  return store;
});

export const PanelRevokeFocus: Story = {
  ...panel(weeklyReport),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Revoke the permission for read_customers" }));
    const row = canvasElement.querySelector("[data-grant-id='grant:p1']");
    await expect(row).toHaveAttribute("data-state", "revoked");
    await expect(row).toHaveFocus();
  },
};

// The audit log

export const AuditEmpty = auditLog(() => heard([readCustomers("p1")]));

export const AuditWithRecords = auditLog(() => {
  const store = weeklyReport();
  store.getState().revoke("grant:p1");
  return store;
});

export const AuditFiltered = auditLog(() => {
  const store = weeklyReport();
  store.getState().revoke("grant:p1");
  return store;
}, { defaultQuery: "customers" });

// Chinese

export const ChineseLocale: Story = {
  render: () => (
    <Kit
      height="auto"
      locale="zh-CN"
      make={() => {
        const store = heard([ask("p1", "read_customers", "读取 customers.xlsx（姓名、邮箱、地区）"), ask("p2", "read_customers", "再次读取 customers.xlsx")], permissions(), "zh-CN");
        store.getState().answer("p1", { approved: true, scope: "session" });
        store.getState().run();
        return store;
      }}
    >
      <div className="pl:flex pl:flex-col pl:gap-4 pl:p-3">
        <MessageRenderer id={interactionRowId("p2")} />
        <PermissionsPanel clock={() => AT} />
        <AuditLog />
      </div>
    </Kit>
  ),
};

// Dark

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });

export const CardScopeChoiceDark = dark(CardScopeChoice);
export const CardBatchChoiceDark = dark(CardBatchChoice);
export const CardApprovedForSessionDark = dark(CardApprovedForSession);
export const CardApprovedByGrantDark = dark(CardApprovedByGrant);
export const CardDeniedByPolicyDark = dark(CardDeniedByPolicy);
export const CardApprovalRefusedDark = dark(CardApprovalRefused);
export const PanelEmptyDark = dark(PanelEmpty);
export const PanelWithGrantsDark = dark(PanelWithGrants);
export const PanelRevokedDark = dark(PanelRevoked);
export const AuditEmptyDark = dark(AuditEmpty);
export const AuditWithRecordsDark = dark(AuditWithRecords);
export const AuditFilteredDark = dark(AuditFiltered);
export const ChineseLocaleDark = dark(ChineseLocale);
