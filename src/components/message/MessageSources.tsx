import { useId } from "react";
import type { Citation } from "../../core/fold/citations";
import { useLabels } from "../../i18n/LabelsContext";
import { linkUrl } from "../lib/urlPolicy";
import { useUrlPolicy } from "../registry/UIContext";

export interface MessageSourcesProps {
  sources: readonly Citation[];
  /** The element id of the entry at `index` (what the answer's `[n]` markers point at). */
  elementId: (index: number) => string;
}

/**
 * An answer's sources, numbered as its `[n]` markers: the title links to the source when its
 * address is safe (the Markdown links' policy); a refused one (`javascript:`, `data:` …) is shown
 * as text with a note (`data-state="unsafe"`). Each entry takes focus from its marker.
 * Loaded on first use: most answers cite nothing.
 */
export default function MessageSources({ sources, elementId }: MessageSourcesProps) {
  const t = useLabels();
  const heading = useId();
  const { base } = useUrlPolicy();
  return (
    <section data-slot="message-sources" aria-labelledby={heading} className="pl:mt-1 pl:border-t pl:border-border pl:pt-2 pl:text-sm">
      <p id={heading} className="pl:mb-1 pl:text-xs pl:font-medium pl:text-muted-foreground">
        {t.support.sources}
      </p>
      <ol className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-1.5 pl:p-0">
        {sources.map((source, index) => {
          const href = source.url ? linkUrl(source.url, base) : "";
          const unsafe = !!source.url && !href;
          const title = source.title ?? source.url ?? source.id;
          return (
            <li
              key={index}
              id={elementId(index)}
              tabIndex={-1}
              data-slot="message-source"
              data-citation={source.id}
              data-state={unsafe ? "unsafe" : undefined}
              className="pl:flex pl:flex-col pl:rounded-md pl:px-1 pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
            >
              <span className="pl:flex pl:gap-1.5">
                <span className="pl:shrink-0 pl:text-muted-foreground">[{source.id}]</span>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" data-slot="message-source-link" className="pl:break-all pl:text-primary pl:underline pl:underline-offset-2">
                    {title}
                  </a>
                ) : (
                  <span data-slot="message-source-title" className="pl:break-all">{title}</span>
                )}
              </span>
              {unsafe ? (
                <span data-slot="message-source-unsafe" className="pl:break-all pl:text-xs pl:text-muted-foreground">
                  {source.title ? `${source.url} ` : ""}
                  {t.support.unsafeLink}
                </span>
              ) : null}
              {source.snippet ? <span data-slot="message-source-snippet" className="pl:text-xs pl:text-muted-foreground">{source.snippet}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
