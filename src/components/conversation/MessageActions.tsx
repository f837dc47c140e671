import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { contentToText } from "@ag-ui/core";
import type { ThreadMessage } from "../../core/fold";
import { useBranches, useCopyMessage, useMessageActions } from "../../react/conversation";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { Message } from "../message/MessageParts";
import { actionButton } from "./actionButton";

// The editor and the media are loaded when first needed: most messages are never edited, and
// most carry no pictures or files.
const MessageEditor = lazy(() => import("./MessageEditor"));
const MessageMedia = lazy(() => import("./MessageMedia"));

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
        <span aria-hidden dir="ltr">{index} / {count}</span>
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
  const root = useRef<HTMLDivElement>(null);
  const content = "content" in message ? message.content : undefined;
  const text = typeof content === "string" || Array.isArray(content) ? contentToText(content) : "";
  const hasMedia = Array.isArray(content) && content.some((part: { type?: unknown }) => part.type !== "text");
  const close = (saved: boolean) => {
    const scope = root.current?.closest(".parley") ?? document;
    setEditing(false);
    // Saved: this message is replaced by the edit, and the person goes on from the composer.
    requestAnimationFrame(() => (saved ? scope.querySelector<HTMLElement>('[data-slot="composer-input"]') : root.current?.querySelector<HTMLElement>('[data-slot="message-edit"]'))?.focus());
  };
  return (
    <div ref={root} data-slot="user-message-content" className="pl:contents">
      {editing ? (
        <Suspense fallback={null}>
          <MessageEditor text={text} canSave={canFork} save={edit} close={close} />
        </Suspense>
      ) : (
        <>
          <Message.Body className="pl:whitespace-pre-wrap pl:break-words">{text}</Message.Body>
          {hasMedia ? (
            <Suspense fallback={null}>
              <MessageMedia content={content} />
            </Suspense>
          ) : null}
          <Toolbar className="pl:justify-end">
            <BranchPicker messageId={message.id} />
            <CopyMessageButton messageId={message.id} />
            <button type="button" data-slot="message-edit" disabled={!canFork} onClick={() => setEditing(true)} className={actionButton}>
              {t.edit}
            </button>
          </Toolbar>
        </>
      )}
    </div>
  );
}
EditableUserMessage.displayName = "Parley.EditableUserMessage";
