import type { ThreadState } from "../thread/types";
import { isClientOnlyRole, isId, isRecord } from "../thread/guards";
import type { Interaction } from "../interactions/types";
import { toolPermissionId } from "../origins/frontend-tool";
import { selectInteractions } from "../interactions/select";
import { extensionsLeft } from "../interactions/extension";
import { checkResponse } from "./checkResponse";
import { switchAt } from "../branches";
import { isUserContent } from "../attachments/userContent";
import { needsDecisionRecord, recordDescribes } from "../decisions/record";
import { FEEDBACK_REASON_LIMIT } from "../feedback";
import { A2UI_LOADING, a2uiDoor, planA2uiAnswer } from "../origins/a2ui";
import { mcpAppDoor } from "../origins/mcp-app";
import type { ActionRefusal, ClientAction } from "./clientAction";

/**
 * Why `action` would do nothing to `thread`, or `undefined` when it applies.
 *
 * @example
 * refusalOf(thread, { type: "answer", interactionId: "i1", response, how: "click", at: Date.now() });
 * // { code: "not-open", message: "This question was already answered." }
 */
export function refusalOf(thread: ThreadState, action: ClientAction): ActionRefusal | undefined {
  switch (action.type) {
    case "revoke": {
      const grant = thread.grants.find((g) => g.id === action.grantId);
      if (!grant) return { code: "not-found", message: `There is no grant "${action.grantId}".` };
      return grant.revokedAt !== undefined ? { code: "not-open", message: "This grant was already revoked." } : undefined;
    }
    case "tool-result":
      return toolCallRefusal(thread, action.toolCallId);
    case "ask-for-tool":
      if (thread.interactions.get(toolPermissionId(action.toolCallId))) return { code: "not-open", message: "This tool call was already asked about." };
      return toolCallRefusal(thread, action.toolCallId);
    case "app-call":
      // Only the MCP Apps host writes these, and it brings the door; without it one changes nothing.
      return mcpAppDoor.loaded?.appCallRefusal(thread, action);
    case "ask-to-continue":
      return selectInteractions(thread).some((i) => i.origin.kind === "kit" && i.status === "pending") ? { code: "busy", message: "The person is already asked whether to go on." } : undefined;
    case "answer":
    case "decline":
    case "timeout":
    case "extend":
    case "withdraw":
    case "correct":
    case "approve-by-grant":
    case "deny-by-policy": {
      if ("toolCallId" in action) return toolCallRefusal(thread, action.toolCallId);
      const interaction = thread.interactions.get(action.interactionId);
      if (!interaction) return { code: "not-found", message: `There is no question "${action.interactionId}".` };
      if (action.type === "correct") {
        if (interaction.origin.kind === "a2ui") return { code: "not-answerable", message: "An action on a surface cannot be changed once taken." };
        if (interaction.status !== "answered") return { code: "not-open", message: `Only an answer can be corrected; this question is ${describeStatus(interaction)}.` };
        if (interaction.deliveredInRunId) return { code: "already-delivered", message: "The agent already has this answer; it can no longer be changed." };
        return checkResponse(interaction, action.response);
      }
      if (interaction.status !== "pending") return { code: "not-open", message: `This question is ${describeStatus(interaction)}; nothing was changed.` };
      if (action.type === "timeout" && (interaction.deadline === undefined || action.at < interaction.deadline)) {
        return { code: "not-due", message: "The question's deadline has not passed." };
      }
      if (action.type === "extend" && extensionsLeft(interaction, action.at) === 0) {
        const message =
          interaction.deadline === undefined || !interaction.envelope?.extendable ? "This question does not allow more time."
          : action.at >= interaction.deadline ? "The time to answer has run out."
          : "All the extra time this question allows was already taken.";
        return { code: "not-extendable", message };
      }
      if (action.type === "answer" && interaction.origin.kind === "a2ui" && !interaction.origin.confirms) {
        const plan = planA2uiAnswer(thread, interaction, action.response, action.at);
        return plan.kind === "refused" ? { code: "invalid-response", message: plan.message } : undefined;
      }
      // An approval answers the surface through the door's module (restored after a reload, it may not be back yet).
      if ((action.type === "answer" || action.type === "approve-by-grant") && interaction.origin.kind === "a2ui" && !a2uiDoor.loaded()) return { code: "busy", message: A2UI_LOADING };
      if (action.type === "answer") return checkResponse(interaction, action.response);
      if ((action.type === "approve-by-grant" || action.type === "deny-by-policy") && interaction.envelope?.messageType !== "permission_request") {
        return { code: "not-answerable", message: "Only permission requests are decided by grants or policy." };
      }
      return undefined;
    }
    case "pause": {
      const last = thread.runs[thread.runs.length - 1];
      return last?.status === "running" ? undefined : { code: "not-running", message: "No run is going; there is nothing to pause." };
    }
    case "record-decision": {
      const interaction = thread.interactions.get(action.interactionId);
      if (!interaction) return { code: "not-found", message: `There is no question "${action.interactionId}".` };
      if (!needsDecisionRecord(interaction)) return { code: "not-open", message: "This question takes no decision record now (not settled, already recorded or delivered, or its ask carried no proof)." };
      return recordDescribes(interaction, action.record) ? undefined : { code: "invalid-response", message: "This decision record does not describe how the question was settled." };
    }
    case "end-run":
      return undefined;
    case "feedback": {
      const message = thread.messages.get(action.messageId);
      if (!message || message.role !== "assistant") return { code: "unknown-message", message: `There is no answer "${action.messageId}" to give feedback on.` };
      if (action.rating !== null && action.rating !== "up" && action.rating !== "down") return { code: "invalid-response", message: "Feedback is a thumbs up or down." };
      if (action.reason !== undefined && (typeof action.reason !== "string" || action.reason.length > FEEDBACK_REASON_LIMIT)) return { code: "invalid-response", message: `The reason is longer than ${FEEDBACK_REASON_LIMIT} characters.` };
      if (action.rating === null && !thread.feedback?.[action.messageId]) return { code: "not-found", message: "There is no feedback on this answer to take back." };
      return undefined;
    }
    case "feedback-sent":
      return thread.feedback?.[action.messageId] ? undefined : { code: "not-found", message: "There is no feedback on this answer." };
    case "append-message":
      // The person's message with attachments: each part must be one the agent can read.
      return action.message?.role === "user" && !isUserContent(action.message.content) ? { code: "invalid-response", message: "The message has content parts of an unknown form." } : undefined;
    case "truncate":
      return thread.messages.get(action.fromMessageId) ? undefined : { code: "unknown-message", message: `There is no message "${action.fromMessageId}".` };
    case "fork":
    case "switch-branch": {
      if (thread.runs[thread.runs.length - 1]?.status === "running") return { code: "busy", message: "The agent is answering; wait for it to finish (or stop it) first." };
      if (thread.status === "waiting") return { code: "busy", message: "Answer or decline the open questions first." };
      if (action.type === "switch-branch") return switchAt(thread, action.at, action.index) ? undefined : { code: "not-found", message: "There is no such version of the conversation." };
      if (!thread.messageIds.includes(action.fromMessageId)) return { code: "unknown-message", message: `There is no message "${action.fromMessageId}".` };
      const { message } = action;
      if (message && (!isRecord(message) || !isId(message.id) || thread.messages.get(message.id) || isClientOnlyRole(message.role))) return { code: "invalid-response", message: "The new message needs an id of its own." };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Why a front-end tool call cannot take a result now, or `undefined` when it can. */
function toolCallRefusal(thread: ThreadState, toolCallId: string): ActionRefusal | undefined {
  const call = thread.toolCalls.get(toolCallId);
  if (!call) return { code: "not-found", message: `No tool call "${toolCallId}".` };
  if (call.resultMessageId || call.status === "streaming-args") return { code: "not-open", message: `Tool call "${toolCallId}" is not waiting for a result.` };
  if (call.interactionId) return { code: "not-answerable", message: "This call asks a question: answer the question." };
  return undefined;
}

function describeStatus(interaction: Interaction): string {
  switch (interaction.status) {
    case "answered": return "already answered";
    case "declined": return "already declined";
    case "timed_out": return "closed: its time ran out";
    case "withdrawn": return "withdrawn";
    case "shown": return "a notification, with nothing to answer";
    case "invalid": return "malformed and cannot be answered";
    case "streaming": return "still arriving";
    default: return interaction.status;
  }
}
