import { useMemo, useRef } from "react";
import { useStore } from "zustand";
import type { Interaction, PermissionResponse } from "../core/interactions/types";
import { executionRecords } from "../core/policy/provenance";
import type { AuditRecord, Grant } from "../core/policy/types";
import { useThreadStore } from "./ParleyProvider";

/**
 * The hooks of standing refusals and provenance. Only the permissions UI uses them, so they load
 * with its chunk; a team's own grants page or audit view imports them from `parley-ui/headless`.
 */

const NONE: readonly string[] = [];

/**
 * What the person may refuse for good on a permission request ("never allow"): the operation, and
 * everything under its namespace when it has one — as the provider's permissions offer them; none
 * without permissions or for another kind of question.
 *
 * @example
 * const refusals = useRefusalOptions(interaction); // ["mcp:files/delete", "mcp:files/*"]
 * refusals.map((never) => <button onClick={() => answer(id, { approved: false, never })}>Never allow {never}</button>);
 */
export function useRefusalOptions(interaction: Interaction | undefined): readonly string[] {
  const store = useThreadStore("useRefusalOptions");
  const engine = useStore(store, (s) => s.permissions);
  return useMemo(() => {
    const envelope = interaction?.envelope;
    if (!engine || envelope?.messageType !== "permission_request") return NONE;
    // Asked with no grants: what the person may choose, not whether a refusal already holds.
    const assessment = engine.assess(envelope.payload, [], { now: 0 });
    return assessment.kind === "ask" ? assessment.refusals : NONE;
  }, [engine, interaction]);
}

/**
 * The refusal behind a declined permission request: the one its "never allow" made, or the earlier
 * one that declined it without asking (the decision's audit record names it).
 *
 * @example
 * const refusal = useDecidingRefusal(interaction);
 * refusal ? `Never allowed: ${refusal.operation}` : undefined;
 */
export function useDecidingRefusal(interaction: Interaction | undefined): Grant | undefined {
  const store = useThreadStore("useDecidingRefusal");
  const grants = useStore(store, (s) => s.thread.grants);
  const audit = useStore(store, (s) => s.thread.audit);
  return useMemo(() => {
    if (!interaction || (interaction.status !== "declined" && interaction.status !== "answered")) return undefined;
    const made = (interaction.response as PermissionResponse | undefined)?.grantId;
    const cited = made ?? audit.findLast((r) => r.interactionId === interaction.id && r.decision === "denied_by_policy")?.grantId;
    const grant = cited === undefined ? undefined : grants.find((g) => g.id === cited);
    return grant?.effect === "deny" ? grant : undefined;
  }, [interaction, grants, audit]);
}

/**
 * What the agent reports it ran after each approval, as `executed` audit records (`executionRecords`):
 * the approved and the executed arguments, flagged where they differ. Pass them to `useAuditView`'s
 * `extra` to show them in the log beside the person's decisions.
 *
 * @example
 * const executions = useExecutionRecords();
 * const { records } = useAuditView({ extra: executions });
 */
export function useExecutionRecords(): readonly AuditRecord[] {
  const store = useThreadStore("useExecutionRecords");
  const cache = useRef<{ keys: readonly unknown[]; records: readonly AuditRecord[] } | undefined>(undefined);
  // Derived again only when what it reads changed, not on every streamed token: the selector keeps
  // its last answer while the five parts it reads are the same objects.
  return useStore(store, (s) => {
    const { interactions, toolCalls, customEvents, audit, runs } = s.thread;
    const keys = [interactions, toolCalls, customEvents, audit, runs];
    const last = cache.current;
    if (last && keys.every((key, i) => key === last.keys[i])) return last.records;
    const records = executionRecords(s.thread);
    cache.current = { keys, records };
    return records;
  });
}
