import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ThreadsAdapter, ThreadSummary } from "../../core/threads/types";
import { useThreads } from "../../react/threads";
import { useFormatTime, useLocale } from "../../i18n/LabelsContext";
import { threadLabelsFor, type ThreadLabels } from "../../i18n/threadLabels";
import { cn } from "../lib/cn";
import { PencilIcon, TrashIcon } from "../lib/icons";
import { panelClass, panelTitleClass, smallButtonClass } from "../panels/panelStyles";

export interface ThreadListProps {
  /** Where the threads live (`createMemoryThreadsAdapter()`, or the app's back end). Keep it stable. */
  adapter: ThreadsAdapter;
  /** The open thread (controlled); `undefined` is "none open". */
  value?: string | undefined;
  /** The thread open at first (uncontrolled). */
  defaultValue?: string;
  /** The person opened a thread, started a new one, or deleted the open one (`undefined`). */
  onValueChange?: (id: string | undefined) => void;
  labels?: Partial<ThreadLabels>;
  className?: string;
}

/**
 * The person's conversations, newest first — the ones they began and the sessions the agent began
 * (a nightly report, a reminder: pull and push are one list). A session with messages not seen yet
 * shows a badge with their number (in words for screen readers) until it is opened. Each thread
 * can be renamed in place and deleted after a confirmation; both show at once and are put back,
 * with the reason in words, when the back end refuses. Served through TanStack Query.
 *
 * @example
 * const threads = useState(() => createMemoryThreadsAdapter())[0];
 * const [threadId, setThreadId] = useState<string>();
 * <ThreadList adapter={threads} value={threadId} onValueChange={setThreadId} />
 */
