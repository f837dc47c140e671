import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent } from "@ag-ui/core";
import { AuditLog, MessageRenderer, PermissionsPanel } from "../../src/components";
import { createPermissions, definePolicy, type PermissionsEngine } from "../../src/core/policy";
import type { Interaction } from "../../src/core/interactions";
import { createThreadStore, type ThreadStore } from "../../src/store/createThreadStore";
import { ScriptedAgent } from "../../src/testing";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit } from "./support";

/**
 * The permission components through a real store with permissions: the scope choice makes grants,
 * the panel lists and revokes them, the audit log filters and exports — each decision made through
 * the store's door, as the person would.
 */

const AT = Date.UTC(2026, 2, 2, 9, 0, 0);
let ids = 0;

const ana = () => createPermissions({ identity: "ana@example.com", sessionId: "s1", policy: definePolicy([{ match: { name: "wire_money" }, decision: "deny", reason: "Never from chat." }]) });

/** One run in which the agent asks permission for `operation` (offering `scopes` beyond once, when given). */
function ask(id: string, operation: string, categories: string[] = ["privacy"], scopes?: string[]): BaseEvent[] {
  const runId = `run-${id}`;
  const args = { operation, summary: `Allow ${operation}?`, categories, ...(scopes ? { scopes } : {}) };
  return [ev.runStarted(runId), ev.toolStart(id, "parley_request_permission"), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id), ev.runFinished(runId)];
}

/** A store with `permissions` that heard `turns[0]`; each later `run()` plays the next turn. */
function heard(turns: BaseEvent[][], permissions: PermissionsEngine = ana()): ThreadStore {
  let runs = 0;
  const agent = new ScriptedAgent({ script: () => turns[runs++] ?? [ev.runStarted(`next${runs}`), ev.runFinished(`next${runs}`)] });
  const store = createThreadStore({ batch: "sync", createId: () => `id-${++ids}`, agent, autoContinue: false, now: () => AT, permissions });
  store.getState().run();
  return store;
}

