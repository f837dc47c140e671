import type { CSSProperties, ReactNode } from "react";
import { cn } from "./cn";

/**
 * The kit's one icon set: small stroked SVGs on a 20-unit grid that take the text colour. Each is
 * its own export, so a bundle carries only the icons it uses. They are decorative (`aria-hidden`):
 * the button or text beside them carries the name.
 */
export interface IconProps {
  /** Pixels; default 16. A `pl:size-*` class overrides it. */
  size?: number;
  className?: string;
}

function Svg({ size = 16, className, fill, children }: IconProps & { fill?: boolean; children: ReactNode }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 20 20"
      width={size}
      height={size}
      // The size as a class too: a host's global `svg { width: … }` beats bare attributes.
      style={{ "--parley-icon-size": `${size}px` } as CSSProperties}
      fill={fill ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-slot="icon"
      className={cn("pl:size-(--parley-icon-size) pl:shrink-0", className)}
    >
      {children}
    </svg>
  );
}

/** An icon of one stroked path (for the set's own icons, and those a lazy part keeps with it: `cardIcons.tsx`). */
export const path = (d: string) =>
  function PathIcon(props: IconProps) {
    return (
      <Svg {...props}>
        <path d={d} />
      </Svg>
    );
  };

/** Send: an arrow up. */
export const SendIcon = path("M10 16V4M4.5 9.5 10 4l5.5 5.5");
/** Attach a file. */
export const PaperclipIcon = path("m16 9.5-5.8 5.8a3.6 3.6 0 0 1-5.1-5.1l6.2-6.2a2.4 2.4 0 0 1 3.4 3.4l-6.1 6.1a1.2 1.2 0 0 1-1.7-1.7L12.5 6");
/** Dictation. */
export const MicIcon = path("M7 5.5a3 3 0 0 1 6 0v4a3 3 0 0 1-6 0zM4.5 9.5a5.5 5.5 0 0 0 11 0M10 15v2.5");
/** Copy: two sheets. */
export const CopyIcon = path("M7.5 7.5h9v9h-9zM12.5 7.5v-4h-9v9h4");
/** Done, copied, complete. */
export const CheckIcon = path("m4 10.5 4 4 8-9");
/** Close, failed. */
export const CrossIcon = path("m5 5 10 10M15 5 5 15");
/** Edit: a pencil. */
export const PencilIcon = path("m12.5 4.5 3 3L7 16H4v-3zM10.5 6.5l3 3");
/** Regenerate: a turning arrow. */
export const RegenerateIcon = path("M16 10a6 6 0 1 1-1.8-4.3L16 7.5M16 3.5v4h-4");
/** Delete: a bin. */
export const TrashIcon = path("M3.5 5.5h13M8 5.5V3.5h4v2M5.5 5.5l.8 11h7.4l.8-11");
/** Previous; mirrored in right-to-left text by the caller (`pl:rtl:-scale-x-100`). */
export const ChevronLeftIcon = path("m12 4.5-5.5 5.5 5.5 5.5");
/** Next, or a closed disclosure (turns down when open). */
export const ChevronRightIcon = path("m8 4.5 5.5 5.5L8 15.5");
/** Scroll to the newest message. */
export const ArrowDownIcon = path("M10 3.5v13M4.5 11l5.5 5.5 5.5-5.5");
/** Pause a run. */
export const PauseIcon = path("M7 4.5v11M13 4.5v11");
/** A conversation: the empty thread's mark. */
export const ChatIcon = path("M4 4.5h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1z");

/** Stop a run: a filled square. */
export function StopIcon(props: IconProps) {
  return (
    <Svg size={14} {...props} fill>
      <rect x="4.5" y="4.5" width="11" height="11" rx="2" />
    </Svg>
  );
}
