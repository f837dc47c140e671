import type { PermissionRequestPayload } from "../protocol/envelope";
import type { Draft } from "../thread/draft";
import { interactionRowId, writeToolResult } from "../thread/write";
import { toolPermissionId } from "../interactions/kitIds";
import type { Interaction } from "../interactions/types";
import { toolResultContent } from "./parley-tool";

export { toolPermissionId };

/**
 * A call of one of the app's own (front-end) tools that the app's policy says needs a person
 * (`confirm` / `typed-confirm`) is asked about on a permission card of its own: origin
 * `frontend-tool`, made through the person's door (`ask-for-tool`), never by the agent. Its
 * handler runs only once the person approves; a decline or a timeout answers the call as declined.
 */

/**
 * The pending permission interaction for a front-end tool call (the store adds it through
 * `applyClientAction`): its envelope is made here from what the app says about the call, so
 * nothing of it is the agent's but the arguments it shows.
 *
 * @example
 * toolPermissionInteraction("call-7", { operation: "delete_file", summary: "Delete report.pdf", categories: ["destructive"], args }, { at: Date.now() });
 */
export function toolPermissionInteraction(toolCallId: string, toolName: string, request: PermissionRequestPayload, options: { at: number; runId?: string | undefined; timeoutMs?: number | undefined }): Interaction {
  const id = toolPermissionId(toolCallId);
  const { at, runId, timeoutMs } = options;
  const interaction: Interaction = {
    id,
    rowId: interactionRowId(id),
    messageType: "permission_request",
    envelope: { messageId: id, messageType: "permission_request", timestamp: at, allowInterrupt: true, context: {}, payload: request },
    origin: { kind: "frontend-tool", toolCallId, toolName },
    status: "pending",
    numbers: [],
    createdAt: at,
    receivedAt: at,
  };
  if (runId) interaction.runId = runId;
  if (timeoutMs! > 0 && timeoutMs! < Infinity) interaction.deadline = at + timeoutMs!;
  return interaction;
}

/**
 * Settling: a front-end tool the person approved is answered by its handler, when it runs;
 * anything else (a refusal, a decline, a timeout) answers the call now, as declined.
 */
export function settled(d: Draft, interaction: Interaction): void {
  if (interaction.origin.kind !== "frontend-tool") return;
  const response = interaction.response;
  if (response && "approved" in response && response.approved === true) return;
  const status = interaction.status;
  if (status === "answered" || status === "declined" || status === "timed_out") writeToolResult(d, interaction.origin.toolCallId, toolResultContent(status === "answered" ? "declined" : status));
}
