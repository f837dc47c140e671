import { useState } from "react";
import type { PermissionRequestPayload } from "../core/protocol";
import type { Interaction, PermissionResponse } from "../core/interactions";
import type { GrantConditionOffer, GrantScope } from "../core/policy/types";
import type { ActionResult } from "../store";
import { useAgentCapabilities } from "./capabilities";
import { useGrantOptions, useInteraction, useInteractionActions } from "./interactions";
import { BATCH_DEFAULT, batchLimit } from "./batch";
import { prettyJson } from "../core/prettyJson";

/** What a permission card needs: the request, the person's choices so far, and Approve / Decline. */
export interface PermissionRequestState {
  interaction: Interaction | undefined;
  /** The request as the agent sent it; undefined while it streams (or for another kind). */
  payload: PermissionRequestPayload | undefined;
  /** The question is open: Approve and Decline may be taken once their conditions hold. */
  pending: boolean;
  /** The request is destructive: the approve button should look it. */
  destructive: boolean;
  /** When the kit declines by itself (epoch ms) while the question is open; `useCountdown(deadline)` counts it down. */
  deadline: number | undefined;
  /** The answer, once settled (with the edited arguments and scope the person chose). */
  response: PermissionResponse | undefined;

  /** The exact text the person must type before Approve, when the request asks for it. */
  confirmText: string | undefined;
  typed: string;
  setTyped: (text: string) => void;
  /** `empty` until typed, then whether it matches `confirmText` (trimmed); `match` when none is asked. */
  typedState: "empty" | "match" | "mismatch";

  /** The arguments may be edited before approving (the request allows it and the agent takes edits). */
  editable: boolean;
  /** The person chose to edit the arguments (only while the question is open). */
  editing: boolean;
  setEditing: (editing: boolean) => void;
  /** The arguments as the person edits them, JSON text. */
  argsText: string;
  setArgsText: (text: string) => void;
  /** The edited arguments are not valid JSON: Approve is off. */
  argsInvalid: boolean;

  /** More than `once` is offered: the scope choice should show. */
  choosing: boolean;
  /** The scopes, conditions and expiries the policy offers (`useGrantOptions`). */
  scopes: readonly GrantScope[];
  conditions: readonly GrantConditionOffer[];
  expiries: readonly number[];
  /** The chosen scope (one the policy offers; `once` otherwise) and, for `conditional`, which condition. */
  scope: GrantScope;
  condition: number;
  setScope: (scope: GrantScope, condition?: number) => void;
  /** The batch size as typed, and the number it means (undefined when out of range). */
  count: string;
  setCount: (count: string) => void;
  expiresIn: number | undefined;
  setExpiresIn: (expiresIn: number | undefined) => void;
  /** The scope chosen cannot be sent as it is (a batch size out of range, no condition). */
  scopeInvalid: boolean;

  /** Approves with everything chosen, or null while it cannot be (not open, typed text or arguments wrong). */
  approve: (() => ActionResult) | null;
  /** Declines, or null when the question is not open. */
  decline: (() => ActionResult) | null;
  /** Why the last Approve or Decline did nothing, in words (never a silent no-op). */
  refusal: string | undefined;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * State and behaviour of a permission request, for `PermissionRequest`'s parts or a card of your
 * own: the typed confirmation, the edited arguments, how far the approval reaches, and Approve /
 * Decline as callbacks while they can be taken (null when not). Takes the interaction or its id.
 *
 * @example
 * const request = usePermissionRequest(interactionId);
 * <input value={request.typed} onChange={(e) => request.setTyped(e.target.value)} />
 * <button disabled={!request.approve} onClick={() => request.approve?.()}>Delete</button>
 */
export function usePermissionRequest(interactionOrId: Interaction | string | undefined): PermissionRequestState {
  const interaction = useInteraction(typeof interactionOrId === "string" ? interactionOrId : interactionOrId?.id);
  const actions = useInteractionActions();
  const payload = interaction?.envelope?.messageType === "permission_request" ? interaction.envelope.payload : undefined;
  const pending = interaction?.status === "pending" && payload !== undefined;
  // An agent that declares it takes no edited arguments is not offered them.
  const { supports } = useAgentCapabilities();
  const editable = payload?.editable === true && supports("approveWithEdits");
  const [typed, setTyped] = useState("");
  const [editingChosen, setEditing] = useState(false);
  const [argsText, setArgsText] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  // The policy's choices: scopes (conditional ones only with a condition it offers) and expiries.
  const { scopes, conditions, expiries } = useGrantOptions(interaction);
  const [scopeChosen, setScopeChosen] = useState<GrantScope>("once");
  const [condition, setCondition] = useState(0);
  const [expiresIn, setExpiresIn] = useState<number | undefined>(undefined);
  const [count, setCount] = useState(String(BATCH_DEFAULT));

  const choosing = pending && (scopes.length > 1 || conditions.length > 0);
  const scope: GrantScope = scopes.includes(scopeChosen) ? scopeChosen : "once";
  const limit = scope === "batch" ? batchLimit(count) : undefined;
  const grantCondition = scope === "conditional" ? conditions[condition]?.condition : undefined;
  const scopeInvalid = (scope === "batch" && limit === undefined) || (scope === "conditional" && !grantCondition);

  const confirmText = payload?.confirmText;
  const typedState = confirmText === undefined || typed.trim() === confirmText.trim() ? "match" : typed === "" ? "empty" : "mismatch";
  // The editor is open only while the question is: a settled card shows the arguments as sent.
  const editing = pending && editable && editingChosen;
  const text = argsText ?? prettyJson(payload?.args ?? {});
  const edited = editing ? parse(text) : undefined;
  const argsInvalid = edited?.ok === false;

  const id = interaction?.id ?? "";
  const said = (result: ActionResult) => {
    setRefusal(result.ok ? undefined : result.refusal.message);
    return result;
  };
  const approve =
    pending && typedState === "match" && !argsInvalid && !scopeInvalid
      ? () => {
          const response: PermissionResponse = { approved: true };
          if (choosing) {
            response.scope = scope;
            if (limit !== undefined) response.limit = limit;
            if (grantCondition) response.condition = grantCondition;
            if (scope !== "once" && expiresIn !== undefined && expiries.includes(expiresIn)) response.expiresIn = expiresIn;
          }
          if (confirmText !== undefined) response.typedConfirmation = typed;
          if (edited?.ok) response.editedArgs = edited.value;
          return said(actions.answer(id, response, "click"));
        }
      : null;

  return {
    interaction,
    payload,
    pending,
    destructive: payload?.categories.includes("destructive") ?? false,
    deadline: pending ? interaction.deadline : undefined,
    response: interaction?.response as PermissionResponse | undefined,
    confirmText,
    typed,
    setTyped,
    typedState,
    editable,
    editing,
    setEditing,
    argsText: text,
    setArgsText,
    argsInvalid,
    choosing,
    scopes,
    conditions,
    expiries,
    scope,
    condition,
    setScope: (next, index) => {
      setScopeChosen(next);
      if (index !== undefined) setCondition(index);
    },
    count,
    setCount,
    expiresIn,
    setExpiresIn,
    scopeInvalid,
    approve,
    decline: pending ? () => said(actions.decline(id, "click")) : null,
    refusal: pending ? refusal : undefined,
  };
}
