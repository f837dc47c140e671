import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { ActionResult } from "../../store/createThreadStore";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { buttonVariants } from "../lib/button";

export interface MessageEditorProps {
  text: string;
  canSave: boolean;
  save: (text: string) => ActionResult;
  /** Closed: `saved` after Save and send went out, otherwise cancelled. */
  close: (saved: boolean) => void;
}

/**
 * The inline editor of the person's message (loaded the first time someone presses Edit): Enter
 * or Save and send saves, Shift+Enter adds a line, Escape or Cancel closes; a refusal is said.
 */
export function MessageEditor({ text, canSave, save, close }: MessageEditorProps) {
  const t = useLabels().conversation;
  const [problem, setProblem] = useState<string>();
  const problemId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("message");
    const result = save(typeof value === "string" ? value : "");
    if (result.ok) close(true);
    else setProblem(result.refusal.message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(false);
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
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
        <button type="button" data-slot="message-editor-cancel" onClick={() => close(false)} className={cn(buttonVariants({ variant: "secondary", size: "xs" }), "pl:px-3")}>
          {t.cancel}
        </button>
        <button type="submit" data-slot="message-editor-save" disabled={!canSave} className={cn(buttonVariants({ variant: "primary", size: "xs" }), "pl:px-3")}>
          {t.saveAndSend}
        </button>
      </div>
    </form>
  );
}
MessageEditor.displayName = "Parley.MessageEditor";
export default MessageEditor;
