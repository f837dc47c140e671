import { isRecord } from "../thread/guards";
import type { McpAppCsp } from "./types";

/**
 * The Content Security Policy an app runs under (SEP-1865, "Content Security Policy
 * Enforcement"): exactly the origins its resource declares, the spec's restrictive defaults for
 * everything else, and nothing wider. The sandbox page sends it as a header, so the app's document
 * (which inherits it) cannot take it back.
 */

/**
 * A source the host accepts from a resource's declaration: a scheme (http, https, ws, wss), a host
 * (optionally `*.` for its subdomains) and an optional port — no path, no quotes, no keyword, no
 * bare `*`. Anything else could widen the policy past what the app says (`'unsafe-eval'`, `*`,
 * `https:`) or break out of the directive (`;`).
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;
const ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const MAX_SOURCES = 32;
const KEYS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;

/**
 * True for an origin (`https://app.example.com`, `http://127.0.0.1:5173`): what the sandbox page
 * lets embed it, and where it talks to.
 *
 * @example
 * isOrigin("https://app.example.com"); // true
 * isOrigin("https://app.example.com/path"); // false
 */
export function isOrigin(value: unknown): value is string {
  return typeof value === "string" && value.length <= 300 && ORIGIN.test(value);
}

/**
 * A resource's `_meta.ui.csp` kept to the sources the host accepts; what it dropped, in words.
 *
 * @example
 * readCsp({ connectDomains: ["https://api.example.com", "*"] });
 * // { csp: { connectDomains: ["https://api.example.com"], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, dropped: ['"*" (connectDomains)'] }
 */
export function readCsp(declared: unknown): { csp: McpAppCsp; dropped: string[] } {
  const csp: McpAppCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const dropped: string[] = [];
  if (!isRecord(declared)) return { csp, dropped };
  for (const key of KEYS) {
    const list = declared[key];
    if (!Array.isArray(list)) continue;
    for (const source of list.slice(0, MAX_SOURCES) as unknown[]) {
      if (typeof source === "string" && source.length <= 300 && SOURCE.test(source)) {
        if (!csp[key].includes(source)) csp[key].push(source);
      } else dropped.push(`${JSON.stringify(typeof source === "string" ? source.slice(0, 80) : source)?.slice(0, 90) ?? "?"} (${key})`);
    }
    if (list.length > MAX_SOURCES) dropped.push(`${list.length - MAX_SOURCES} more (${key})`);
  }
  return { csp, dropped };
}

/**
 * The policy the sandbox page and the app's document run under: SEP-1865's directives over the
 * declared origins (its restrictive default when none are declared), plugins, forms sent away and
 * every frame the host did not list refused, and only `hostOrigin` may embed the page.
 *
 * @example
 * sandboxCsp(readCsp(undefined).csp, "https://app.example.com");
 * // "default-src 'none'; script-src 'self' 'unsafe-inline'; … connect-src 'none'; … frame-ancestors https://app.example.com"
 */
export function sandboxCsp(csp: McpAppCsp, hostOrigin: string): string {
  // Whatever came in, only accepted sources reach the header (the sandbox page reads them from its URL).
  const only = (list: readonly string[]) => list.filter((s) => SOURCE.test(s)).join(" ");
  const resources = only(csp.resourceDomains);
  const withResources = (base: string) => (resources ? `${base} ${resources}` : base);
  const connect = only(csp.connectDomains);
  const frames = only(csp.frameDomains);
  const bases = only(csp.baseUriDomains);
  return [
    "default-src 'none'",
    withResources("script-src 'self' 'unsafe-inline'"),
    withResources("style-src 'self' 'unsafe-inline'"),
    withResources("img-src 'self' data:"),
    withResources("font-src 'self'"),
    withResources("media-src 'self' data:"),
    `connect-src ${connect || "'none'"}`,
    // Also what the app's own frame may navigate to: without it, `location = "https://elsewhere/?" + data` would leave.
    `frame-src ${frames || "'none'"}`,
    "object-src 'none'",
    `base-uri ${bases || "'self'"}`,
    "form-action 'none'",
    `frame-ancestors ${isOrigin(hostOrigin) ? hostOrigin : "'none'"}`,
  ].join("; ");
}
