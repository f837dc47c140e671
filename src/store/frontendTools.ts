import type { Tool } from "@ag-ui/core";
import type { ThreadState, ToolCallState } from "../core/fold";
import type { ClientAction } from "../core/actions";
import type { Interaction } from "../core/interactions/types";
import type { PermissionsEngine } from "../core/policy/engine";
import type { PermissionCategory, PermissionRequestPayload } from "../core/protocol/envelope";
import { toolPermissionId } from "../core/origins/frontend-tool";
import {
  argumentsRejected,
  declareTool,
  handlerFailed,
  pendingFrontendCalls,
  toolOutcomeMessage,
  toolParametersSchema,
  type ToolOutcome,
  type ToolParameters,
} from "../core/tools/frontendTools";

/** What a front-end tool's handler is given besides the arguments. */
export interface ToolHandlerContext {
  /** Aborted when the person presses Stop (or moves on) before the handler finished. */
  signal: AbortSignal;
  toolCallId: string;
}

/**
 * A tool the app defines and runs itself. Declared in every run while registered; when the agent
 * calls it and the run ends with the call unanswered, `handler` runs and its result (or error)
 * answers the call. Without a handler the call waits for the person (`respondToTool`).
 */
// `any` by default: a tool typed for its own arguments must fit where any tool does (handler parameters are contravariant).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface FrontendTool<Args = any> {
  name: string;
  description?: string;
  /** A JSON Schema, or a Standard JSON Schema (zod ≥ 4.2, ArkType, valibot's `toStandardJsonSchema`). */
  parameters?: ToolParameters;
  handler?: (args: Args, context: ToolHandlerContext) => unknown;
  /**
   * How the permission card reads when the app's policy (`createPermissions`) says a person must
   * confirm a call first (`confirm` / `typed-confirm`): the handler then runs only on approval.
   * `confirmText` is what typed confirmation must match (default: the tool's name); `timeoutMs`
   * declines by itself after that long.
   */
  permission?: {
    summary?: (args: Args) => string;
    categories?: readonly PermissionCategory[];
    confirmText?: (args: Args) => string;
    timeoutMs?: number;
  };
}

export interface FrontendToolsHost {
  thread(): ThreadState;
  /** Writes through the person's door (the store goes on by itself from there); returns false when refused. */
  apply(action: ClientAction): boolean;
  /** The calls whose handlers run changed. */
  runningChanged(ids: readonly string[]): void;
  /** The calls waiting for the person (a tool without a handler, answered through its `render`) changed. */
  awaitingChanged(ids: readonly string[]): void;
  now(): number;
  permissions: PermissionsEngine | undefined;
}

type Checker = (schema: Record<string, unknown>, args: unknown) => { path: string; message: string }[];
let checker: Promise<Checker> | undefined;
// The validator is loaded on first use: an app without front-end tools never ships it.
const loadChecker = () => (checker ??= import("../core/tools/checkArguments").then((m) => m.checkArguments));

