import { lazy, Suspense, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type FormEvent, type MouseEvent, type FocusEvent, type ReactNode, type DragEvent, type ClipboardEvent } from "react";
import type { ContentPart } from "@ag-ui/core";
import { useStore } from "zustand";
import type { ReplyPlan } from "../../core/interactions";
import { useThreadStore } from "../../react/ParleyProvider";
import { useAgentRun, useThread } from "../../react/hooks";
import { useInteractionActions, useReplyPlan } from "../../react/interactions";
import { useLabels, useLocale } from "../../i18n/LabelsContext";
import type { SpeechInput } from "../../core/channels/speechInput";
import { useAgentCapabilities } from "../../react/capabilities";
import type { ParleyLabels } from "../../i18n/labels";
import { cn } from "../lib/cn";
import { buttonVariants } from "../lib/button";
import { ComposerFocusContext } from "./ComposerFocus";
import { composerButton } from "./composerButton";
import { PaperclipIcon, SendIcon, StopIcon } from "../lib/icons";
import { useAttachments, type AttachmentOptions } from "../../react/attachments";
import { SuggestionChips } from "../conversation/SuggestionChips";

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
  /** Controls inside the field, before the text (an attachment button, say). */
  startActions?: ReactNode;
  /** Controls inside the field, just before Send / Stop. */
  endActions?: ReactNode;
  /**
   * Lets the person attach files — the attach button, pasted screenshots, files dropped on the
   * composer or anywhere in its `<ParleyUIProvider>` (the thread, a panel) — sent as AG-UI content
   * parts. `true` for the default limits and base64 `data` sources; `{ limits, uploadAttachment }`
   * to change the limits or store files and send URLs.
   */
  attachments?: boolean | AttachmentOptions;
  /**
   * A microphone in the field: `true` for the browser's speech recognition (no button where the
   * browser has none), or an app's own {@link SpeechInput} (a cloud recognizer). What is said goes
   * into the text box in the kit's locale and is planned like typing ("第三个" answers option 3).
   */
  dictation?: boolean | SpeechInput;
}

// The chips and what is said about them load with the first attached file.
const AttachmentTray = lazy(() => import("./AttachmentTray"));
// The microphone and its recognizer load when a composer offers dictation.
const DictationButton = lazy(() => import("./DictationButton").then((m) => ({ default: m.DictationButton })));
const AttachmentNotices = lazy(() => import("./AttachmentTray").then((m) => ({ default: m.AttachmentNotices })));

/** Files in a paste or a drop (an image copied from a page or a screenshot, files from the desktop). */
function filesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : [];
}

/**
 * Where the person writes — and answers. Enter sends, Shift+Enter adds a line, and Enter never
 * sends while an input method is composing. While the agent asks something, the kit resolves a
 * numbered reply itself: "3号" shows "→ 3 · 18:40" and Enter answers option 3; a number outside the
 * range is refused, naming the range, and nothing is sent; other words either answer advice that
 * takes free text or, with questions open, ask first whether to decline them. While the agent
 * runs, Send becomes Stop (typing "等一下" / "wait" pauses; the Pause button is on the status
 * line, `AgentStatusIndicator`); Escape stops the run. After Stop, and when a run ends while Stop
 * had focus, focus returns to the text box. `data-state` is `no-agent`, `idle` or
 * `running`. `startActions` / `endActions` put your own controls inside the field.
 *
 * @example
 * <Composer placeholder="Ask about your order…" startActions={<AttachButton />} />
 */
