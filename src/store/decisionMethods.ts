import { planReply } from "../core/interactions";
import { userContent } from "../core/attachments/userContent";
import { toolOutcomeMessage } from "../core/tools/frontendTools";
import { grantForApproval } from "./permissionSteps";
import type { StoreCore } from "./storeCore";
import { byPerson } from "./turn";
import type { ThreadStoreState } from "./types";

type DecisionMethods = Pick<ThreadStoreState, "answer" | "decline" | "revoke" | "correct" | "withdraw" | "extendDeadline" | "declineOpen" | "reply" | "respondToTool" | "dispatch">;

/**
 * The person's decisions on the agent's questions, each through the person's door in their name
 * (whether the store then goes on is `commit`'s to derive).
 *
 * @example
 * const methods = decisionMethods(core);
 */
export function decisionMethods(core: StoreCore): DecisionMethods {
  const { get, commit, act, now, who, permissions, personSettles, tools } = core;
  return {
    answer(interactionId, response, how = "click") {
      const at = now();
      // An approval with a wider scope than once makes a grant (through the permissions engine).
      const made = "approved" in response ? grantForApproval(permissions, get().thread, interactionId, response, at) : { ok: true as const };
      if (!made.ok) return made;
      return personSettles({ type: "answer", interactionId, response, how, at, who, ...(made.grant ? { grant: made.grant } : {}) });
    },
    decline: (interactionId, how = "click") => personSettles({ type: "decline", interactionId, how, at: now(), who }),
    revoke: (grantId) => act({ type: "revoke", grantId, by: who, how: "click", at: now() }),
    correct(interactionId, response, how = "click") {
      // On its way to the agent already: the request cannot be changed any more.
      if (get().turn.inFlight?.ids.includes(interactionId)) {
        return { ok: false, refusal: { code: "already-delivered", message: "This answer is on its way to the agent; it can no longer be changed." } };
      }
      return act({ type: "correct", interactionId, response, how, at: now() });
    },
    extendDeadline: (interactionId) => act({ type: "extend", interactionId, at: now(), who }),
    withdraw: (interactionId, reason) => personSettles({ type: "withdraw", interactionId, at: now(), ...(reason ? { reason } : {}) }),
    declineOpen(how = "click") {
      commit({ turn: byPerson(get().turn) });
      // Everything waiting for the person: the questions, and the app's tools waiting on `respond`.
      return core.declineAll(how) + tools.declineAwaiting("The person declined to answer.");
    },
    reply(text, replyOptions = {}) {
      const attachments = replyOptions.attachments ?? [];
      const plan = planReply(get().thread, text, get().isRunning, attachments.length > 0);
      const content = userContent(text, attachments);
      switch (plan.kind) {
        case "answer":
          return { plan, done: personSettles({ type: "answer", interactionId: plan.interactionId, response: plan.response, how: "number-reply", at: now(), who }).ok };
        case "free-text":
          return { plan, done: personSettles({ type: "answer", interactionId: plan.interactionId, response: { action: "text", text: plan.text }, how: "text-reply", at: now(), who }).ok };
        case "pause":
          return { plan, done: get().pause() };
        case "send":
          return { plan, done: get().sendMessage(content) };
        case "decline-first":
          return { plan, done: replyOptions.declineOpen === true && get().sendMessage(content, { declineOpen: true }) };
        default:
          return { plan, done: false };
      }
    },
    respondToTool(toolCallId, value, respondOptions = {}) {
      const outcome = respondOptions.error !== undefined ? { ok: false as const, error: respondOptions.error } : { ok: true as const, value };
      return personSettles({ type: "tool-result", toolCallId, ...toolOutcomeMessage(outcome), at: now() });
    },
    dispatch(action) {
      if (action.type === "keep-permissions") {
        commit({ keptPermissions: { ...(get().keptPermissions ?? { status: "loading", audit: [] }), ...action.patch } });
        return { ok: true };
      }
      return act(action);
    },
  };
}
