import { useId } from "react";
import { isRecord } from "../../../core/thread/guards";
import { buttonVariants } from "../../lib/button";
import { cn } from "../../lib/cn";
import { linkUrl } from "../../lib/urlPolicy";
import { useUrlPolicy } from "../../registry/UIContext";
import { useA2uiSurface, type A2uiComponentProps } from "../surfaceContext";

const VARIANT = { primary: "primary", borderless: "ghost" } as const;

/**
 * The basic catalog's Button. One that sends an event carries its number in the thread ("2" in the
 * composer presses it) and goes through the person's door: disabled while a check fails (its words
 * as the description) or the surface is answered; a refusal shows under it. `openUrl` (a function
 * the catalog runs on the client) is a link through the app's URL policy, opened in a new tab.
 */
export function A2uiButton({ component: c, resolve, text, render, action }: A2uiComponentProps) {
  const { words } = useA2uiSurface();
  const { base } = useUrlPolicy();
  const problemId = useId();
  const look = cn(buttonVariants({ variant: VARIANT[c.variant as keyof typeof VARIANT] ?? "secondary", size: "sm" }), "pl:self-start");
  const label = typeof c.child === "string" ? render(c.child) : text(c.text ?? c.label);
  const call = isRecord(c.action) && isRecord(c.action.functionCall) ? c.action.functionCall : undefined;
  if (call?.call === "openUrl" && isRecord(call.args)) {
    const url = resolve(call.args.url);
    const href = typeof url === "string" ? linkUrl(url, base) : "";
    return href ? <a data-slot="a2ui-button" data-a2ui-id={c.id} href={href} target="_blank" rel="noopener noreferrer" className={look}>{label}</a> : null;
  }
  return (
    <span className="pl:inline-flex pl:flex-col pl:gap-1">
      <button
        type="button"
        data-slot="a2ui-button"
        data-a2ui-id={c.id}
        data-variant={typeof c.variant === "string" ? c.variant : "default"}
        data-number={action?.number}
        data-option-id={action?.optionId}
        disabled={!action?.enabled}
        aria-busy={action?.sending || undefined}
        aria-describedby={action?.problem ? problemId : undefined}
        onClick={action?.press}
        className={look}
      >
        {action?.number !== undefined ? <span data-slot="a2ui-number" aria-hidden className="pl:rounded pl:bg-muted pl:px-1 pl:text-[0.7rem] pl:tabular-nums pl:text-muted-foreground">{action.number}</span> : null}
        {label}
        {action?.sending ? <span className="pl:sr-only">{words.sending}</span> : null}
      </button>
      {action?.problem ? <span id={problemId} role="alert" data-slot="a2ui-problem" className="pl:text-xs pl:text-destructive">{action.problem}</span> : null}
    </span>
  );
}
