import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import { AuditLog, createThreadStore, interactionRowId, MessageRenderer, PermissionRequestCard, PermissionScopeChoice, PermissionsPanel, type ThreadStore } from "../src";
import { createPermissions, definePolicy, type PermissionsEngine } from "../src/core/policy";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * The permission card's scope choice, "never allow" and outcomes, the grants page (PermissionsPanel:
 * allowed without asking, never allowed, ended) and the audit log with its provenance. Each
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
const deleteFiles = (id: string) => ask(id, "mcp:files/delete", "Delete 12 files in /reports/2024", ["destructive"]);
const moveFiles = (id: string) => ask(id, "mcp:files/move", "Move /drafts to /archive", ["destructive"]);

/** Files refused for good from its server's namespace (which then declined a move without asking), and customers read for the session. */
function refusals(locale?: string): ThreadStore {
  const store = heard([deleteFiles("p1"), moveFiles("p2"), readCustomers("p3")], permissions(), locale);
  const s = store.getState;
  s().answer("p1", { approved: false, never: "mcp:files/*" });
  s().run(); // p2: declined by the refusal, without asking
  s().run();
  s().answer("p3", { approved: true, scope: "session" });
  return store;
}

/**
 * Everything ended: a refusal and a session grant the person revoked, a batch its one approval
 * used up, and an hour in test mode that ran out (the page is read two hours later, `LATER`).
 */
function allEnded(locale?: string): ThreadStore {
  const store = heard([deleteFiles("p1"), testMail("p2"), archiveMail("p3"), readCustomers("p4")], permissions(), locale);
  const s = store.getState;
  s().answer("p1", { approved: false, never: "mcp:files/*" });
  s().run();
  s().answer("p2", { approved: true, scope: "conditional", condition: { "context.mode": "test" }, expiresIn: 3_600_000 });
  s().run();
  s().answer("p3", { approved: true, scope: "batch", limit: 1 });
  s().run();
  s().answer("p4", { approved: true, scope: "session" });
  s().revoke("refusal:p1");
  s().revoke("grant:p4");
  return store;
}
const LATER = AT + 2 * 3_600_000;

