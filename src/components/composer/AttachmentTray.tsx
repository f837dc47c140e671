import type { KeyboardEvent } from "react";
import type { Attachment, Attachments } from "../../react/attachments";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";

/** Remove's icon (here, not with the composer's icons: it loads with the chips). */
function CloseIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" width="12" height="12" className="pl:size-3 pl:shrink-0" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <path d="M5 5l10 10M15 5 5 15" />
    </svg>
  );
}

export interface AttachmentTrayProps {
  attachments: Attachments;
  /** After a chip is removed (focus goes back to the text box). */
  onRemoved?: () => void;
  className?: string;
}

const smallButton = "pl:inline-flex pl:size-6 pl:shrink-0 pl:items-center pl:justify-center pl:rounded-full pl:text-muted-foreground pl:hover:bg-muted pl:hover:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-offset-1 pl:focus-visible:outline-ring pl:pointer-coarse:size-11";

function statusText(a: Attachment, t: ReturnType<typeof useLabels>["attachments"]): string {
  if (a.status === "reading") return t.reading;
  if (a.status === "uploading") return t.uploading(a.progress === undefined ? undefined : Math.round(a.progress * 100));
  if (a.status === "failed") return t.uploadFailed;
  return t.size(a.size);
}

/**
 * The files attached to the message being written, one chip each: a thumbnail for an image, the
 * name and size for a document; reading or upload progress; a failed upload with Retry; Remove on
 * every chip (Delete or Backspace on it removes it too). `data-state` on a chip is its status.
 *
 * @example
 * const files = useAttachments();
 * <AttachmentTray attachments={files} />
 */
export function AttachmentTray({ attachments, onRemoved, className }: AttachmentTrayProps) {
  const t = useLabels().attachments;
  if (attachments.attachments.length === 0) return null;
  const remove = (id: string) => {
    attachments.remove(id);
    onRemoved?.();
  };
  return (
    <ul data-slot="attachment-tray" aria-label={t.list} className={cn("pl:m-0 pl:flex pl:list-none pl:flex-wrap pl:gap-2 pl:p-0", className)}>
      {attachments.attachments.map((a) => {
        const status = statusText(a, t);
        const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key === "Delete" || event.key === "Backspace") {
            event.preventDefault();
            remove(a.id);
          }
        };
        return (
          <li
            key={a.id}
            data-slot="attachment-chip"
            data-state={a.status}
            data-kind={a.kind}
            className="pl:flex pl:max-w-64 pl:items-center pl:gap-2 pl:rounded-lg pl:border pl:border-border pl:bg-background pl:py-1 pl:ps-1 pl:pe-1.5 pl:text-xs pl:text-foreground pl:data-[state=failed]:border-destructive"
          >
            {a.previewUrl ? (
              <img data-slot="attachment-thumbnail" src={a.previewUrl} alt="" className="pl:size-10 pl:shrink-0 pl:rounded-md pl:object-cover" />
            ) : (
              <span aria-hidden data-slot="attachment-icon" className="pl:flex pl:size-10 pl:shrink-0 pl:items-center pl:justify-center pl:rounded-md pl:bg-muted pl:text-[10px] pl:font-semibold pl:uppercase pl:text-muted-foreground">
                {(a.name.split(".").pop() ?? a.kind).slice(0, 4)}
              </span>
            )}
            <span className="pl:flex pl:min-w-0 pl:flex-col">
              <span data-slot="attachment-name" className="pl:truncate pl:font-medium">{a.name}</span>
              <span data-slot="attachment-status" className="pl:text-muted-foreground pl:in-data-[state=failed]:text-destructive">
                {status}
              </span>
              {a.status === "uploading" && a.progress !== undefined ? (
                <progress data-slot="attachment-progress" value={a.progress} max={1} aria-label={`${a.name}: ${status}`} className="pl:h-1 pl:w-full pl:accent-primary" />
              ) : null}
            </span>
            {a.status === "failed" ? (
              <button type="button" data-slot="attachment-retry" aria-label={t.retryLabel(a.name)} title={a.error} onClick={() => attachments.retry(a.id)} className="pl:h-6 pl:shrink-0 pl:rounded-md pl:border pl:border-border pl:px-2 pl:font-medium pl:hover:bg-muted pl:focus-visible:outline-2 pl:focus-visible:outline-offset-1 pl:focus-visible:outline-ring pl:pointer-coarse:h-11">
                {t.retry}
              </button>
            ) : null}
            <button type="button" data-slot="attachment-remove" aria-label={t.remove(a.name)} onClick={() => remove(a.id)} onKeyDown={onKeyDown} className={smallButton}>
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
AttachmentTray.displayName = "Parley.AttachmentTray";

/**
 * What is said under the composer about its files: those refused and why (an alert, with
 * Dismiss), that Send waits for uploads (`waiting`), or that a failed upload holds the message.
 *
 * @example
 * <AttachmentNotices attachments={files} waiting={false} />
 */
export function AttachmentNotices({ attachments, waiting }: { attachments: Attachments; waiting: boolean }) {
  const t = useLabels().attachments;
  const { refusals, status } = attachments;
  return (
    <>
      {refusals.length ? (
        <div role="alert" data-slot="composer-attachment-refusals" className="pl:flex pl:items-start pl:gap-2 pl:rounded-md pl:bg-destructive/10 pl:px-2 pl:py-1 pl:text-xs pl:text-destructive">
          <ul className="pl:m-0 pl:flex-1 pl:list-none pl:p-0">
            {refusals.map((refusal, i) => (
              <li key={i}>{t.refused(refusal)}</li>
            ))}
          </ul>
          <button type="button" data-slot="composer-dismiss-refusals" onClick={attachments.dismissRefusals} className="pl:shrink-0 pl:rounded-sm pl:underline pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11">
            {t.dismiss}
          </button>
        </div>
      ) : null}
      {waiting || status === "failed" ? (
        <p data-slot="composer-attachment-status" aria-live="polite" className="pl:m-0 pl:text-xs pl:text-muted-foreground">
          {status === "failed" ? t.failedHint : t.waiting}
        </p>
      ) : null}
    </>
  );
}
AttachmentNotices.displayName = "Parley.AttachmentNotices";
export default AttachmentTray;
