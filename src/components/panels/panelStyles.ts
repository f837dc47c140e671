/** The frame every panel shares: a bordered card in the kit's tokens. */
export const panelClass = "pl:flex pl:flex-col pl:gap-2 pl:rounded-lg pl:border pl:border-border pl:bg-background pl:p-3 pl:text-sm pl:text-foreground";
export const panelTitleClass = "pl:m-0 pl:text-sm pl:font-semibold";
export const smallButtonClass =
  "pl:inline-flex pl:min-h-8 pl:items-center pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-2 pl:text-xs pl:text-foreground pl:hover:bg-muted pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11";

/** 65 s → "1:05"; an hour and more → "1:01:05". */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
