import { buttonVariants } from "../lib/button";

/** The icon buttons after a message (Copy, Edit, Regenerate, the branch picker's arrows). */
export const actionButton = buttonVariants({ variant: "ghost", size: "icon" });
