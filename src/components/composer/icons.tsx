/** The composer's icons: decorative (the buttons carry the names), sized by the button. */
export function SendIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" width="18" height="18" className="pl:size-4.5 pl:shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10 16V4M4.5 9.5 10 4l5.5 5.5" />
    </svg>
  );
}

export function StopIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" width="14" height="14" className="pl:size-3.5 pl:shrink-0" fill="currentColor">
      <rect x="4" y="4" width="12" height="12" rx="2" />
    </svg>
  );
}

export function PaperclipIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" width="18" height="18" className="pl:size-4.5 pl:shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="m16 9.5-5.8 5.8a3.6 3.6 0 0 1-5.1-5.1l6.2-6.2a2.4 2.4 0 0 1 3.4 3.4l-6.1 6.1a1.2 1.2 0 0 1-1.7-1.7L12.5 6" />
    </svg>
  );
}

export function MicIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" width="18" height="18" className="pl:size-4.5 pl:shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="7" y="2.5" width="6" height="10" rx="3" />
      <path d="M4.5 9.5a5.5 5.5 0 0 0 11 0M10 15v2.5" />
    </svg>
  );
}
