import { cva } from "class-variance-authority";

/**
 * The round icon buttons inside the field: 36 px, 44 px on a touch screen. Each tone is joined to
 * the base by cva into one class string, with no tailwind-merge on the first screen
 * (kitClassGroups.test.ts proves each has nothing to merge).
 *
 * @example
 * <button className={composerButton({ tone: "send" })}>…</button>
 */
export const composerButton = cva("pl:inline-flex pl:size-9 pl:shrink-0 pl:items-center pl:justify-center pl:rounded-full pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-50 pl:pointer-coarse:size-11", {
  variants: {
    tone: {
      quiet: "pl:text-muted-foreground pl:hover:bg-muted pl:hover:text-foreground",
      dictate: "pl:text-muted-foreground pl:hover:bg-muted pl:hover:text-foreground pl:data-[state=listening]:bg-destructive pl:data-[state=listening]:text-destructive-foreground",
      stop: "pl:bg-foreground pl:text-background pl:hover:opacity-85",
      send: "pl:bg-primary-solid pl:text-primary-solid-foreground pl:enabled:hover:opacity-90",
    },
  },
});