const interaction = (store: ThreadStore, id: string): Interaction => store.getState().thread.interactions.get(id)!;
const card = (store: ThreadStore, id: string) => <MessageRenderer id={interaction(store, id).rowId} />;
const decisions = (store: ThreadStore) => store.getState().thread.audit.map((r) => `${r.decision}:${r.how}`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("PermissionRequestCard: the scope choice", () => {
  it("approving for this session makes a session grant", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "read_customers")]);
    const { container } = renderKit(card(store, "p1"), store);
    const section = screen.getByRole("group", { name: "Allow read_customers?" });
    const choice = within(section).getByRole("radiogroup", { name: "How far does this approval reach?" });
    expect(within(choice).getAllByRole("radio").map((r) => r.textContent)).toEqual(["Allow once", "Allow for this session"]);
    expect(within(choice).getByRole("radio", { name: "Allow once" })).toBeChecked();
    await expectNoAxeViolations(container);

    await user.click(within(choice).getByRole("radio", { name: "Allow for this session" }));
    await user.click(screen.getByRole("button", { name: "Approve" }));

    expect(interaction(store, "p1")).toMatchObject({ status: "answered", response: { approved: true, scope: "session", grantId: "grant:p1" } });
    expect(store.getState().thread.grants).toMatchObject([{ id: "grant:p1", operation: "read_customers", scope: "session", grantedBy: "ana@example.com", sessionId: "s1" }]);
    expect(decisions(store)).toEqual(["approved:click", "granted:click"]);
    expect(section).toHaveTextContent("Approved for this session: a permission was recorded");
    expect(section).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it("a conditional approval ('only in test mode') takes the policy's condition, and covers the next request only while it holds", async () => {
    const user = userEvent.setup();
    const testMode = { label: "in test mode", condition: { "context.mode": "test" } };
    const policy = definePolicy([{ match: { name: "send_mail" }, decision: "confirm", conditions: [testMode] }]);
    let mode = "test";
    const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1", policy, context: () => ({ mode }) });
    const store = heard([ask("p1", "send_mail", ["irreversible"]), ask("p2", "send_mail", ["irreversible"]), ask("p3", "send_mail", ["irreversible"])], permissions);
    const { container } = renderKit(card(store, "p1"), store);
    const choice = screen.getByRole("radiogroup", { name: "How far does this approval reach?" });
    // Irreversible: no session grant by default, but the policy's condition is offered.
    expect(within(choice).getAllByRole("radio").map((r) => r.textContent)).toEqual(["Allow once", "Allow only in test mode"]);
    await user.click(within(choice).getByRole("radio", { name: "Allow only in test mode" }));
    const expiry = screen.getByRole("combobox", { name: "For how long" });
    expect(within(expiry).getAllByRole("option").map((o) => o.textContent)).toEqual(["No time limit", "For 15 minutes", "For 1 hour", "For 8 hours"]);
    await user.selectOptions(expiry, "For 1 hour");
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Send mail" }));

    expect(interaction(store, "p1").response).toMatchObject({ approved: true, scope: "conditional", condition: { "context.mode": "test" }, expiresIn: 3_600_000 });
    expect(store.getState().thread.grants).toMatchObject([{ scope: "conditional", condition: { "context.mode": "test" }, expiresAt: AT + 3_600_000, grantedBy: "ana@example.com" }]);
    // The next request in test mode is approved by that grant, without a prompt.
    await act(async () => store.getState().run());
    expect(interaction(store, "p2")).toMatchObject({ status: "answered", how: "grant" });
    // The app switches to live mode: the grant no longer covers the request; the person is asked.
    mode = "live";
    await act(async () => store.getState().run());
    expect(interaction(store, "p3").status).toBe("pending");
  });

  it("a request that names no operation offers no standing scope (a grant needs an operation to cover)", () => {
    // A LangGraph `confirmation` interrupt: a question, no tool call, no operation.
    const store = heard([[ev.runStarted("r1"), ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts: [{ id: "int-1", reason: "confirmation", message: "Go ahead?", metadata: { categories: ["privacy"] } }] } })]]);
    renderKit(card(store, "int-1"), store);
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.getByRole("button", { name: "Approve" })).toBeEnabled();
  });

  it("an approval the kit refuses says why on the card, in words", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "read_customers")]);
    renderKit(card(store, "p1"), store);
    // The engine refuses the grant it is asked for (e.g. the policy changed under the open card).
    vi.spyOn(store.getState().permissions!, "grantFor").mockReturnValue({ ok: false, problem: "A session permission was not offered for this request." });
    await user.click(screen.getByRole("radio", { name: "Allow for this session" }));
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(interaction(store, "p1").status).toBe("pending");
    expect(screen.getByRole("alert")).toHaveTextContent("A session permission was not offered for this request.");
  });

  it("offers no conditional scope when the condition does not hold now, nor under typed confirmation", () => {
    const testMode = { label: "in test mode", condition: { "context.mode": "test" } };
    const live = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "send_mail" }, decision: "confirm", conditions: [testMode] }]), context: { mode: "live" } });
    const store = heard([ask("p1", "send_mail", ["irreversible"])], live);
    renderKit(card(store, "p1"), store);
    expect(screen.queryByRole("radiogroup")).toBeNull();
    const typed = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "send_mail" }, decision: "typed-confirm", conditions: [testMode] }]), context: { mode: "test" } });
    const other = heard([ask("p9", "send_mail", ["irreversible"])], typed);
    expect(typed.assess(other.getState().thread.interactions.get("p9")!.envelope!.payload as never, [], { now: AT })).toMatchObject({ kind: "ask", scopes: ["once"], conditions: [], expiries: [] });
  });

  it("a batch approval sends the number the person typed, 1 to 1000", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "archive_mail", ["irreversible"], ["batch", "session"])]);
    const { container } = renderKit(card(store, "p1"), store);
    expect(screen.queryByRole("spinbutton")).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Allow these 10" }));
    const count = screen.getByRole("spinbutton", { name: "How many operations" });
    expect(count).toHaveValue(10);
    await expectNoAxeViolations(container);

    fireEvent.change(count, { target: { value: "0" } });
    expect(count).toHaveAttribute("aria-invalid", "true");
    expect(count).toHaveAccessibleDescription("Enter a whole number from 1 to 1000.");
    expect(screen.getByRole("button", { name: "Archive mail" })).toBeDisabled();
    fireEvent.change(count, { target: { value: "1001" } });
    expect(screen.getByRole("button", { name: "Archive mail" })).toBeDisabled();

    fireEvent.change(count, { target: { value: "100" } });
    expect(screen.getByRole("radio", { name: "Allow these 100" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Archive mail" }));
    expect(interaction(store, "p1").response).toMatchObject({ approved: true, scope: "batch", limit: 100 });
    expect(store.getState().thread.grants).toMatchObject([{ scope: "batch", limit: 100, uses: 1 }]);
    expect(screen.getByRole("group", { name: "Allow archive_mail?" })).toHaveTextContent("Approved for 100 operations: a permission was recorded");
  });

  it("with only `once` to offer, the card looks as it always did and approves once", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "delete_file", ["destructive"])]);
    renderKit(card(store, "p1"), store);
    expect(screen.queryByRole("radiogroup")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Delete file" }));
    expect(interaction(store, "p1").response).toEqual({ approved: true });
    expect(store.getState().thread.grants).toEqual([]);
  });

  it("says when an earlier permission approved it, or the app's policy declined it", async () => {
    const store = heard([ask("p1", "read_customers"), ask("p2", "read_customers"), ask("p3", "wire_money", ["money"])]);
    store.getState().answer("p1", { approved: true, scope: "session" });
    act(() => void store.getState().run());
    act(() => void store.getState().run());
    expect(interaction(store, "p2")).toMatchObject({ status: "answered", how: "grant" });
    expect(interaction(store, "p3")).toMatchObject({ status: "declined", how: "policy" });

    const { container } = renderKit(
      <>
        {card(store, "p2")}
        {card(store, "p3")}
      </>,
      store,
    );
    const byGrant = container.querySelector("[data-interaction-id=p2]")!;
    expect(within(byGrant as HTMLElement).queryByRole("radiogroup")).toBeNull();
    expect(byGrant).toHaveTextContent("Approved by your earlier permission (for this session)");
    const byPolicy = container.querySelector("[data-interaction-id=p3]")!;
    expect(byPolicy).toHaveAttribute("data-state", "declined");
    expect(byPolicy).toHaveTextContent("Declined by the app's policy: Never from chat.");
    await expectNoAxeViolations(container);
  });
});

