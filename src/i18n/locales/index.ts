import type { ParleyLabels } from "../labels";

// One small chunk the kit imports on first use of a shipped locale; each dictionary is a chunk of
// its own behind it, so the kit's first load names one chunk, not four.
const chunks = { ja: () => import("./ja"), es: () => import("./es"), de: () => import("./de"), ar: () => import("./ar") };

/** The shipped dictionary for `tag`, loaded now. */
export const load = (tag: keyof typeof chunks): Promise<ParleyLabels> => chunks[tag]().then((m) => m.default);
