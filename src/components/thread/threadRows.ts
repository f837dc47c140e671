import type { ThreadState } from "../../core/fold";

/**
 * A selector of the thread's rows: the message ids, less the tool results whose call the thread
 * knows (that call's card, on the assistant's row, shows the result; a row of its own would be an
 * empty gap in the list). The same array comes back until a row is added, removed or hidden, so
 * the list does not re-render per token. The announcer still reads every message.
 *
 * @example
 * const [selectRows] = useState(createRowSelector);
 * const rows = useThread(selectRows);
 */
export function createRowSelector(): (thread: ThreadState) => readonly string[] {
  let ids: readonly string[] | undefined;
  // The tool results among `ids`, as [message id, call id]: only these can be hidden.
  let results: [string, string][] = [];
  let hiddenKey = "";
  let rows: readonly string[] = [];
  return (thread) => {
    if (thread.messageIds !== ids) {
      ids = thread.messageIds;
      results = [];
      for (const id of ids) {
        const message = thread.messages.get(id);
        if (message?.role === "tool") results.push([id, message.toolCallId]);
      }
      hiddenKey = "\0";
    }
    if (results.length === 0) return (rows = ids);
    const hidden = results.filter(([, callId]) => thread.toolCalls.has(callId)).map(([id]) => id);
    const key = hidden.join("\0");
    if (key !== hiddenKey) {
      hiddenKey = key;
      const skip = new Set(hidden);
      rows = skip.size ? ids.filter((id) => !skip.has(id)) : ids;
    }
    return rows;
  };
}
