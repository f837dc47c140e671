
/**
 * The checks every door makes on what it is handed, defined once: an id, a plain object, a role
 * only this side writes, an open or settled question. No imports of value: any module (the
 * channels, the transport, the policy) may use them without pulling the fold in.
 */

/**
 * A value an id field may hold: a non-empty string that is not the name of an `Object.prototype`
 * member. Ids key plain objects (`messages`, `toolCalls`, `subagents`, `chunkLanes`), where
 * `record["constructor"]` reads an inherited function as if it were a message and
 * `record["__proto__"] = x` swaps the record's prototype instead of adding a key: such an id lost
 * the message, planted an `"undefined"` key, left dangling ids, and could make `foldEvents` throw.
 * Those ids are refused as malformed instead.
 */
export function isId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && !(value in Object.prototype);
}

/**
 * An object to read fields from: not `null`, not an array (it may still be exotic: the policy
 * reads it with `ownValue`). Never throws, even on a revoked Proxy.
 *
 * @example
 * isRecord({ a: 1 }); // true
 * isRecord([1]); // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  try {
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    // Array.isArray throws on a revoked Proxy: that is no object to read.
    return false;
  }
}

/**
 * Roles only this side of the wire writes: an `interaction` row from the agent (a snapshot, a run
 * input, history) would be a card the person never saw asked — refused.
 */
export function isClientOnlyRole(role: unknown): boolean {
  return role === "interaction";
}

/** Statuses that still wait for the person. */
export function isOpen(interaction: { readonly status: string }): boolean {
  return interaction.status === "pending" || interaction.status === "streaming";
}

/** Statuses whose outcome still has to reach the agent once. */
export function isSettled(interaction: { readonly status: string }): boolean {
  return interaction.status === "answered" || interaction.status === "declined" || interaction.status === "timed_out";
}
