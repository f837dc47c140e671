import type { Draft } from "../thread/draft";
import { writeToolResult } from "../thread/write";
import { parseArgs } from "../fold/parseArgs";
import { parseEnvelope } from "../protocol/envelope";
import { envelopeFromToolArgs, parleyToolType, type ParleyToolName } from "../protocol/parleyTools";
import type { Interaction, InteractionResponse } from "../interactions/types";
import type { Message } from "@ag-ui/core";
import type { ThreadState } from "../thread/types";
import { recordDescribes } from "../decisions/record";
import { selectInteractions } from "../interactions/select";
import { addAsked, editInteraction, invalidate, linkCall, newInteraction, open, syncRow, wireResponse } from "./ask";

/**
 * A Parley tool (`parley_ask_permission`, `parley_advise` …): the agent asks by calling it. The
 * call's streamed arguments are the question; settling it writes the call's tool result, which is
 * how the answer goes back (it is in the next run's messages).
 */

/**
 * Once per burst, for the tool calls that changed: a call of a Parley tool becomes (or updates)
 * its interaction. While the arguments stream, the card shows the draft; at the end they are
 * checked as an envelope. A call that arrives already answered (history) is left as a tool call.
 */
export function syncToolInteractions(d: Draft, callIds: Iterable<string>): void {
  for (const callId of callIds) {
    const call = d.s.toolCalls.get(callId);
    const type = call && parleyToolType(call.name);
    if (!call || !type) continue;
    // Its own interaction only: a CUSTOM envelope or an interrupt may have taken the same id.
    const own = (id: string | undefined) => {
      const found = id === undefined ? undefined : d.s.interactions.get(id);
      return found?.origin.kind === "tool" && found.origin.toolCallId === call.id ? found : undefined;
    };
    let interaction = own(call.interactionId) ?? own(call.id) ?? own(`${call.id}#tool`);
    if (!interaction) {
      if (call.resultMessageId) continue;
      const id = d.s.interactions.get(call.id) ? `${call.id}#tool` : call.id;
      const created = newInteraction(id, { kind: "tool", toolCallId: call.id, toolName: call.name }, type, call.runId);
      created.status = "streaming";
      interaction = addAsked(d, d.adopt(created));
      if (!interaction) continue;
    }
    linkCall(d, call, interaction.id);
    if (interaction.status !== "streaming") continue;
    const edited = editInteraction(d, interaction);
    if (call.status === "streaming-args") {
      edited.draft = call.args;
    } else if (call.status === "error") {
      edited.status = "withdrawn";
      edited.problem = "The run ended before the question was complete.";
      delete edited.draft;
    } else {
      // Parsed here, not read from `call.args`: that is brought up to date once per burst, and the
      // envelope must not depend on where the burst ended.
      const args = parseArgs(call.argsText);
      const raw = envelopeFromToolArgs(call.id, call.name as ParleyToolName, args);
      const parsed = args === undefined && call.argsText.trim() ? { ok: false as const, problem: "The tool call's arguments are not valid JSON" } : parseEnvelope(raw);
      if (parsed.ok) open(d, edited, parsed.envelope);
      else invalidate(d, edited, `${call.name}: ${parsed.problem}`, call.argsText, call);
    }
    syncRow(d, edited);
  }
}

type Outcome = "answered" | "declined" | "timed_out" | "withdrawn" | "shown";

/**
 * The `content` of the tool message that answers a Parley tool call.
 *
 * @example
 * toolResultContent("answered", { action: "choose", optionIds: ["b"], numbers: [2] });
 * // '{"status":"answered","response":{"action":"choose","optionIds":["b"],"numbers":[2]}}'
 */
export function toolResultContent(status: Outcome, response?: InteractionResponse): string {
  const wire = status === "answered" ? wireResponse(response) : undefined;
  return JSON.stringify(wire === undefined ? { status } : { status, response: wire });
}

/** Settling answers the call: its tool result says how (and, when answered, what). */
export function settled(d: Draft, interaction: Interaction): void {
  if (interaction.origin.kind !== "tool" || !isOutcome(interaction.status)) return;
  writeToolResult(d, interaction.origin.toolCallId, toolResultContent(interaction.status, interaction.response));
}

function isOutcome(status: Interaction["status"]): status is Outcome {
  return status === "answered" || status === "declined" || status === "timed_out" || status === "withdrawn" || status === "shown";
}

/**
 * The tool messages of a run with the decision records their questions carry: a Parley tool call
 * asked with the server's proof (`createToolCallAsk`) is answered by its tool message, whose
 * `content` — what the model reads — stays as it is; the record rides in the message's own
 * `metadata.parley` (AG-UI 1.0's message metadata), where the server's `verifyDecision` reads it.
 *
 * @example
 * input.messages = withDecisionRecords(thread, toAgUiMessages(thread));
 */
export function withDecisionRecords(thread: ThreadState, messages: Message[]): Message[] {
  // No question of a Parley tool carries a record (most threads): the messages as they are, not
  // read one by one (a run's start at 10,000 messages).
  if (!selectInteractions(thread).some((i) => i.origin.kind === "tool" && i.decision)) return messages;
  return messages.map((m) => {
    const call = m.role === "tool" ? thread.toolCalls.get(m.toolCallId) : undefined;
    const asked = call?.interactionId === undefined ? undefined : thread.interactions.get(call.interactionId);
    return asked?.origin.kind === "tool" && asked.decision && recordDescribes(asked, asked.decision) ? { ...m, metadata: { ...m.metadata, parley: asked.decision } } : m;
  });
}