describe("PermissionsPanel", () => {
  it("says so when nothing is granted", async () => {
    const store = heard([ask("p1", "read_customers")]);
    const { container } = renderKit(<PermissionsPanel />, store);
    const page = screen.getByRole("region", { name: "What the agent may do without asking you" });
    expect(within(page).getByRole("region", { name: "Allowed without asking" })).toHaveTextContent("Nothing: the agent asks you first.");
    expect(within(page).getByRole("region", { name: "Never allowed" })).toHaveTextContent("Nothing refused for good.");
    await expectNoAxeViolations(container);
  });

  it("lists each grant with its status, and Revoke ends a live one at once", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "read_customers"), ask("p2", "archive_mail", ["irreversible"], ["batch", "session"])]);
    store.getState().answer("p1", { approved: true, scope: "session" });
    act(() => void store.getState().run());
    // A batch of one: the approval that made it used it up.
    store.getState().answer("p2", { approved: true, scope: "batch", limit: 1 });
    const { container } = renderKit(<PermissionsPanel />, store);

    const rows = container.querySelectorAll("[data-slot=permission-grant]");
    expect([...rows].map((r) => `${r.getAttribute("data-grant-id")}:${r.getAttribute("data-state")}`)).toEqual(["grant:p1:live", "grant:p2:used-up"]);
    expect(rows[0]).toHaveTextContent("read_customers");
    expect(rows[0]).toHaveTextContent("for this session");
    expect(rows[0]).toHaveTextContent("1 used");
    expect(rows[0]).toHaveTextContent("ana@example.com");
    expect(rows[0]).toHaveTextContent("When this session ends");
    // The live one is allowed without asking; the used-up one has ended.
    expect(rows[0]!.closest("[data-slot=permissions-group]")).toHaveAttribute("data-group", "allowed");
    expect(rows[1]!.closest("[data-slot=permissions-group]")).toHaveAttribute("data-group", "ended");
    expect(rows[1]).toHaveTextContent("1 used, 0 left");
    expect(rows[1]).toHaveTextContent("Used up");
    expect(within(rows[1] as HTMLElement).queryByRole("button")).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Revoke the permission for read_customers" }));
    expect(store.getState().thread.grants[0]).toMatchObject({ revokedAt: AT, revokedBy: "ana@example.com" });
    expect(store.getState().thread.audit.at(-1)).toMatchObject({ decision: "revoked", how: "click", grantId: "grant:p1", operation: "read_customers" });
    // The row moved to "Ended", and focus went with it.
    const revoked = container.querySelector("[data-grant-id='grant:p1']")!;
    expect(revoked).toHaveAttribute("data-state", "revoked");
    expect(revoked.closest("[data-slot=permissions-group]")).toHaveAttribute("data-group", "ended");
    expect(revoked).toHaveTextContent("Revoked by ana@example.com");
    expect(revoked).toHaveFocus();
    expect(screen.queryByRole("button", { name: /Revoke/ })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("re-reads the clock every 30 s, so an expired grant shows as expired", () => {
    vi.useFakeTimers();
    try {
      const store = heard([ask("p1", "read_customers")]);
      store.getState().answer("p1", { approved: true, scope: "session" });
      // A grant with an expiry, as an app restoring one from storage would have it.
      store.setState((s) => ({ thread: { ...s.thread, grants: s.thread.grants.map((g) => ({ ...g, expiresAt: AT + 45_000 })) } }));
      let clock = AT;
      const { container } = renderKit(<PermissionsPanel clock={() => clock} />, store);
      const row = () => container.querySelector("[data-slot=permission-grant]")!;
      expect(row()).toHaveAttribute("data-state", "live");
      clock = AT + 60_000;
      act(() => void vi.advanceTimersByTime(30_000));
      expect(row()).toHaveAttribute("data-state", "expired");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("AuditLog", () => {
  it("says so when nothing is recorded", async () => {
    const store = heard([ask("p1", "read_customers")]);
    const { container } = renderKit(<AuditLog />, store);
    expect(screen.getByRole("region", { name: "Audit log" })).toHaveTextContent("Nothing has been decided yet.");
    await expectNoAxeViolations(container);
  });

  /** Approved for the session, approved by that grant, denied by policy, then revoked. */
  function busy(): ThreadStore {
    const store = heard([ask("p1", "read_customers"), ask("p2", "read_customers"), ask("p3", "wire_money", ["money"])]);
    store.getState().answer("p1", { approved: true, scope: "session" });
    act(() => void store.getState().run());
    act(() => void store.getState().run());
    store.getState().revoke("grant:p1");
    return store;
  }

  it("lists the records newest first, filters by decision and operation", async () => {
    const user = userEvent.setup();
    const store = busy();
    const { container } = renderKit(<AuditLog />, store);
    const decisionsShown = () => [...container.querySelectorAll("[data-slot=audit-record]")].map((r) => r.getAttribute("data-decision"));
    expect(decisionsShown()).toEqual(["revoked", "denied_by_policy", "approved_by_grant", "granted", "approved"]);
    const first = container.querySelector("[data-slot=audit-record]")!;
    expect(first).toHaveTextContent("Revoked");
    expect(first).toHaveTextContent("Click");
    expect(first).toHaveTextContent("ana@example.com");
    expect(first).toHaveTextContent("grant:p1");
    expect(screen.getByRole("status")).toHaveTextContent("5 records");
    await expectNoAxeViolations(container);

    await user.selectOptions(screen.getByRole("combobox", { name: "Decision" }), "Denied by policy");
    expect(decisionsShown()).toEqual(["denied_by_policy"]);
    expect(screen.getByRole("status")).toHaveTextContent("1 of 5 records");

    await user.selectOptions(screen.getByRole("combobox", { name: "Decision" }), "All decisions");
    await user.type(screen.getByRole("searchbox", { name: "Search by operation" }), "CUSTOMERS");
    expect(decisionsShown()).toEqual(["revoked", "approved_by_grant", "granted", "approved"]);

    await user.selectOptions(screen.getByRole("combobox", { name: "Decision" }), "Timed out");
    expect(screen.getByText("No record matches these filters.")).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("exports the records shown as JSON and CSV", async () => {
    const user = userEvent.setup();
    const store = busy();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:parley/${blobs.length}`;
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderKit(<AuditLog defaultDecision="revoked" filename="audit" />, store);

    await user.click(screen.getByRole("button", { name: "Export JSON" }));
    expect(clicks[0]).toMatchObject({ download: "audit.json", href: "blob:parley/1" });
    expect(JSON.parse(await blobs[0]!.text())).toMatchObject([{ decision: "revoked", grantId: "grant:p1", who: "ana@example.com" }]);

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(clicks[1]).toMatchObject({ download: "audit.csv" });
    const csv = (await blobs[1]!.text()).replace(/^\uFEFF/, "");
    expect(csv.split("\r\n")[0]).toBe("id,at,decision,how,who,interactionId,messageType,operation,grantId,detail,suspicious,decisionId,proposedArgs,approvedArgs,executedArgs,argsMismatch");
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(csv).toContain(",revoked,click,ana@example.com,");
    // The temporary link is gone.
    expect(document.querySelector("a[download]")).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe("labels", () => {
  it("speaks Chinese", async () => {
    const store = heard([ask("p1", "read_customers")]);
    store.getState().answer("p1", { approved: true, scope: "session" });
    const { container } = renderKit(
      <>
        <PermissionsPanel />
        <AuditLog />
      </>,
      store,
      { locale: "zh-CN" },
    );
    expect(screen.getByRole("region", { name: "代理无需询问你即可做的事" })).toHaveTextContent("有效");
    expect(screen.getByRole("button", { name: "撤销 read_customers 的授权" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "审计日志" })).toHaveTextContent("已授权");
    expect(screen.getByRole("button", { name: "导出 CSV" })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe("never allow (issue 25, point 5)", () => {
  it("the card offers to refuse the operation or its namespace for good; the settled card says what was refused", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "mcp:files/delete")]);
    const { container } = renderKit(card(store, "p1"), store);
    const never = container.querySelectorAll("[data-slot=permission-never-allow]");
    expect([...never].map((b) => `${b.getAttribute("data-reach")}:${b.textContent}`)).toEqual([
      "operation:Never allow mcp:files/delete",
      "namespace:Never allow anything from mcp:files/",
    ]);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Never allow anything from mcp:files/" }));
    expect(store.getState().thread.grants[0]).toMatchObject({ operation: "mcp:files/*", effect: "deny", grantedBy: "ana@example.com" });
    expect(container.querySelector("[data-slot=interaction-outcome]")).toHaveTextContent("Declined, and never allowed from now on: everything under mcp:files/");
    expect(container.querySelector("[data-slot=permission-never]")).toBeNull();
  });

  it("a later request it names is declined without asking, and the card says why", () => {
    const store = heard([ask("p1", "mail.send"), ask("p2", "mail.send")]);
    store.getState().answer("p1", { approved: false, never: "mail.send" });
    act(() => void store.getState().run());
    renderKit(card(store, "p2"), store);
    expect(interaction(store, "p2")).toMatchObject({ status: "declined", how: "policy" });
    expect(screen.getByText("Declined without asking: you chose never to allow mail.send")).toBeInTheDocument();
  });

  it("without permissions on the provider, nothing is offered", () => {
    const agent = new ScriptedAgent({ script: () => ask("p1", "mail.send") });
    const store = createThreadStore({ batch: "sync", agent, autoContinue: false });
    store.getState().run();
    const { container } = renderKit(card(store, "p1"), store);
    expect(container.querySelector("[data-slot=permission-never]")).toBeNull();
  });

  it("the grants page lists the refusal under Never allowed, with what it declined; Revoke lifts it and keeps focus", async () => {
    const user = userEvent.setup();
    const store = heard([ask("p1", "mcp:files/delete"), ask("p2", "mcp:files/move"), ask("p3", "read_customers")]);
    store.getState().answer("p1", { approved: false, never: "mcp:files/*" });
    act(() => void store.getState().run());
    act(() => void store.getState().run());
    store.getState().answer("p3", { approved: true, scope: "session" });
    const { container } = renderKit(<PermissionsPanel />, store);
    const refused = within(screen.getByRole("region", { name: "Never allowed" })).getAllByRole("listitem");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toHaveAttribute("data-effect", "deny");
    expect(refused[0]).toHaveTextContent("everything under mcp:files/");
    expect(refused[0]).toHaveTextContent("1 request without asking you");
    expect(refused[0]).toHaveTextContent("When you revoke it");
    expect(within(screen.getByRole("region", { name: "Allowed without asking" })).getAllByRole("listitem")[0]).toHaveTextContent("read_customers");
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Revoke the refusal of everything under mcp:files/: the agent may ask again" }));
    expect(store.getState().thread.audit.at(-1)).toMatchObject({ decision: "revoked", grantId: "refusal:p1" });
    const row = container.querySelector("[data-grant-id='refusal:p1']")!;
    expect(row.closest("[data-slot=permissions-group]")).toHaveAttribute("data-group", "ended");
    expect(row).toHaveFocus();
    expect(screen.getByRole("region", { name: "Never allowed" })).toHaveTextContent("Nothing refused for good.");
  });

  it("speaks Chinese", async () => {
    const store = heard([ask("p1", "mail.send")]);
    store.getState().answer("p1", { approved: false, never: "mail.send" });
    const { container } = renderKit(<PermissionsPanel />, store, { locale: "zh-CN" });
    expect(screen.getByRole("region", { name: "永不允许" })).toHaveTextContent("mail.send");
    expect(screen.getByRole("button", { name: "撤销对 mail.send 的拒绝：代理可以再次询问" })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe("AuditLog: provenance (issue 25, point 4)", () => {
  function executed(ran: unknown): ThreadStore {
    const turns = [
      [ev.runStarted("r1"), ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", '{"path":"/tmp"}'), ev.toolEnd("tc1"), ev.runFinished("r1", "", { outcome: { type: "interrupt", interrupts: [{ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete /tmp?" }] } })],
      [ev.runStarted("r2"), ev.custom("parley.executed", { interactionId: "int-1", args: ran }), ev.runFinished("r2")],
    ];
    const store = heard(turns);
    store.getState().answer("int-1", { approved: true });
    act(() => void store.getState().run());
    return store;
  }

  it("shows what was proposed, approved and run, and flags a run of other arguments", async () => {
    const user = userEvent.setup();
    const store = executed({ path: "/" });
    const { container } = renderKit(<AuditLog />, store);
    const row = container.querySelector("[data-slot=audit-record][data-decision=executed]")!;
    expect(row).toHaveAttribute("data-args-mismatch", "true");
    expect(row).toHaveTextContent("Executed");
    expect(row).toHaveTextContent("Ran other arguments than approved");
    await user.click(within(row as HTMLElement).getByText("Arguments"));
    expect([...row.querySelectorAll("[data-slot=audit-record-args]")].map((r) => r.getAttribute("data-args"))).toEqual(["approved", "executed"]);
    const approval = container.querySelector("[data-slot=audit-record][data-decision=approved]")!;
    expect(approval.querySelectorAll("[data-slot=audit-record-args]")).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it("a run of the approved arguments is not flagged", () => {
    const store = executed({ path: "/tmp" });
    const { container } = renderKit(<AuditLog />, store);
    expect(container.querySelector("[data-slot=audit-record][data-decision=executed]")).not.toHaveAttribute("data-args-mismatch");
  });
});
