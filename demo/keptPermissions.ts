import { createIndexedDbPolicyStorage } from "../src/persistence";

/**
 * `?persist`: the demo person's grants and audit log are kept too (issue 8) — in IndexedDB, across
 * reloads and "forget this conversation": a session grant made once spares the prompt in the next
 * thread, a revocation in one tab reaches the others, and the audit log shows earlier threads.
 */
export const KEPT_PERMISSIONS =
  typeof location !== "undefined" && new URLSearchParams(location.search).has("persist")
    ? { storage: createIndexedDbPolicyStorage(), key: "demo-user@example.com" }
    : undefined;