/** The agent reports it ran the approved call with other arguments than approved (CUSTOM parley.executed). */
function ranOtherArguments(): ThreadStore {
  const interrupt = { id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete /tmp/cache?" };
  const turns: BaseEvent[][] = [
    [
      e.runStarted("r1"),
      e.toolStart("tc1", "delete_files", "m1"),
      e.toolArgs("tc1", JSON.stringify({ path: "/tmp/cache" })),
      e.toolEnd("tc1"),
      { type: EventType.RUN_FINISHED, threadId: "story", runId: "r1", outcome: { type: "interrupt", interrupts: [interrupt] } },
    ],
    [e.runStarted("r2"), { type: EventType.CUSTOM, name: "parley.executed", value: { interactionId: "int-1", args: { path: "/" } } }, e.runFinished("r2")],
  ];
  const store = heard(turns);
  store.getState().answer("int-1", { approved: true });
  store.getState().run();
  return store;
}

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

function panel(make: () => ThreadStore, locale?: string, at = AT): Story {
  return {
    render: () => (
      <Kit height="auto" make={make} locale={locale}>
        <div className="pl:p-3">
          <PermissionsPanel clock={() => at} />
        </div>
      </Kit>
    ),
  };
}

function auditLog(make: () => ThreadStore, props: { defaultDecision?: "revoked" | "denied_by_policy"; defaultQuery?: string } = {}, locale?: string): Story {
  return {
    render: () => (
      <Kit height="auto" make={make} locale={locale}>
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

/** "Never allow": the operation itself, or everything from its server's namespace. */
export const CardNeverAllow: Story = {
  ...card(() => heard([deleteFiles("p1")]), "p1"),
  play: async ({ canvasElement }) => {
    const offered = [...canvasElement.querySelectorAll("[data-slot=permission-never-allow]")].map((b) => b.getAttribute("data-reach"));
    await expect(offered).toEqual(["operation", "namespace"]);
  },
};

/** Declined with "never allow anything from mcp:files/": the card says what is refused from now on. */
export const CardRefused = card(() => {
  const store = heard([deleteFiles("p1")]);
  store.getState().answer("p1", { approved: false, never: "mcp:files/*" });
  return store;
}, "p1");

/** A later request under the refused namespace, declined without asking: the card cites the refusal. */
export const CardDeclinedByRefusal = card(refusals, "p2");

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

/** The grants page with a refusal: allowed without asking, never allowed (with what it declined), and nothing ended yet. */
export const PanelWithRefusal: Story = {
  ...panel(refusals),
  play: async ({ canvasElement }) => {
    const groups = [...canvasElement.querySelectorAll("[data-slot=permissions-group]")].map((g) => `${g.getAttribute("data-group")}:${g.querySelectorAll("[data-slot=permission-grant]").length}`);
    await expect(groups).toEqual(["allowed:1", "refused:1"]);
  },
};

/** Revoking a refusal: it moves to Ended, focus goes with it, and the agent may ask again. */
export const PanelRevokeRefusal: Story = {
  ...panel(refusals),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Revoke the refusal of everything under mcp:files/: the agent may ask again" }));
    const row = canvasElement.querySelector("[data-grant-id='refusal:p1']");
    await expect(row?.closest("[data-slot=permissions-group]")).toHaveAttribute("data-group", "ended");
    await expect(row).toHaveFocus();
  },
};

/** Nothing stands any more: every row is under Ended, with why (revoked, used up, expired), and no Revoke. */
export const PanelEnded: Story = {
  ...panel(() => allEnded(), undefined, LATER),
  play: async ({ canvasElement }) => {
    const groups = [...canvasElement.querySelectorAll("[data-slot=permissions-group]")].map((g) => `${g.getAttribute("data-group")}:${g.querySelectorAll("[data-slot=permission-grant]").length}`);
    await expect(groups).toEqual(["allowed:0", "refused:0", "ended:4"]);
    const rows = [...canvasElement.querySelectorAll("[data-group=ended] [data-slot=permission-grant]")].map((row) => `${row.getAttribute("data-effect")}:${row.getAttribute("data-state")}`);
    await expect(rows.sort()).toEqual(["allow:expired", "allow:revoked", "allow:used-up", "deny:revoked"]);
    await expect(canvasElement.querySelector("[data-slot=permission-revoke]")).toBeNull();
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

/** A refusal and what it declined, in the log. */
export const AuditWithRefusal = auditLog(refusals);

/** Provenance: the arguments proposed, approved and run — here run with other ones, flagged. */
export const AuditProvenance: Story = {
  ...auditLog(ranOtherArguments),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByText("Arguments")[0]!);
    await expect(canvasElement.querySelector("[data-slot=audit-record][data-decision=executed]")).toHaveAttribute("data-args-mismatch", "true");
  },
};

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

/** The grants page in Chinese: allowed without asking, never allowed (with what it declined without asking). */
export const PanelChinese: Story = {
  ...panel(() => refusals("zh-CN"), "zh-CN"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "代理无需询问你即可做的事" })).toBeVisible();
    await expect(canvas.getByRole("region", { name: "永不允许" })).toHaveTextContent("未询问你即拒绝了 1 次请求");
    await expect(canvas.getByRole("button", { name: "撤销对 mcp:files/ 下的所有操作 的拒绝：代理可以再次询问" })).toHaveTextContent("撤销");
  },
};

/** Everything ended, in Chinese. */
export const PanelEndedChinese = panel(() => allEnded("zh-CN"), "zh-CN", LATER);

/** The empty page in Chinese: the agent asks first, nothing refused. */
export const PanelEmptyChinese = panel(() => heard([readCustomers("p1")], permissions(), "zh-CN"), "zh-CN");

// The grants page in the other shipped languages (Arabic right to left)

export const PanelGerman = panel(refusals, "de");
export const PanelSpanish = panel(refusals, "es");
export const PanelJapanese = panel(refusals, "ja");
export const PanelArabic = panel(refusals, "ar");
export const CardRefusedChinese = card(() => {
  const store = heard([deleteFiles("p1")], permissions(), "zh-CN");
  store.getState().answer("p1", { approved: false, never: "mcp:files/*" });
  return store;
}, "p1", "zh-CN");
export const AuditProvenanceChinese = auditLog(ranOtherArguments, {}, "zh-CN");

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
export const CardNeverAllowDark = dark(CardNeverAllow);
export const CardRefusedDark = dark(CardRefused);
export const CardDeclinedByRefusalDark = dark(CardDeclinedByRefusal);
export const PanelWithRefusalDark = dark(PanelWithRefusal);
export const PanelRevokeRefusalDark = dark(PanelRevokeRefusal);
export const PanelEndedDark = dark(PanelEnded);
export const PanelChineseDark = dark(PanelChinese);
export const AuditWithRefusalDark = dark(AuditWithRefusal);
export const AuditProvenanceDark = dark(AuditProvenance);
export const PanelArabicDark = dark(PanelArabic);
export const CardRefusedChineseDark = dark(CardRefusedChinese);