/** The app's own callback on the agent's arguments: one that throws gives nothing, never a crash. */
function safely(read: () => string | undefined): string | undefined {
  try {
    const value = read();
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the person approved the kit's own permission card for this call: its origin is the
 * front-end tool call (never an id the agent chose), its answer an approval, and the audit log
 * holds that approval.
 */
function approvedByPerson(thread: ThreadState, asked: Interaction, toolCallId: string): boolean {
  if (asked.origin.kind !== "frontend-tool" || asked.origin.toolCallId !== toolCallId) return false;
  if (asked.status !== "answered" || !asked.response || !("approved" in asked.response) || asked.response.approved !== true) return false;
  return thread.audit.some((record) => record.interactionId === asked.id && (record.decision === "approved" || record.decision === "approved_by_grant"));
}

/** A schema that constrains nothing needs no validator. */
function constrains(schema: Record<string, unknown>): boolean {
  return Object.keys(schema).some((key) => key !== "type" && key !== "$schema" && key !== "description" && key !== "title" && !(key === "properties" && isEmptyObject(schema.properties)));
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/**
 * The store's front-end tools: the registry the run input declares, and the loop that answers the
 * calls a run left open — check the arguments, ask the policy, run the handler, write the result.
 * Stop aborts the handlers; a handler that throws becomes an error result, never a crash.
 */
export function createFrontendTools(host: FrontendToolsHost) {
  /** A stack per name: the newest registration wins, unregistering it restores the one before. */
  const registry = new Map<string, FrontendTool[]>();
  const running = new Map<string, AbortController>();
  /** Calls being checked or run, or already refused: never started twice. */
  const started = new Set<string>();
  /** Calls of a tool without a handler: they wait for the person's `respond`. */
  const awaiting = new Set<string>();

  const current = (name: string) => {
    const stack = registry.get(name);
    return stack?.[stack.length - 1];
  };
  const isFrontend = (name: string) => current(name) !== undefined;
  const notifyRunning = () => host.runningChanged([...running.keys()]);
  const notifyAwaiting = () => host.awaitingChanged([...awaiting]);
  /** Calls answered (or gone) since they began to wait leave the list. */
  const pruneAwaiting = () => {
    const thread = host.thread();
    let changed = false;
    for (const id of awaiting) {
      if (thread.toolCalls.get(id)?.resultMessageId === undefined && thread.toolCalls.has(id)) continue;
      awaiting.delete(id);
      changed = true;
    }
    if (changed) notifyAwaiting();
  };

  const answer = (toolCallId: string, outcome: ToolOutcome) => {
    host.apply({ type: "tool-result", toolCallId, ...toolOutcomeMessage(outcome), at: host.now() });
  };

  const handle = async (toolCallId: string, tool: FrontendTool, args: unknown) => {
    const schema = toolParametersSchema(tool.parameters);
    if (tool.parameters !== undefined && constrains(schema)) {
      let problems: { path: string; message: string }[] = [];
      try {
        problems = (await loadChecker())(schema, args);
      } catch {
        // The validator did not load (offline chunk): the handler still runs; it owns its input.
      }
      if (problems.length) return answer(toolCallId, argumentsRejected(tool.name, problems));
    }
    if (!tool.handler) {
      // Waits for the person: its `render` answers through `respond`.
      if (!host.thread().toolCalls.get(toolCallId)?.resultMessageId) {
        awaiting.add(toolCallId);
        notifyAwaiting();
      }
      return;
    }
    const controller = new AbortController();
    running.set(toolCallId, controller);
    notifyRunning();
    let outcome: ToolOutcome;
    try {
      outcome = { ok: true, value: await tool.handler(args, { signal: controller.signal, toolCallId }) };
    } catch (error) {
      outcome = handlerFailed(error);
    }
    if (running.get(toolCallId) !== controller) return; // stopped: its result is written already
    running.delete(toolCallId);
    notifyRunning();
    answer(toolCallId, outcome);
  };

  /**
   * Stop: every handler still running is aborted, and its call answered as stopped (a call left
   * without a result would make the next run's history one model APIs reject).
   */
  const abort = (reason: string): void => {
    if (running.size === 0) return;
    const stopped = [...running];
    running.clear();
    notifyRunning();
    for (const [toolCallId, controller] of stopped) {
      controller.abort(reason);
      host.apply({ type: "tool-result", toolCallId, ...toolOutcomeMessage({ ok: false, error: reason }), at: host.now() });
    }
  };

  /**
   * Whether the policy lets the handler run now: allowed, covered by a live grant (its use counted
   * and audited), or approved by the person on the card asked for it. Otherwise the call is refused
   * (policy `deny`), or a card asks the person, or the card is still open — and the handler waits.
   */
  const allowed = (call: ToolCallState, tool: FrontendTool, thread: ThreadState, engine: PermissionsEngine): boolean => {
    const asked = thread.interactions.get(toolPermissionId(call.id));
    // A decline (or a timeout) wrote the call's result; an approval leaves it to the handler. Only
    // the kit's own card for this very call counts, and only the person's audited approval of it.
    if (asked) return approvedByPerson(thread, asked, call.id);
    const at = host.now();
    const permission = tool.permission;
    const request: PermissionRequestPayload = {
      operation: call.name,
      summary: safely(() => permission?.summary?.(call.args)) || tool.description || call.name,
      categories: permission?.categories ?? [],
      args: call.args,
    };
    const assessment = engine.assess(request, thread.grants, { now: at, ...(call.runId ? { runId: call.runId } : {}) });
    if (assessment.kind === "deny") {
      started.add(call.id);
      host.apply({ type: "deny-by-policy", toolCallId: call.id, reason: assessment.reason, at });
      return false;
    }
    if (assessment.kind === "grant") return host.apply({ type: "approve-by-grant", toolCallId: call.id, grant: assessment.grant, at });
    if (assessment.decision === "allow") return true;
    if (assessment.decision === "typed-confirm") request.confirmText = safely(() => permission?.confirmText?.(call.args)) || call.name;
    host.apply({ type: "ask-for-tool", toolCallId: call.id, request, at, ...(permission?.timeoutMs !== undefined ? { timeoutMs: permission.timeoutMs } : {}) });
    return false;
  };

  return {
    abort,
    register(tool: FrontendTool): () => void {
      const stack = registry.get(tool.name) ?? [];
      stack.push(tool);
      registry.set(tool.name, stack);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const list = registry.get(tool.name);
        const index = list?.indexOf(tool) ?? -1;
        if (list && index >= 0) list.splice(index, 1);
        if (list?.length === 0) registry.delete(tool.name);
      };
    },
    /** The declarations for `RunAgentInput.tools`, read when a run starts (a tool's description may change while mounted). */
    declared(): Tool[] {
      return [...registry.values()].flatMap((stack) => (stack.length ? [declareTool(stack[stack.length - 1]!)] : []));
    },
    isFrontend,
    /** True when a call the last run left for a front-end tool has no result yet. */
    hasPending(thread: ThreadState): boolean {
      return pendingFrontendCalls(thread, isFrontend).length > 0;
    },
    /** Answers (or starts answering) every call of the last run left for a front-end tool. */
    start(): void {
      pruneAwaiting();
      const thread = host.thread();
      for (const call of pendingFrontendCalls(thread, isFrontend)) {
        if (started.has(call.id)) continue;
        const tool = current(call.name)!;
        if (host.permissions && !allowed(call, tool, host.thread(), host.permissions)) continue;
        started.add(call.id);
        void handle(call.id, tool, call.args);
      }
    },
    /** The person moved on (a new message): calls still waiting for them are closed with `reason`. */
    dismiss(reason: string): void {
      abort(reason);
      for (const call of pendingFrontendCalls(host.thread(), isFrontend)) {
        host.apply({ type: "tool-result", toolCallId: call.id, ...toolOutcomeMessage({ ok: false, error: reason }), at: host.now() });
      }
      pruneAwaiting();
    },
    /** The person declined what waits for them ("decline the rest"): those calls are answered so. Returns how many. */
    declineAwaiting(reason: string): number {
      const ids = [...awaiting];
      for (const id of ids) host.apply({ type: "tool-result", toolCallId: id, ...toolOutcomeMessage({ ok: false, error: reason }), at: host.now() });
      pruneAwaiting();
      return ids.length;
    },
    reset(): void {
      for (const controller of running.values()) controller.abort("reset");
      running.clear();
      started.clear();
      awaiting.clear();
      notifyRunning();
      notifyAwaiting();
    },
  };
}

export type FrontendToolsController = ReturnType<typeof createFrontendTools>;
