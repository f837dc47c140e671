// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { applyClientAction, buildRunInput, createThreadState, foldEvents, refusalOf, undeliveredIds, type ThreadState } from "../../../src/core";
import { createPermissions, definePolicy } from "../../../src/core/policy";
import { assessMcpAppCall } from "../../../src/core/mcp-apps/gate";
import type { McpAppCall } from "../../../src/core/mcp-apps/types";
import { mcpAppDoor } from "../../../src/core/origins/mcp-app";
import * as door from "../../../src/core/origins/mcpAppDoor";
import { recheckThread } from "../../../src/core/persistence/recheck";
import { ev } from "../../support/events";

/**
 * An MCP App's wishes through the person's door: the gate's verdict written as an `app-call` —
 * an audit record naming the app, or a card the person answers — and nothing of it for the agent.
 */

const MSG = "act-1";
const app = { serverHash: "0cc175b9", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" };
const at = Date.UTC(2026, 11, 4, 10);
const folded = (): ThreadState =>
  foldEvents(createThreadState({ threadId: "t1" }), [ev.runStarted("r1"), ev.activitySnapshot(MSG, "mcp-apps", { ...app, toolInput: {}, result: { content: [] } }, { replace: true }), ev.runFinished("r1")]);
let n = 0;
const call = (kind: McpAppCall["kind"] = "call", extra: Partial<McpAppCall> = {}): McpAppCall => ({ id: `${MSG}/${kind}-${++n}`, messageId: MSG, app, kind, ...(kind === "call" ? { tool: "get-time", args: {} } : {}), ...extra });
const ana = createPermissions({ identity: "ana", sessionId: "s1" });

beforeAll(() => {
  mcpAppDoor.loaded = door;
});

describe("the gate", () => {
  it("passes a read-only tool and showing an app; asks for any other tool and every message", () => {
    const thread = folded();
    expect(assessMcpAppCall(thread, ana, call("call"), { summary: "s", readOnly: true }, at)).toMatchObject({ kind: "allow" });
    expect(assessMcpAppCall(thread, ana, call("show"), { summary: "s" }, at)).toMatchObject({ kind: "allow" });
    expect(assessMcpAppCall(thread, ana, call("call"), { summary: "clock wants get-time" }, at)).toEqual({
      kind: "ask",
      request: { operation: "mcp:clock:ui://get-time/mcp-app.html#get-time", summary: "clock wants get-time", categories: [], details: { app: app.resourceUri, server: "clock", tool: "get-time" }, args: {}, scopes: ["session"] },
    });
    const message = assessMcpAppCall(thread, ana, call("message", { args: { text: "hi" } }), { summary: "s" }, at);
    expect(message).toMatchObject({ kind: "ask", request: { operation: "mcp:clock:ui://get-time/mcp-app.html#ui/message", args: { text: "hi" } } });
    expect(message.kind === "ask" && message.request.scopes).toBeUndefined();
  });

  it("without permissions it still asks for every call that is not read-only (and offers no standing grant)", () => {
    const verdict = assessMcpAppCall(folded(), undefined, call("call"), { summary: "s" }, at);
    expect(verdict).toMatchObject({ kind: "ask" });
    expect(verdict.kind === "ask" && verdict.request.scopes).toBeUndefined();
    expect(assessMcpAppCall(folded(), undefined, call("call"), { summary: "s", readOnly: true }, at)).toMatchObject({ kind: "allow" });
  });

  it("follows the policy: a rule may deny a server's apps, ask before showing one, or ask for typed confirmation", () => {
    const strict = createPermissions({
      identity: "ana",
      policy: definePolicy([
        { match: { name: "mcp:evil:*" }, decision: "deny", reason: "Not that server." },
        { match: { name: "mcp:clock:ui://get-time/mcp-app.html" }, decision: "confirm" },
        { match: { name: "mcp:clock:*" }, decision: "typed-confirm" },
      ]),
    });
    const thread = folded();
    expect(assessMcpAppCall(thread, strict, call("call", { app: { ...app, serverId: "evil" } }), { summary: "s", readOnly: true }, at)).toEqual({ kind: "deny", reason: "Not that server." });
    expect(assessMcpAppCall(thread, strict, call("show"), { summary: "s" }, at)).toMatchObject({ kind: "ask", request: { operation: "mcp:clock:ui://get-time/mcp-app.html", scopes: ["session"] } });
    const typed = assessMcpAppCall(thread, strict, call("call"), { summary: "s" }, at);
    expect(typed).toMatchObject({ kind: "ask", request: { confirmText: "get-time" } });
    expect(typed.kind === "ask" && typed.request.scopes).toBeUndefined();
    // A tool that says it is destructive is asked about as such (the default policy: typed confirmation).
    expect(assessMcpAppCall(thread, ana, call("call"), { summary: "s", readOnly: true, destructive: true }, at)).toMatchObject({ kind: "ask", request: { categories: ["destructive"], confirmText: "get-time" } });
  });
});

describe("the person's door", () => {
  const ask = (thread: ThreadState, c: McpAppCall) => {
    const verdict = assessMcpAppCall(thread, ana, c, { summary: "clock wants get-time" }, at);
    return applyClientAction(thread, { type: "app-call", call: c, verdict, at, timeoutMs: 60_000 });
  };

  it("an ask is a pending permission card of origin mcp-app, shown by the app's own row, with a deadline", () => {
    const c = call();
    const thread = ask(folded(), c);
    const card = thread.interactions.get(door.mcpAppAskId(c.id))!;
    expect(card).toMatchObject({ status: "pending", messageType: "permission_request", rowId: MSG, origin: { kind: "mcp-app", call: c }, deadline: at + 60_000 });
    expect(thread.messageIds).toEqual(folded().messageIds);
    expect(thread.status).toBe("waiting");
    expect(door.appAskOutcome(thread, c.id)).toBe("pending");
  });

  it("approved by the person it is allowed, audited in their name; the agent is owed nothing and hears nothing", () => {
    const c = call();
    let thread = ask(folded(), c);
    thread = applyClientAction(thread, { type: "answer", interactionId: door.mcpAppAskId(c.id), response: { approved: true, scope: "once" }, how: "click", at: at + 1, who: "ana" });
    expect(door.appAskOutcome(thread, c.id)).toBe("approved");
    expect(thread.audit.at(-1)).toMatchObject({ decision: "approved", who: "ana", interactionId: door.mcpAppAskId(c.id), operation: "mcp:clock:ui://get-time/mcp-app.html#get-time" });
    expect(undeliveredIds(thread)).toEqual([]);
    const input = buildRunInput(thread, { runId: "r2" });
    expect(JSON.stringify(input)).not.toContain("get-time");
  });

  it("declined, timed out or taken back it is refused", () => {
    for (const settle of [
      (t: ThreadState, id: string) => applyClientAction(t, { type: "decline", interactionId: id, how: "click", at: at + 1, who: "ana" }),
      (t: ThreadState, id: string) => applyClientAction(t, { type: "timeout", interactionId: id, at: at + 60_000 }),
      (t: ThreadState, id: string) => applyClientAction(t, { type: "withdraw", interactionId: id, at: at + 1 }),
    ]) {
      const c = call();
      const thread = settle(ask(folded(), c), door.mcpAppAskId(c.id));
      expect(door.appAskOutcome(thread, c.id)).toBe("refused");
      expect(undeliveredIds(thread)).toEqual([]);
    }
  });

  it("'never for this app' refuses the same call of the same app from then on, without asking", () => {
    const c = call();
    let thread = ask(folded(), c);
    thread = applyClientAction(thread, { type: "answer", interactionId: door.mcpAppAskId(c.id), response: { approved: false, scope: "session" }, how: "click", at: at + 1, who: "ana" });
    expect(door.appAskOutcome(thread, c.id)).toBe("refused");
    expect(assessMcpAppCall(thread, ana, call(), { summary: "s" }, at + 2)).toMatchObject({ kind: "deny" });
    // Another app of the server, or another tool, is asked about as before.
    expect(assessMcpAppCall(thread, ana, call("call", { tool: "set-alarm" }), { summary: "s" }, at + 2)).toMatchObject({ kind: "ask" });
  });

  it("'always for this app' is a grant for this app's tool: the next call passes by it, audited with its use", () => {
    const c = call();
    let thread = ask(folded(), c);
    const card = thread.interactions.get(door.mcpAppAskId(c.id))!;
    const made = ana.grantFor(card.envelope!.messageType === "permission_request" ? card.envelope!.payload : (undefined as never), "session", { id: "g1", now: at + 1, interactionId: card.id });
    expect(made.ok).toBe(true);
    thread = applyClientAction(thread, { type: "answer", interactionId: card.id, response: { approved: true, scope: "session" }, how: "click", at: at + 1, who: "ana", grant: made.ok ? made.grant : (undefined) });
    const next = call();
    const verdict = assessMcpAppCall(thread, ana, next, { summary: "s" }, at + 2);
    expect(verdict).toMatchObject({ kind: "grant", grant: { id: "g1", operation: "mcp:clock:ui://get-time/mcp-app.html#get-time" } });
    thread = applyClientAction(thread, { type: "app-call", call: next, verdict, at: at + 2 });
    expect(thread.audit.at(-1)).toMatchObject({ decision: "approved_by_grant", how: "grant", who: "ana", grantId: "g1", detail: expect.stringContaining("ui://get-time/mcp-app.html on clock") });
    expect(thread.grants.find((g) => g.id === "g1")!.uses).toBe(2);
    // Another app of the same server is not covered.
    expect(assessMcpAppCall(thread, ana, call("call", { app: { ...app, resourceUri: "ui://other/app.html" } }), { summary: "s" }, at + 3)).toMatchObject({ kind: "ask" });
  });

  it("a call the gate allows or refuses alone is one audit record naming the app, in the kit's name", () => {
    let thread = folded();
    const allowed = call("call", { appName: "Clock" });
    thread = applyClientAction(thread, { type: "app-call", call: allowed, verdict: { kind: "allow", reason: "A read-only tool (readOnlyHint)." }, at });
    expect(thread.audit.at(-1)).toEqual({ id: `mcp-app:${allowed.id}:allowed_by_policy:${at}`, at, decision: "allowed_by_policy", how: "policy", who: "policy", operation: "mcp:clock:ui://get-time/mcp-app.html#get-time", detail: 'app "Clock" ui://get-time/mcp-app.html on clock: A read-only tool (readOnlyHint).' });
    thread = applyClientAction(thread, { type: "app-call", call: call(), verdict: { kind: "deny", reason: "Not here." }, at: at + 1 });
    expect(thread.audit.at(-1)).toMatchObject({ decision: "denied_by_policy", who: "policy", detail: expect.stringContaining("Not here.") });
    // Records the kit wrote in its own name survive a reload's re-check.
    expect(recheckThread(thread, { who: "ana", grantProblem: () => undefined, grantFor: () => undefined }, "untrusted-storage").audit).toHaveLength(2);
  });

  it("refuses, in words, a call for an app not in the thread, a malformed one, twice the same ask, a card about another operation", () => {
    const thread = folded();
    const c = call();
    const verdict = assessMcpAppCall(thread, ana, c, { summary: "s" }, at);
    expect(refusalOf(thread, { type: "app-call", call: { ...c, messageId: "nope" }, verdict, at })).toMatchObject({ code: "unknown-message" });
    expect(refusalOf(thread, { type: "app-call", call: { ...c, kind: "wipe" as never }, verdict, at })).toMatchObject({ code: "invalid-response" });
    expect(refusalOf(thread, { type: "app-call", call: { ...c, tool: "" }, verdict, at })).toMatchObject({ code: "invalid-response" });
    expect(refusalOf(thread, { type: "app-call", call: { ...c, tool: "delete-all" }, verdict, at })).toMatchObject({ message: "The card must ask about the app's own call." });
    const asked = applyClientAction(thread, { type: "app-call", call: c, verdict, at });
    expect(refusalOf(asked, { type: "app-call", call: c, verdict, at })).toMatchObject({ code: "not-open" });
    expect(applyClientAction(thread, { type: "app-call", call: { ...c, messageId: "nope" }, verdict, at })).toBe(thread);
  });

  it("nothing the agent sends answers an app's card", () => {
    const c = call();
    const asked = ask(folded(), c);
    const id = door.mcpAppAskId(c.id);
    // The agent's door can only create, fill in or withdraw its own questions: an interaction under this id, a tool result, a state.
    const after = foldEvents(asked, [
      ev.runStarted("r2"),
      ev.custom("parley.interaction", { messageId: id, messageType: "permission_request", allowInterrupt: true, context: {}, payload: { operation: "x", summary: "x", categories: [] } }),
      ev.stateSnapshot({ approved: true }),
      ev.runFinished("r2"),
    ]);
    expect(after.interactions.get(id)).toMatchObject({ status: "pending", origin: { kind: "mcp-app" } });
    expect(door.appAskOutcome(after, c.id)).toBe("pending");
  });
});
