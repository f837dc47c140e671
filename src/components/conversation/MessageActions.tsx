import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { cva } from "class-variance-authority";
import type { ThreadMessage } from "../../core/fold";
import { useBranches, useCopyMessage, useMessageActions } from "../../react/conversation";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { Message } from "../message/MessageParts";
import { actionButton } from "./actionButton";
import { useLazyChunk } from "../lib/lazyChunk";
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, CopyIcon, PencilIcon, RegenerateIcon } from "../lib/icons";
import { tooltipChunk } from "./tooltipChunk";
import { useExtraActions } from "./extraActions";
import { contentMedia, contentText } from "../../core/thread/messageContent";

// The editor and the media are loaded when first needed: most messages are never edited, and
// most carry no pictures or files.
const MessageEditor = lazy(() => import("./MessageEditor"));
const MessageMedia = lazy(() => import("./MessageMedia"));

// One class string per side, joined by cva: cn() passes it through without tailwind-merge when no
// `className` is given (the first screen's action rows built its class map before).
const toolbar = cva("pl:relative pl:flex pl:flex-wrap pl:items-center pl:gap-0.5 pl:text-muted-foreground", {
  variants: { side: { start: "pl:-ms-1.5", end: "pl:-me-1.5 pl:justify-end" } },
});

/**
 * The row of icon actions after a message, outside its bubble. On a screen with a mouse it shows
 * while the row is hovered or holds focus (parley.css, `[data-slot=message-actions]`); on a touch
 * screen it is always there. `children` go after the kit's actions.
 */
function Toolbar({ children, side, className }: { children: ReactNode; side: "start" | "end"; className?: string }) {
  const row = useRef<HTMLDivElement>(null);
  const tips = useLazyChunk(tooltipChunk);
  return (
    <div ref={row} data-slot="message-actions" className={cn(toolbar({ side }), className)}>
      {children}
      {/* Added after the buttons once loaded: they keep their place and are not re-mounted. */}
      {tips ? <tips.RowTooltip row={row} /> : null}
    </div>
  );
}

interface IconActionProps {
  label: string;
  slot: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
  state?: string;
}

/** An icon button named by `label`: its accessible name, and the row's tooltip over it. */
function IconAction({ label, slot, icon, disabled, onClick, state }: IconActionProps) {
  return (
    <button type="button" data-slot={slot} data-state={state} aria-label={label} disabled={disabled} onClick={onClick} className={actionButton}>
      {icon}
    </button>
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
        <ChevronLeftIcon size={14} className="pl:shrink-0 pl:rtl:-scale-x-100" />
      </button>
      <span data-slot="branch-position" className="pl:text-xs pl:tabular-nums">
        <span aria-hidden dir="ltr">{index} / {count}</span>
        <span className="pl:sr-only">{t.branchPosition(index, count)}</span>
      </span>
      <button type="button" data-slot="branch-next" aria-label={t.nextBranch} disabled={!canFork || index >= count} onClick={() => branches.next()} className={actionButton}>
        <ChevronRightIcon size={14} className="pl:shrink-0 pl:rtl:-scale-x-100" />
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
  const label = state === "copied" ? t.copied : state === "failed" ? t.copyFailed : t.copyMessage;
  return (
    <>
      <IconAction slot="message-copy" state={state} label={label} icon={state === "copied" ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy()} />
      {/* The button's name changes silently; this says it. */}
      <span aria-live="polite" className="pl:sr-only">{state === "idle" ? "" : label}</span>
    </>
  );
}
CopyMessageButton.displayName = "Parley.CopyMessageButton";

export interface AnswerActionsProps {
  messageId: string;
  /** More actions at the end of the row (feedback, share …), after those of `<MessageExtraActions>`. */
  children?: ReactNode;
  className?: string;
}

/**
 * After an answer (once per turn, after its last part): its versions, Copy and Regenerate (asks
 * again; the old answer stays as a version), as icon buttons with tooltips; then the app's extra
 * actions (`<MessageExtraActions>`) and `children`.
 *
 * @example
 * <AnswerActions messageId={message.id}><ThumbsUp messageId={message.id} /></AnswerActions>
 */
export function AnswerActions({ messageId, children, className }: AnswerActionsProps) {
  const t = useLabels().conversation;
  const { canFork, regenerate } = useMessageActions(messageId);
  const extra = useExtraActions(messageId, "assistant");
  return (
    <Toolbar side="start" className={className}>
      <CopyMessageButton messageId={messageId} />
      <IconAction slot="message-regenerate" label={t.regenerate} icon={<RegenerateIcon />} disabled={!canFork} onClick={() => regenerate()} />
      <BranchPicker messageId={messageId} />
      {extra}
      {children}
    </Toolbar>
  );
}
AnswerActions.displayName = "Parley.AnswerActions";

/**
 * The person's message: the text in its bubble, then (outside it) its versions, Copy and Edit,
 * and the app's extra actions (`<MessageExtraActions>`). Edit opens an inline editor: Save and
 * send forks the conversation at this message and runs; Escape or Cancel closes it.
 *
 * @example
 * <EditableUserMessage message={message} />
 */
export function EditableUserMessage({ message }: { message: ThreadMessage }) {
  const t = useLabels().conversation;
  const { canFork, edit } = useMessageActions(message.id);
  const extra = useExtraActions(message.id, "user");
  const [editing, setEditing] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const content = "content" in message ? message.content : undefined;
  const text = contentText(content);
  const hasMedia = contentMedia(content).length > 0;
  const close = (saved: boolean) => {
    const scope = root.current?.closest(".parley") ?? document;
    setEditing(false);
    // Saved: this message is replaced by the edit, and the person goes on from the composer.
    requestAnimationFrame(() => (saved ? scope.querySelector<HTMLElement>('[data-slot="composer-input"]') : root.current?.querySelector<HTMLElement>('[data-slot="message-edit"]'))?.focus());
  };
  return (
    <div ref={root} data-slot="user-message-content" data-state={editing ? "editing" : "idle"} className="pl:flex pl:min-w-0 pl:flex-col pl:items-end pl:gap-1 pl:data-[state=editing]:w-full">
      {editing ? (
        <Suspense fallback={null}>
          <MessageEditor text={text} canSave={canFork} save={edit} close={close} />
        </Suspense>
      ) : (
        <>
          <div data-slot="message-bubble" className="pl:max-w-full pl:rounded-2xl pl:rounded-ee-md pl:bg-bubble pl:px-4 pl:py-2 pl:text-bubble-foreground">
            {/* The part's own class and these, joined by the slot: nothing to merge. */}
            <Message.Body asChild>
              <div className="pl:whitespace-pre-wrap pl:break-words">{text}</div>
            </Message.Body>
            {hasMedia ? (
              <Suspense fallback={null}>
                <MessageMedia content={content} />
              </Suspense>
            ) : null}
          </div>
          <Toolbar side="end">
            <BranchPicker messageId={message.id} />
            <CopyMessageButton messageId={message.id} />
            <IconAction slot="message-edit" label={t.edit} icon={<PencilIcon />} disabled={!canFork} onClick={() => setEditing(true)} />
            {extra}
          </Toolbar>
        </>
      )}
    </div>
  );
}
EditableUserMessage.displayName = "Parley.EditableUserMessage";
