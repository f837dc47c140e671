import type { ThreadState } from "../../core/fold";
import { messagesKept } from "../../core/thread/appended";

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
  let seen: ThreadState | undefined;
  let ids: readonly string[] = [];
  // The tool results among `ids`, as [message id, call id]: only these can be hidden.
  let results: [string, string][] = [];
  let hiddenKey = "";
  let rows: readonly string[] = [];
  return (thread) => {
    if (thread.messageIds !== ids) {
      // Messages only added at the end (a reply, the person's message): only they are read.
      const from = messagesKept(seen, thread);
      if (!from) results = [];
      ids = thread.messageIds;
      for (let i = from; i < ids.length; i++) {
        const message = thread.messages.get(ids[i] as string);
        if (message?.role === "tool") results.push([ids[i] as string, message.toolCallId]);
      }
      hiddenKey = "\0";
    }
    seen = thread;
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
