import { buttonVariants } from "../lib/button";

/** The small text buttons under a message (Copy, Edit, Regenerate, the branch picker's arrows). */
export const actionButton = buttonVariants({ variant: "ghost", size: "xs" });