export function Composer({ className, placeholder, startActions, endActions, attachments, dictation }: ComposerProps) {
  const t = useLabels();
  const locale = useLocale();
  const { supports } = useAgentCapabilities();
  const [speech, setSpeech] = useState<{ listening: boolean; interim: string; error: string | undefined }>({ listening: false, interim: "", error: undefined });
  const store = useThreadStore("Composer");
  const hasAgent = useStore(store, (s) => s.agent !== undefined);
  const { isRunning, continuing, stop } = useAgentRun();
  const { reply } = useInteractionActions();
  const paused = useThread((thread) => thread.runs[thread.runs.length - 1]?.status === "paused");
  const [text, setText] = useState("");
  const [confirming, setConfirming] = useState(false);
  const files = useAttachments(typeof attachments === "object" ? attachments : undefined);
  // An agent that declares it takes no files is offered none.
  const attaching = attachments !== undefined && attachments !== false && supports("attachments");
  const hasFiles = files.attachments.length > 0;
  const [dragging, setDragging] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const plan = useReplyPlan(text, hasFiles);
  const reasonId = useId();
  const previewId = useId();
  // Between the runs the store chains by itself the agent is still at work: Stop stays the same button.
  const state = !hasAgent ? "no-agent" : isRunning || continuing ? "running" : "idle";

  const input = useRef<HTMLTextAreaElement>(null);
  // Parts beside the composer (Retry) hand focus back to the text box through the provider.
  const { register, registerDropTarget } = useContext(ComposerFocusContext);
  useEffect(() => register(() => input.current?.focus()), [register]);
  // Files dropped anywhere in the kit (the thread, a panel) come here, as if dropped on the composer.
  const addFiles = useRef(files.add);
  useEffect(() => {
    addFiles.current = files.add;
  });
  const takesDrops = attaching && state !== "no-agent";
  useEffect(() => {
    if (!takesDrops) return;
    return registerDropTarget({
      over: setDragging,
      drop: (dropped) => {
        void addFiles.current(dropped);
        input.current?.focus();
      },
    });
  }, [takesDrops, registerDropTarget]);
  // Stop exists only while running: when the run ends with it focused, the
  // browser drops focus on <body>. Remember that they had it, and give it to the text box.
  const runControlFocused = useRef(false);
  useEffect(() => {
    if (state === "running" || !runControlFocused.current) return;
    runControlFocused.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) input.current?.focus();
  }, [state]);
  const runControlFocus = {
    onFocus: () => {
      runControlFocused.current = true;
    },
    onBlur: (event: FocusEvent) => {
      // Focus moved on to something else; a control removed from the page moves it nowhere.
      if (event.relatedTarget) runControlFocused.current = false;
    },
  };
  const submit = async (declineOpen = false) => {
    if (state === "no-agent" || (!text.trim() && !hasFiles) || waiting) return;
    let parts: ContentPart[] | undefined;
    if (hasFiles) {
      // Send waits for the uploads; a failed one stays on its chip, with what was typed.
      setWaiting(true);
      parts = await files.settled();
      setWaiting(false);
      if (!parts) return;
    }
    // Words typed while the uploads finished go too.
    const words = input.current?.value ?? text;
    const result = reply(words, { declineOpen, attachments: parts });
    if (result.done) {
      setText("");
      files.clear();
      setConfirming(false);
    } else if (result.plan.kind === "decline-first") {
      setConfirming(true);
      return;
    }
    // Send turns into Stop: keep focus in the text box, so a second Enter cannot stop the run.
    input.current?.focus();
  };
  const onStop = (event: MouseEvent<HTMLButtonElement>) => {
    // The second click of a double-click on Send lands on Stop, which took its place.
    if (event.detail > 1) return;
    stop();
    input.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = filesOf(event.clipboardData);
    if (!attaching || !pasted.length) return;
    // A screenshot arrives as a file alone; copied text with an image keeps its text.
    if (!event.clipboardData.getData("text/plain")) event.preventDefault();
    void files.add(pasted);
  };
  const carriesFiles = (event: DragEvent) => attaching && state !== "no-agent" && Array.from(event.dataTransfer.types).includes("Files");
  const drop = attaching
    ? {
        onDragOver(event: DragEvent) {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        },
        onDragLeave(event: DragEvent<HTMLFormElement>) {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop(event: DragEvent) {
          setDragging(false);
          if (!carriesFiles(event)) return;
          event.preventDefault();
          void files.add(filesOf(event.dataTransfer));
        },
      }
    : {};
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape" && confirming) {
      setConfirming(false);
      return;
    }
    if (event.key === "Escape" && state === "running") {
      event.preventDefault();
      stop();
      return;
    }
    if (event.key !== "Enter" || event.shiftKey || isComposing(event)) return;
    event.preventDefault();
    void submit();
  };

  const preview = previewOf(plan, t);
  const refused = plan.kind === "refuse";

  return (
    <form
      data-slot="composer"
      data-state={state}
      data-drag={attaching ? (dragging ? "over" : "none") : undefined}
      onSubmit={onSubmit}
      {...drop}
      className={cn("pl:mx-auto pl:flex pl:w-full pl:max-w-column pl:flex-col pl:gap-1 pl:bg-background pl:px-4 pl:pt-2 pl:pb-3", className)}
    >
      <SuggestionChips />
      {hasFiles ? (
        <Suspense fallback={null}>
          <AttachmentTray attachments={files} onRemoved={() => input.current?.focus()} />
        </Suspense>
      ) : null}
      <div
        data-slot="composer-field"
        className="pl:relative pl:flex pl:items-end pl:gap-1.5 pl:rounded-3xl pl:border pl:border-border pl:bg-background pl:p-1.5 pl:shadow-float pl:focus-within:border-ring pl:has-[textarea:disabled]:bg-muted pl:in-data-[drag=over]:border-2 pl:in-data-[drag=over]:border-dashed pl:in-data-[drag=over]:border-primary"
      >
        {attaching ? (
          <>
            <button
              type="button"
              data-slot="composer-attach"
              aria-label={t.attachments.attach}
              disabled={state === "no-agent"}
              onClick={() => fileInput.current?.click()}
              className={composerButton({ tone: "quiet" })}
            >
              <PaperclipIcon size={18} />
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              tabIndex={-1}
              data-slot="composer-file-input"
              accept={files.accept}
              onChange={(event) => {
                void files.add(Array.from(event.target.files ?? []));
                // The same file picked again after removing it still fires a change.
                event.target.value = "";
              }}
            />
          </>
        ) : null}
        {startActions}
        <textarea
          ref={input}
          data-slot="composer-input"
          aria-label={t.composerLabel}
          aria-describedby={cn(state === "no-agent" && reasonId, preview && previewId) || undefined}
          aria-invalid={refused || undefined}
          placeholder={placeholder ?? t.composerPlaceholder}
          value={text}
          disabled={state === "no-agent"}
          onChange={(event) => {
            setText(event.target.value);
            setConfirming(false);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          rows={1}
          // The field shows focus (its border); the text box itself needs no second ring.
          className="pl:field-sizing-content pl:max-h-48 pl:min-h-9 pl:flex-1 pl:resize-none pl:bg-transparent pl:px-3 pl:py-1.5 pl:text-body pl:text-foreground pl:outline-none pl:placeholder:text-muted-foreground pl:disabled:cursor-not-allowed pl:pointer-coarse:min-h-11 pl:pointer-coarse:py-2.5"
        />
        {endActions}
        {dictation ? (
          <Suspense fallback={null}>
            <DictationButton
              input={dictation}
              lang={locale}
              disabled={state === "no-agent"}
              className={composerButton({ tone: "dictate" })}
              onFinal={(heard) => {
                setText((typed) => (typed.trim() ? `${typed.trimEnd()} ${heard}` : heard));
                setConfirming(false);
              }}
              onStatus={setSpeech}
            />
          </Suspense>
        ) : null}
        {state === "running" ? (
          // Pause is on the status line above (AgentStatusIndicator): one run control here.
          <>
            <button
              key="stop"
              type="button"
              data-slot="composer-stop"
              aria-label={t.stop}
              onClick={onStop}
              {...runControlFocus}
              className={composerButton({ tone: "stop" })}
            >
              <StopIcon />
            </button>
          </>
        ) : (
          <button
            key="send"
            type="submit"
            data-slot="composer-send"
            aria-label={t.send}
            disabled={state === "no-agent" || (!text.trim() && !hasFiles) || refused || files.status === "failed" || waiting}
            className={composerButton({ tone: "send" })}
          >
            <SendIcon size={18} />
          </button>
        )}
      </div>
      {dragging ? (
        <p data-slot="composer-drop-hint" aria-hidden className="pl:m-0 pl:text-center pl:text-xs pl:font-medium pl:text-primary">
          {t.attachments.dropHint}
        </p>
      ) : null}
      {files.refusals.length || waiting || files.status === "failed" ? (
        <Suspense fallback={null}>
          <AttachmentNotices attachments={files} waiting={waiting} />
        </Suspense>
      ) : null}
      {speech.listening || speech.error ? (
        <p data-slot="composer-dictation" data-state={speech.error ? "error" : "listening"} aria-live="polite" className="pl:m-0 pl:text-xs pl:text-muted-foreground pl:data-[state=error]:text-destructive">
          {speech.error ?? (speech.interim ? `${t.speech.listening} ${speech.interim}` : t.speech.listening)}
        </p>
      ) : null}
      {preview ? (
        <p
          id={previewId}
          data-slot="composer-preview"
          data-state={refused ? "refused" : "answer"}
          aria-live="polite"
          className="pl:m-0 pl:text-xs pl:data-[state=answer]:text-primary pl:data-[state=refused]:text-destructive"
        >
          {preview}
        </p>
      ) : null}
      {confirming && plan.kind === "decline-first" ? (
        <div role="alertdialog" aria-labelledby={`${previewId}-confirm`} data-slot="composer-confirm" className="pl:flex pl:flex-wrap pl:items-center pl:gap-2 pl:rounded-md pl:bg-muted pl:p-2 pl:text-xs pl:text-foreground">
          <span id={`${previewId}-confirm`}>{t.interaction.declineFirst(plan.pendingIds.length)}</span>
          <button type="button" data-slot="composer-decline-and-send" onClick={() => void submit(true)} className={buttonVariants({ variant: "primary", size: "sm" })}>
            {t.interaction.declineAndSend}
          </button>
          <button type="button" data-slot="composer-keep-editing" onClick={() => { setConfirming(false); input.current?.focus(); }} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {t.interaction.keepEditing}
          </button>
        </div>
      ) : null}
      {plan.kind === "busy" ? (
        <p data-slot="composer-busy" aria-live="polite" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.interaction.busyHint}</p>
      ) : null}
      {state === "idle" && paused ? <p data-slot="composer-paused" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.interaction.paused}</p> : null}
      {state === "no-agent" ? (
        <p id={reasonId} data-slot="composer-reason" className="pl:text-xs pl:text-muted-foreground">
          {t.noAgent}
        </p>
      ) : null}
    </form>
  );
}
Composer.displayName = "Parley.Composer";

/** The line under the box: which option a number picks, or why it is refused. */
function previewOf(plan: ReplyPlan, t: ParleyLabels): string | undefined {
  if (plan.kind === "answer") {
    const numbers = plan.items.map((i) => i.number).join(", ");
    const labels = plan.items.map((i) => (i.action ? t.interaction.action[i.action] : i.label)).join(", ");
    return t.interaction.replyPreview(numbers, labels);
  }
  if (plan.kind === "refuse") {
    const numbers = plan.numbers.join(", ");
    return plan.reason === "out-of-range" ? t.interaction.replyOutOfRange(numbers, plan.range) : t.interaction.replyAmbiguous(numbers, plan.range);
  }
  return undefined;
}
