import { useMemo } from "react";
import { useStore } from "zustand";
import type { ThreadMessage, ToolCallState } from "../../core/fold";
import { useThreadStore } from "../../react/ParleyProvider";
import { MessageErrorBoundary } from "../registry/MessageErrorBoundary";
import type { ToolRenderer, ToolRenderStatus } from "../registry/registry";
import { contentText } from "../../core/thread/messageContent";

/** A call shown by the app's renderer (`useToolRenderer`, `useFrontendTool`'s `render`), inside an error boundary. */
export function RenderedToolCall({ call, result, Renderer }: { call: ToolCallState; result: ThreadMessage | undefined; Renderer: ToolRenderer }) {
  const store = useThreadStore("ToolCallCard");
  const executing = useStore(store, (s) => s.runningToolCallIds.includes(call.id));
  // Answerable by the person while the run left it open for the app and no handler is on it.
  const open = useStore(store, (s) => s.thread.pendingToolCallIds.includes(call.id));
  const content = result?.role === "tool" ? contentText(result.content) : undefined;
  const parsed = useMemo(() => (content === undefined ? undefined : parseResult(content)), [content]);
  const error = result?.role === "tool" ? result.error : undefined;
  const status: ToolRenderStatus = executing ? "executing" : error ? "error" : call.status;
  // The boundary starts over when the call changes (the next streamed piece may render fine).
  const subject = useMemo((): ThreadMessage => result ?? { id: call.id, role: "tool", toolCallId: call.id, content: "" }, [result, call]);
  const respond = open && !executing && !call.resultMessageId ? (value: unknown) => void store.getState().respondToTool(call.id, value) : undefined;
  return (
    <div data-slot="tool-call" data-tool-call-id={call.id} data-tool-name={call.name} data-status={status}>
      <MessageErrorBoundary message={subject}>
        <Renderer
          name={call.name}
          toolCallId={call.id}
          args={call.args as never}
          status={status}
          result={parsed}
          {...(error !== undefined ? { error } : {})}
          {...(respond ? { respond } : {})}
          call={call}
        />
      </MessageErrorBoundary>
    </div>
  );
}

function parseResult(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}