export function ThreadList(props: ThreadListProps) {
  const { adapter, labels, className } = props;
  const t = threadLabelsFor(useLocale(), labels);
  const view = useThreads(adapter);
  const newButton = useRef<HTMLButtonElement>(null);
  const controlled = "value" in props;
  const [own, setOwn] = useState(props.defaultValue);
  const selected = controlled ? props.value : own;
  const select = (id: string | undefined) => {
    if (!controlled) setOwn(id);
    props.onValueChange?.(id);
  };
  const open = (thread: ThreadSummary) => {
    if (thread.unread > 0) view.markRead(thread.id);
    select(thread.id);
  };
  const state = view.status === "pending" ? "loading" : view.status === "error" && !view.threads ? "error" : view.threads?.length ? "ready" : "empty";

  return (
    <section data-slot="threads-list" data-state={state} aria-label={t.title} aria-busy={state === "loading" || undefined} className={cn(panelClass, className)}>
      <div className="pl:flex pl:items-center pl:justify-between pl:gap-2">
        <h2 className={panelTitleClass}>{t.title}</h2>
        <button
          ref={newButton}
          type="button"
          data-slot="threads-list-new"
          className={smallButtonClass}
          onClick={() => void view.create().then((thread) => thread && select(thread.id))}
        >
          {t.newThread}
        </button>
      </div>
      {view.problem ? (
        <div role="alert" data-slot="threads-list-problem" className="pl:flex pl:items-start pl:gap-2 pl:rounded-md pl:border pl:border-destructive pl:p-2 pl:text-destructive">
          <p className="pl:m-0 pl:flex-1">{t.problem(view.problem.action, view.problem.title || t.untitled, view.problem.message)}</p>
          <button type="button" className={smallButtonClass} onClick={view.dismissProblem}>
            {t.dismiss}
          </button>
        </div>
      ) : null}
      {state === "loading" ? <p data-slot="threads-list-loading" className="pl:m-0 pl:text-muted-foreground">{t.loading}</p> : null}
      {state === "error" ? (
        <div role="alert" data-slot="threads-list-error" className="pl:flex pl:flex-col pl:items-start pl:gap-2 pl:text-destructive">
          <p className="pl:m-0">{t.failed(view.error?.message ?? "")}</p>
          <button type="button" className={smallButtonClass} onClick={view.refetch}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {state === "empty" ? <p data-slot="threads-list-empty" className="pl:m-0 pl:text-muted-foreground">{t.empty}</p> : null}
      {state === "ready" ? (
        <ul className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-1 pl:p-0">
          {view.threads?.map((thread) => (
            <ThreadItem
              key={thread.id}
              thread={thread}
              active={thread.id === selected}
              t={t}
              onOpen={() => open(thread)}
              onRename={(title) => view.rename(thread.id, title)}
              onRemove={() => {
                view.remove(thread.id);
                // Its row is gone: focus lands on the list's own button, not on <body>.
                newButton.current?.focus();
                if (thread.id === selected) select(undefined);
              }}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
ThreadList.displayName = "Parley.ThreadList";

/**
 * The same list, named for sessions: a session the agent starts is a thread it spoke first in, so
 * there is one component (`ThreadList`) under both names.
 *
 * @example
 * <SessionList adapter={sessions} value={sessionId} onValueChange={setSessionId} />
 */
export const SessionList = ThreadList;

type Mode = "idle" | "renaming" | "confirming";

function ThreadItem({ thread, active, t, onOpen, onRename, onRemove }: { thread: ThreadSummary; active: boolean; t: ThreadLabels; onOpen: () => void; onRename: (title: string) => void; onRemove: () => void }) {
  const [mode, setMode] = useState<Mode>("idle");
  const formatTime = useFormatTime();
  const title = thread.title || t.untitled;
  const field = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const back = useRef(false);
  useEffect(() => {
    if (mode === "renaming") field.current?.select();
    // Focus goes back to the button that opened the form, never to <body>.
    else if (mode === "idle" && back.current) {
      back.current = false;
      renameButton.current?.focus();
    }
  }, [mode]);
  const done = () => {
    back.current = true;
    setMode("idle");
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new FormData(event.currentTarget).get("title");
    if (typeof next === "string" && next.trim() && next.trim() !== thread.title) onRename(next.trim());
    done();
  };

  return (
    <li
      data-slot="threads-list-item"
      data-state={active ? "active" : "inactive"}
      data-started-by={thread.startedBy}
      data-unread={thread.unread > 0 ? thread.unread : undefined}
      data-thread-id={thread.id}
      className="pl:flex pl:flex-col pl:gap-1 pl:rounded-md pl:border pl:border-transparent pl:p-1 pl:data-[state=active]:border-border pl:data-[state=active]:bg-muted"
    >
      {mode === "renaming" ? (
        <form data-slot="threads-list-rename" className="pl:flex pl:flex-wrap pl:items-center pl:gap-1" onSubmit={submit}>
          <input
            ref={field}
            name="title"
            defaultValue={thread.title}
            aria-label={t.renameField(title)}
            maxLength={200}
            onKeyDown={(event) => {
              if (event.key === "Escape") done();
            }}
            className="pl:min-h-8 pl:min-w-0 pl:flex-1 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-2 pl:text-sm pl:text-foreground pl:pointer-coarse:min-h-11"
          />
          <button type="submit" className={smallButtonClass}>
            {t.save}
          </button>
          <button type="button" className={smallButtonClass} onClick={done}>
            {t.cancel}
          </button>
        </form>
      ) : (
        <div className="pl:flex pl:items-center pl:gap-1">
          <button
            type="button"
            data-slot="threads-list-open"
            aria-current={active ? "true" : undefined}
            onClick={onOpen}
            className="pl:flex pl:min-h-11 pl:min-w-0 pl:flex-1 pl:flex-col pl:items-start pl:rounded-md pl:bg-transparent pl:px-2 pl:py-1 pl:text-start pl:text-foreground pl:hover:bg-muted pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
          >
            <span className="pl:flex pl:w-full pl:items-center pl:gap-2">
              <span data-slot="threads-list-title" className={cn("pl:min-w-0 pl:flex-1 pl:truncate", thread.unread > 0 ? "pl:font-semibold" : "pl:font-medium")}>
                {title}
              </span>
              {thread.unread > 0 ? (
                <span data-slot="threads-list-unread" className="pl:rounded-full pl:bg-primary pl:px-1.5 pl:text-xs pl:font-semibold pl:text-primary-foreground">
                  <span aria-hidden="true">{thread.unread}</span>
                  <span className="pl:sr-only">{t.unread(thread.unread)}</span>
                </span>
              ) : null}
            </span>
            <span className="pl:text-xs pl:text-muted-foreground">
              {thread.startedBy === "agent" ? `${t.startedByAgent} · ` : ""}
              <time dateTime={new Date(thread.updatedAt).toISOString()}>{formatTime(thread.updatedAt)}</time>
            </span>
            {thread.preview ? <span className="pl:w-full pl:truncate pl:text-xs pl:text-muted-foreground">{thread.preview}</span> : null}
          </button>
          <button ref={renameButton} type="button" aria-label={t.rename(title)} className={smallButtonClass} onClick={() => setMode("renaming")}>
            <PencilIcon size={14} />
          </button>
          <button type="button" aria-label={t.remove(title)} className={smallButtonClass} onClick={() => setMode("confirming")}>
            <TrashIcon size={14} />
          </button>
        </div>
      )}
      {mode === "confirming" ? (
        <div role="group" aria-label={t.confirmRemove(title)} data-slot="threads-list-confirm" className="pl:flex pl:flex-wrap pl:items-center pl:gap-1 pl:px-2">
          <span className="pl:flex-1 pl:text-xs">{t.confirmRemove(title)}</span>
          <button type="button" className={cn(smallButtonClass, "pl:border-destructive pl:text-destructive")} onClick={onRemove}>
            {t.remove(title)}
          </button>
          <button type="button" className={smallButtonClass} onClick={done}>
            {t.keep}
          </button>
        </div>
      ) : null}
    </li>
  );
}
