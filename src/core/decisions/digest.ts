import canonicalize from "canonicalize";

/**
 * Digests the agent's server can recompute: SHA-256 (WebCrypto, in every browser, Node 20 and edge
 * runtime) over the JSON Canonicalization Scheme (RFC 8785, the `canonicalize` library) of a value,
 * as unpadded base64url. Two sides that hold the same arguments get the same digest, whatever order
 * their keys were written in.
 */

/**
 * The canonical JSON of `value` (RFC 8785): sorted keys, no whitespace, numbers as ECMAScript
 * writes them. `undefined` for a value JSON cannot hold (a function, a cycle, `undefined` itself).
 *
 * @example
 * canonicalJson({ b: 1, a: [1, "x"] }); // '{"a":[1,"x"],"b":1}'
 */
export function canonicalJson(value: unknown): string | undefined {
  try {
    return canonicalize(value);
  } catch {
    return undefined;
  }
}

/**
 * SHA-256 of a string's UTF-8 bytes, base64url without padding.
 *
 * @example
 * await sha256("abc"); // "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"
 */
export async function sha256(text: string): Promise<string> {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The digest of a value's canonical JSON — of the arguments proposed, approved or executed; of a
 * decision record. A value JSON cannot hold digests as the canonical JSON of `null`.
 *
 * @example
 * await digestOf({ path: "/tmp/cache" }) === await digestOf({ path: "/tmp/cache" }); // true
 */
export async function digestOf(value: unknown): Promise<string> {
  return sha256(canonicalJson(value) ?? "null");
}
