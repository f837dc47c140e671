import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { contentToText } from "@ag-ui/core";
import type { ThreadMessage } from "../../core/fold";
import { useBranches, useCopyMessage, useMessageActions } from "../../react/conversation";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { Message } from "../message/MessageParts";
import { MessageMedia } from "./MessageMedia";

const actionButton =
  "pl:inline-flex pl:h-6 pl:min-w-6 pl:items-center pl:justify-center pl:rounded-md pl:px-1.5 pl:text-xs pl:text-current pl:hover:bg-accent pl:hover:text-accent-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-50 pl:pointer-coarse:h-11 pl:pointer-coarse:min-w-11";

/** The row of small actions under a message. */
function Toolbar({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div data-slot="message-actions" className={cn("pl:mt-1 pl:flex pl:flex-wrap pl:items-center pl:gap-1", className)}>
      {children}
    </div>
  );
}

/**
 * "2 / 3" with previous and next: the versions of the conversation that start at this message
 * (after an edit or a regeneration). Renders nothing for a message with one version.
 *
 * @example
 * <BranchPicker messageId={message.id} />
 */
export function BranchPicker({ messageId, className }: { messageId: string; className?: string }) {
  const t = useLabels().conversation;
  const branches = useBranches(messageId);
  const { canFork } = useMessageActions(messageId);
  if (!branches) return null;
  const { index, count } = branches;
  return (
    <div role="group" aria-label={t.branches} data-slot="branch-picker" data-index={index} data-count={count} className={cn("pl:inline-flex pl:items-center pl:gap-0.5", className)}>
      <button type="button" data-slot="branch-previous" aria-label={t.previousBranch} disabled={!canFork || index <= 1} onClick={() => branches.previous()} className={actionButton}>
        <span aria-hidden>‹</span>
      </button>
      <span data-slot="branch-position" className="pl:text-xs pl:tabular-nums">
        <span aria-hidden>{index} / {count}</span>
        <span className="pl:sr-only">{t.branchPosition(index, count)}</span>
      </span>
      <button type="button" data-slot="branch-next" aria-label={t.nextBranch} disabled={!canFork || index >= count} onClick={() => branches.next()} className={actionButton}>
        <span aria-hidden>›</span>
      </button>
    </div>
  );
}
BranchPicker.displayName = "Parley.BranchPicker";

/**
 * Copies the message as Markdown; says "Copied" (or that it could not) for a moment.
 *
 * @example
 * <CopyMessageButton messageId={message.id} />
 */
export function CopyMessageButton({ messageId }: { messageId: string }) {
  const t = useLabels().conversation;
  const { copy, state } = useCopyMessage(messageId);
  return (
    <button type="button" data-slot="message-copy" data-state={state} onClick={() => void copy()} className={actionButton}>
      <span aria-live="polite">{state === "copied" ? t.copied : state === "failed" ? t.copyFailed : t.copyMessage}</span>
    </button>
  );
}
CopyMessageButton.displayName = "Parley.CopyMessageButton";

/**
 * Under an answer: its versions, Copy and Regenerate (asks again; the old answer stays as a version).
 *
 * @example
 * <AnswerActions messageId={message.id} />
 */
export function AnswerActions({ messageId }: { messageId: string }) {
  const t = useLabels().conversation;
  const { canFork, regenerate } = useMessageActions(messageId);
  return (
    <Toolbar>
      <BranchPicker messageId={messageId} />
      <CopyMessageButton messageId={messageId} />
      <button type="button" data-slot="message-regenerate" disabled={!canFork} onClick={() => regenerate()} className={actionButton}>
        {t.regenerate}
      </button>
    </Toolbar>
  );
}
AnswerActions.displayName = "Parley.AnswerActions";

/**
 * The person's message with its versions, Copy and Edit. Edit opens an inline editor: Save and
 * send forks the conversation at this message and runs; Escape or Cancel closes it.
 *
 * @example
 * <EditableUserMessage message={message} />
 */
export function EditableUserMessage({ message }: { message: ThreadMessage }) {
  const t = useLabels().conversation;
  const { canFork, edit } = useMessageActions(message.id);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const problemId = useId();
  const text = "content" in message && (typeof message.content === "string" || Array.isArray(message.content)) ? contentToText(message.content) : "";
  const close = () => {
    setEditing(false);
    setProblem(undefined);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("message");
    const result = edit(typeof value === "string" ? value : "");
    if (result.ok) {
      setEditing(false);
      // This message is replaced by the edited one: the person goes on from the composer.
      const root = event.currentTarget.closest(".parley") ?? document;
      requestAnimationFrame(() => root.querySelector<HTMLElement>('[data-slot="composer-input"]')?.focus());
    } else setProblem(result.refusal.message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  if (editing) {
    return (
      <form data-slot="message-editor" onSubmit={submit} className="pl:flex pl:flex-col pl:gap-2">
        <textarea
          name="message"
          aria-label={t.editLabel}
          defaultValue={text}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the person just pressed Edit: the editor is where they mean to type.
          autoFocus
          rows={Math.min(8, Math.max(2, text.split("\n").length))}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="pl:w-full pl:resize-y pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
        />
        {problem ? (
          <p id={problemId} role="alert" data-slot="message-editor-problem" className="pl:m-0 pl:text-xs pl:text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="pl:flex pl:justify-end pl:gap-2">
          <button type="button" data-slot="message-editor-cancel" onClick={close} className={cn(actionButton, "pl:border pl:border-border pl:px-3")}>
            {t.cancel}
          </button>
          <button type="submit" data-slot="message-editor-save" disabled={!canFork} className={cn(actionButton, "pl:bg-primary pl:px-3 pl:text-primary-foreground pl:hover:bg-primary pl:hover:text-primary-foreground")}>
            {t.saveAndSend}
          </button>
        </div>
      </form>
    );
  }
  return (
    <>
      <Message.Body className="pl:whitespace-pre-wrap pl:break-words">{text}</Message.Body>
      <MessageMedia content={"content" in message ? message.content : undefined} />
      <Toolbar className="pl:justify-end">
        <BranchPicker messageId={message.id} />
        <CopyMessageButton messageId={message.id} />
        <button ref={editButton} type="button" data-slot="message-edit" disabled={!canFork} onClick={() => setEditing(true)} className={actionButton}>
          {t.edit}
        </button>
      </Toolbar>
    </>
  );
}
EditableUserMessage.displayName = "Parley.EditableUserMessage";
