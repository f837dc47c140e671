/**
 * Stand-ins for the kit's components, built only on the public hooks. The demo uses these until
 * `src/components` ships Thread/Composer/AgentStatus/RunError; they also show that the hooks alone
 * are enough to build a chat.
 */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { useAgentRun, useMessage, useMessageIds, useToolCall } from "../src";

function ToolCallView({ id }: { id: string }) {
  const call = useToolCall(id);
  const result = useMessage(call?.resultMessageId ?? "");
  if (!call) return null;
  return (
    <details className="demo-tool" data-testid="tool-call">
      <summary>
        Tool <code>{call.name}</code> — {call.status}
      </summary>
      <div>Arguments</div>
      <pre>{call.argsText}</pre>
      {result && typeof result.content === "string" ? (
        <>
          <div>Result</div>
          <pre>{result.content}</pre>
        </>
      ) : null}
    </details>
  );
}

function MessageRow({ id }: { id: string }) {
  const message = useMessage(id);
  if (!message || message.role === "tool") return null; // shown inside its tool call
  const text = typeof message.content === "string" ? message.content : "";
  const toolCallIds = message.role === "assistant" ? (message.toolCallIds ?? []) : [];
  return (
    <article className="demo-msg" data-role={message.role} aria-busy={message.streaming || undefined}>
      {message.role === "reasoning" ? <div>Thinking: {text}</div> : message.role === "user" ? <div>{text}</div> : null}
      {message.role === "assistant" && text ? <Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown> : null}
      {toolCallIds.map((callId) => (
        <ToolCallView key={callId} id={callId} />
      ))}
    </article>
  );
}

export function FallbackThread() {
  const ids = useMessageIds();
  return (
    <div className="demo-thread" role="log" aria-live="polite" aria-label="Conversation">
      {ids.length === 0 ? <p className="demo-status">Pick a scenario above or type a message.</p> : null}
      {ids.map((id) => (
        <MessageRow key={id} id={id} />
      ))}
    </div>
  );
}

export function FallbackStatus() {
  const { status, isRunning } = useAgentRun();
  return (
    <div className="demo-status" role="status">
      {isRunning ? `Agent is ${status}…` : ""}
    </div>
  );
}

export function FallbackRunError() {
  const { error, retry, isRunning } = useAgentRun();
  if (!error || isRunning) return null;
  return (
    <div className="demo-error" role="alert">
      <span>{error.message}</span>
      <button type="button" onClick={() => retry()}>
        Retry
      </button>
    </div>
  );
}

export function FallbackComposer() {
  const { send, stop, isRunning } = useAgentRun();
  const [text, setText] = useState("");
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send(text)) setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) submit(event);
  };
  return (
    <form className="demo-composer" onSubmit={submit}>
      <textarea aria-label="Message" placeholder="Message the agent…" value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      {isRunning ? (
        <button type="button" onClick={() => stop()}>
          Stop
        </button>
      ) : (
        <button type="submit" className="demo-primary" disabled={!text.trim()}>
          Send
        </button>
      )}
    </form>
  );
}
