import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { kitClassGroups } from "./kitClassGroups";

// The kit's utilities carry the `pl:` prefix (see src/theme/parley.css) so they never collide with
// the host's. tailwind-merge knows only the class groups the kit writes (kitClassGroups.ts, proven
// equal to its full configuration on every pair of the kit's classes), not all of Tailwind.
const twMerge = createTailwindMerge(kitClassGroups);

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind.
 *
 * @example
 * cn("pl:p-2 pl:text-sm", isWide && "pl:p-4", className);
 */
export function cn(...inputs: ClassValue[]): string {
  // One class string and nothing else (a part's own classes, no `className` given, the variant
  // off) has nothing to merge: the kit never writes two classes of a kind in one string (a test
  // proves it). Most calls on a first screen are these; tailwind-merge, its set-up included
  // (~10 ms on a slow machine), is left for the ones that need it.
  let only: string | undefined;
  for (const input of inputs) {
    if (!input) continue;
    if (typeof input !== "string" || only !== undefined) return twMerge(clsx(inputs));
    only = input;
  }
  return only ?? "";
}
