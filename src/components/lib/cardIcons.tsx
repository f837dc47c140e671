import { path } from "./icons";

/**
 * Icons of the set that only the cards loaded on first use draw. Kept out of icons.tsx, whose
 * module the first screen loads: a module's used exports all load with it.
 */

/** Warning: a triangle with an exclamation mark (the error card). */
export const WarningIcon = path("M10 3.5 17.5 16.5h-15zM10 8.5v3.5M10 14.2v.1");
