import { selectInteractions } from "../core/interactions";
import { needsDecisionRecord } from "../core/decisions/record";
import type { ThreadState } from "../core/fold";
import { isDevelopment } from "../core/dev";
import type { StoreCore } from "./storeCore";

type RecorderCore = Pick<StoreCore, "act" | "who" | "createId" | "get" | "commit">;

/**
 * Writes the decision record of every settled ask whose server asked for one (its proof), before
 * the answer goes: the digests are WebCrypto's, so asynchronous; the store does not go on by
 * itself while one is being written (`waiting`), and goes on once it is. Where the digests cannot
 * be made (no WebCrypto: an insecure origin), the answer goes without a record — the server's
 * `verifyDecision` then refuses it in words — and development builds warn (`turn.unrecorded` says
 * which, so the store stops waiting for them). An approval whose ask
 * requires a passkey is left to the step-up (`signDecision` of `parley-ui/passkey`), which writes
 * its record signed; until then, or until the person changes their answer, the answers wait.
 *
 * @example
 * const decisions = createDecisionRecorder(core);
 * decisions.record(thread); // from commit, when the questions changed
 */
export function createDecisionRecorder(core: RecorderCore) {
  // Writes under way: transient, so the same record is not written twice while WebCrypto works.
  const writing = new Set<string>();
  const givenUp = (id: string) => core.get().turn.unrecorded.includes(id);
  const write = async (interactionId: string, thread: ThreadState) => {
    const interaction = thread.interactions.get(interactionId)!;
    try {
      const { decisionRecordFor } = await import("../core/decisions/writeRecord");
      const record = await decisionRecordFor(interaction, { who: core.who, decisionId: core.createId(), thread });
      // None for an approval that awaits the passkey (the step-up writes it, signed). Refused when the
      // question changed meanwhile (corrected, delivered): the next commit writes again.
      if (record) core.act({ type: "record-decision", interactionId, record });
    } catch (error) {
      if (isDevelopment()) console.warn(`Parley: the decision record for "${interactionId}" could not be written (${String(error)}); the answer goes without it.`);
      const turn = core.get().turn;
      if (!turn.unrecorded.includes(interactionId)) core.commit({ turn: { ...turn, unrecorded: [...turn.unrecorded, interactionId] } });
    } finally {
      writing.delete(interactionId);
    }
  };
  return {
    record(thread: ThreadState) {
      if (!thread.interactionIds.length) return;
      for (const interaction of selectInteractions(thread)) {
        if (writing.has(interaction.id) || givenUp(interaction.id) || !needsDecisionRecord(interaction)) continue;
        writing.add(interaction.id);
        void write(interaction.id, thread);
      }
    },
    /** A record is being written (or is still to be, by the passkey step-up too): the answers wait for it. */
    waiting(thread: ThreadState): boolean {
      if (!thread.interactionIds.length) return false;
      return selectInteractions(thread).some((i) => !givenUp(i.id) && needsDecisionRecord(i));
    },
  };
}
