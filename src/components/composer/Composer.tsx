import { useId, useRef, useState, type KeyboardEvent, type FormEvent, type MouseEvent } from "react";
import { useStore } from "zustand";
import { useThreadStore } from "../../react/ParleyProvider";
import { useAgentRun } from "../../react/hooks";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";

/**
 * True while an input method (Chinese, Japanese, Korean …) is composing: Enter then picks a
 * candidate and must not send. Safari reports the end of composition with keyCode 229.
 */
export function isComposing(event: KeyboardEvent<HTMLElement>): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

export interface ComposerProps {
  className?: string;
  placeholder?: string;
}

/**
 * Where the person writes. Enter sends, Shift+Enter adds a line, and Enter never sends while an
 * input method is composing. While the agent runs, Send becomes Stop. Without an agent it is
 * disabled and says why. `data-state` is `no-agent`, `idle` or `running`.
 *
 * @example
 * <Composer placeholder="Ask about your order…" />
 */
export function Composer({ className, placeholder }: ComposerProps) {
  const t = useLabels();
  const store = useThreadStore("Composer");
  const hasAgent = useStore(store, (s) => s.agent !== undefined);
  const { isRunning, send, stop } = useAgentRun();
  const [text, setText] = useState("");
  const reasonId = useId();
  const state = !hasAgent ? "no-agent" : isRunning ? "running" : "idle";

  const input = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    if (state !== "idle" || !text.trim()) return;
    if (!send(text)) return;
    setText("");
    // Send turns into Stop: keep focus in the text box, so a second Enter cannot stop the run.
    input.current?.focus();
  };
  const onStop = (event: MouseEvent<HTMLButtonElement>) => {
    // The second click of a double-click on Send lands on Stop, which took its place.
    if (event.detail > 1) return;
    stop();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || isComposing(event)) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      data-slot="composer"
      data-state={state}
      onSubmit={onSubmit}
      className={cn("pl:flex pl:flex-col pl:gap-1 pl:border-t pl:border-border pl:bg-background pl:p-3", className)}
    >
      <div className="pl:flex pl:items-end pl:gap-2">
        <textarea
          ref={input}
          data-slot="composer-input"
          aria-label={t.composerLabel}
          aria-describedby={state === "no-agent" ? reasonId : undefined}
          placeholder={placeholder ?? t.composerPlaceholder}
          value={text}
          disabled={state === "no-agent"}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          className="pl:max-h-40 pl:min-h-10 pl:flex-1 pl:resize-none pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:text-foreground pl:placeholder:text-muted-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:bg-muted"
        />
        {state === "running" ? (
          <button
            key="stop"
            type="button"
            data-slot="composer-stop"
            onClick={onStop}
            className="pl:h-10 pl:rounded-md pl:border pl:border-border pl:px-4 pl:font-medium pl:text-foreground pl:hover:bg-accent pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
          >
            {t.stop}
          </button>
        ) : (
          <button
            key="send"
            type="submit"
            data-slot="composer-send"
            disabled={state === "no-agent" || !text.trim()}
            className="pl:h-10 pl:rounded-md pl:bg-primary pl:px-4 pl:font-medium pl:text-primary-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-60"
          >
            {t.send}
          </button>
        )}
      </div>
      {state === "no-agent" ? (
        <p id={reasonId} data-slot="composer-reason" className="pl:text-xs pl:text-muted-foreground">
          {t.noAgent}
        </p>
      ) : null}
    </form>
  );
}
Composer.displayName = "Parley.Composer";
