const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data|file):/i;
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * react-markdown's `defaultUrlTransform` (10.1.0), line for line: the URL is kept when it is
 * relative or its protocol is allowed. A copy, because importing it from react-markdown puts the
 * whole renderer (~35 KB gzip: react-markdown's one module imports unified, micromark, mdast and
 * hast) in the eager bundle, beside media and panels that only need this check.
 * test/components/safeUrl.test.ts compares the two.
 */
function allowedUrl(value: string): string {
  const colon = value.indexOf(":");
  const questionMark = value.indexOf("?");
  const numberSign = value.indexOf("#");
  const slash = value.indexOf("/");
  if (
    // No protocol: relative.
    colon === -1 ||
    // The first colon after a `?`, `#` or `/` is not a protocol's.
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign) ||
    SAFE_PROTOCOL.test(value.slice(0, colon))
  ) {
    return value;
  }
  return "";
}

/**
 * The URL policy for agent-written links: react-markdown's allow-list (http, https, mailto, …,
 * relative) plus an explicit refusal of `javascript:`, `vbscript:`, `data:` and `file:`.
 * Returns `""` for a refused URL.
 *
 * @example
 * safeUrl("javascript:alert(1)"); // ""
 */
export function safeUrl(url: string): string {
  // Control characters inside a scheme ("java\tscript:") are ignored by browsers; strip them first.
  const compact = url.replace(/[\p{Cc}\s]+/gu, "");
  if (UNSAFE_SCHEME.test(compact)) return "";
  const safe = allowedUrl(url);
  return UNSAFE_SCHEME.test(safe) ? "" : safe;
}
