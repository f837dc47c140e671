/** The small text buttons under a message (Copy, Edit, Regenerate, the branch picker's arrows). */
export const actionButton =
  "pl:inline-flex pl:h-6 pl:min-w-6 pl:items-center pl:justify-center pl:rounded-md pl:px-1.5 pl:text-xs pl:text-current pl:hover:bg-accent pl:hover:text-accent-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-50 pl:pointer-coarse:h-11 pl:pointer-coarse:min-w-11";
