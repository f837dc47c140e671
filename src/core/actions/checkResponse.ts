import type { ActionRefusal } from "./clientAction";
import type { Interaction, InteractionResponse } from "../interactions/types";
import { editsProblem } from "../interactions/answerShape";
import { isRecord } from "../thread/guards";

const invalid = (message: string): ActionRefusal => ({ code: "invalid-response", message });

/**
 * Whether `response` is an answer `interaction` can take: an option it offered, a recovery action
 * it listed, the exact typed confirmation it asked for. The components check the same things
 * before they offer an answer; this is the check that holds whatever called the door.
 *
 * @example
 * checkResponse(advice, { action: "choose", optionIds: ["x"], numbers: [] }); // { code: "invalid-response", … }
 */
export function checkResponse(interaction: Interaction, response: InteractionResponse): ActionRefusal | undefined {
  const envelope = interaction.envelope;
  if (!envelope) return { code: "not-answerable", message: "This question has no envelope to answer." };
  if (typeof response !== "object" || response === null) return invalid("An answer must be an object.");
  if (interaction.origin.kind === "a2ui" && !interaction.origin.confirms && envelope.messageType === "advice") {
    // What the person's door made of a press on a surface (origins/a2ui.ts): one of its buttons.
    const r = response as { action?: unknown; optionId?: unknown; userAction?: unknown };
    if (r.action !== "a2ui") return invalid("A surface is answered by pressing one of its buttons.");
    return envelope.payload.options.some((o) => o.id === r.optionId) && isRecord(r.userAction) ? undefined : invalid("That is not one of the surface's actions.");
  }
  switch (envelope.messageType) {
    case "notification":
      return { code: "not-answerable", message: "A notification needs no answer." };
    case "advice": {
      if (!("action" in response)) return invalid("Advice is answered with choose, accept, reject or text.");
      const payload = envelope.payload;
      switch (response.action) {
        case "choose": {
          const ids = Array.isArray(response.optionIds) ? [...new Set(response.optionIds as readonly string[])] : [];
          if (ids.length === 0) return invalid("Choose at least one option.");
          if (!payload.multiple && ids.length > 1) return invalid("Only one option may be chosen.");
          const unknown = ids.find((id) => !payload.options.some((o) => o.id === id));
          return unknown === undefined ? undefined : invalid(`"${unknown}" is not one of the options.`);
        }
        case "accept":
          return payload.options.length ? invalid("Choose one of the options.") : undefined;
        case "reject":
          return undefined;
        case "text":
          if (!payload.allowFreeText) return invalid("This question takes one of its options, not free text.");
          return typeof response.text === "string" && response.text.trim() ? undefined : invalid("The answer is empty.");
        default:
          return invalid("Advice is answered with choose, accept, reject or text.");
      }
    }
    case "permission_request": {
      if (!("approved" in response) || typeof response.approved !== "boolean") return invalid("A permission is answered with approved: true or false.");
      if (!response.approved) return undefined;
      const expected = envelope.payload.confirmText;
      if (expected !== undefined && (response.typedConfirmation ?? "").trim() !== expected.trim()) {
        return invalid(`Type "${expected}" exactly to approve.`);
      }
      if (response.editedArgs !== undefined && !envelope.payload.editable) return invalid("These arguments cannot be changed.");
      // Edits the agent's framework would refuse (an argument it does not take, or of another type) are refused here, in words.
      const shape = interaction.origin.kind === "interrupt" || interaction.origin.kind === "custom" ? interaction.origin.answer : undefined;
      const problem = response.editedArgs !== undefined && shape ? editsProblem(shape, envelope.payload.args, response.editedArgs) : undefined;
      return problem === undefined ? undefined : invalid(problem);
    }
    case "input_request":
      return "values" in response && isRecord(response.values)
        ? undefined
        : invalid("An input request is answered with its values.");
    case "error":
      return "action" in response && (envelope.payload.actions as readonly string[]).includes(response.action)
        ? undefined
        : invalid(`Choose one of: ${envelope.payload.actions.join(", ")}.`);
    default:
      return "value" in response ? undefined : invalid("Answer with { value }.");
  }
}
