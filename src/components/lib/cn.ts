import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { kitClassGroups } from "./kitClassGroups";

// The kit's utilities carry the `pl:` prefix (see src/theme/parley.css) so they never collide with
// the host's. tailwind-merge knows only the class groups the kit writes (kitClassGroups.ts, proven
// equal to its full configuration on every pair of the kit's classes), not all of Tailwind.
const twMerge = createTailwindMerge(kitClassGroups);

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind.
 * Exported from `parley-ui` as `cn`: it always merges, a single string included.
 *
 * @example
 * cn("pl:p-2 pl:text-sm", isWide && "pl:p-4", className);
 */
export function mergeClasses(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * The kit's own `mergeClasses`: one class string and nothing else (a part's own classes, no
 * `className` given, the variant off) comes back as it is. The kit never writes two classes of a
 * kind in one string, nor in one of its `cva` combinations (test/components/kitClassGroups.test.ts
 * proves both), so there is nothing to merge; tailwind-merge's parse is left for the calls that do.
 *
 * @example
 * cn("pl:p-2 pl:text-sm", isWide && "pl:p-4", className);
 */
export function cn(...inputs: ClassValue[]): string {
  let only: string | undefined;
  for (const input of inputs) {
    if (!input) continue;
    if (typeof input !== "string" || only !== undefined) return mergeClasses(...inputs);
    only = input;
  }
  return only ?? "";
}
