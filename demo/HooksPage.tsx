/**
 * The demo's hooks-only page (`?ui=hooks`): the same chat built only on the public hooks, with
 * none of the kit's components — it shows that the hooks alone are enough to build a chat,
 * questions and numbered replies included. `App.tsx` shows it in place of the kit's components.
 */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { useAgentRun, useInteraction, useInteractionActions, useMessage, useMessageIds, useReplyPlan, useToolCall } from "../src";

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

/** A question from the agent, answered with the hooks alone (the kit's cards do much more). */
function InteractionView({ id }: { id: string }) {
  const interaction = useInteraction(id);
  const { answer, decline } = useInteractionActions();
  const envelope = interaction?.envelope;
  if (!interaction || !envelope) return interaction ? <p className="demo-status">A question is arriving…</p> : null;
  const open = interaction.status === "pending";
  const payload = envelope.payload as { content?: string; summary?: string };
  return (
    <article className="demo-msg" data-role="interaction" data-state={interaction.status}>
      <div>{payload.summary ?? payload.content}</div>
      {open && envelope.messageType === "advice"
        ? envelope.payload.options.map((option, i) => (
            <button key={option.id} type="button" onClick={() => answer(id, { action: "choose", optionIds: [option.id], numbers: [] })}>
              {interaction.numbers[i]}. {option.label}
            </button>
          ))
        : null}
      {open && envelope.messageType === "permission_request" && envelope.payload.confirmText === undefined ? (
        <button type="button" onClick={() => answer(id, { approved: true })}>Approve</button>
      ) : null}
      {open && envelope.messageType === "error"
        ? envelope.payload.actions.map((action) => (
            <button key={action} type="button" onClick={() => answer(id, { action })}>{action}</button>
          ))
        : null}
      {open ? <button type="button" onClick={() => decline(id)}>Decline</button> : <small> — {interaction.status}</small>}
    </article>
  );
}

function MessageRow({ id }: { id: string }) {
  const message = useMessage(id);
  if (!message || message.role === "tool") return null; // shown inside its tool call
  if (message.role === "interaction") return <InteractionView id={message.interactionId} />;
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

export function HooksThread() {
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

export function HooksStatus() {
  const { status, isRunning } = useAgentRun();
  return (
    <div className="demo-status" role="status">
      {isRunning ? `Agent is ${status}…` : ""}
    </div>
  );
}

export function HooksRunError() {
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

export function HooksComposer() {
  const { stop, isRunning } = useAgentRun();
  const { reply } = useInteractionActions();
  const [text, setText] = useState("");
  const plan = useReplyPlan(text);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // "3" answers option 3 of an open question; with other questions open, they are declined first.
    if (reply(text, { declineOpen: true }).done) setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) submit(event);
  };
  return (
    <form className="demo-composer" onSubmit={submit}>
      <textarea aria-label="Message" placeholder="Message the agent…" value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      {plan.kind === "refuse" ? <span role="alert">Choose from {plan.range}.</span> : null}
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
