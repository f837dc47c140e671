import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// The kit's utilities carry the `pl:` prefix (see src/theme/parley.css) so they never collide with the host's.
// The theme's own sizes, shadow and container (`text-body`, `text-code`, `shadow-float`,
// `max-w-column`) are named so a later colour class does not drop them as a conflicting colour.
const twMerge = extendTailwindMerge({
  prefix: "pl",
  extend: {
    theme: { text: ["body", "code"], shadow: ["float"], container: ["column"] },
  },
});

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind.
 *
 * @example
 * cn("pl:p-2 pl:text-sm", isWide && "pl:p-4", className);
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
