/** What an artifact is, for its preview. */
export type ArtifactKind = "text" | "markdown" | "code" | "json" | "image";

/** One version of an artifact, as one `CUSTOM parley.artifact` event announced it. */
export interface ArtifactVersion {
  version: number;
  title: string;
  kind: ArtifactKind;
  /** The text itself (text, markdown, code, json) … */
  content?: string;
  /** … or where it lives (an image, a large file). */
  url?: string;
  /** The message that produced it. */
  messageId?: string;
  /** The language of a `code` artifact ("ts", "python"). */
  language?: string;
  eventIndex: number;
}

/** An artifact with every version announced so far, the latest last. */
export interface Artifact {
  id: string;
  versions: readonly ArtifactVersion[];
}

export interface ArtifactsResult {
  artifacts: readonly Artifact[];
  /** Announcements that could not be read, in words (`parley.artifact` at event 12: no id). */
  problems: readonly string[];
}

export const ARTIFACT_EVENT = "parley.artifact";
const KINDS: readonly string[] = ["text", "markdown", "code", "json", "image"];

/**
 * The artifacts (documents, code, reports) an agent announced with `CUSTOM parley.artifact`
 * events: `{ id, title, kind, content | url, version?, messageId?, language? }`. A new event with
 * a known id is its next version (or replaces the version it names). Malformed announcements are
 * listed in `problems`, never thrown.
 *
 * @example
 * const { artifacts } = deriveArtifacts(thread.customEvents);
 * artifacts[0].versions.at(-1)?.content;
 */
export function deriveArtifacts(events: readonly { name: string; value: unknown; eventIndex: number }[]): ArtifactsResult {
  const byId = new Map<string, ArtifactVersion[]>();
  const problems: string[] = [];
  for (const { name, value, eventIndex } of events) {
    if (name !== ARTIFACT_EVENT) continue;
    const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    const fail = (why: string) => problems.push(`${ARTIFACT_EVENT} at event ${eventIndex}: ${why}`);
    if (typeof v.id !== "string" || !v.id) { fail("no id"); continue; }
    const content = typeof v.content === "string" ? v.content : v.kind === "json" && v.content !== undefined ? JSON.stringify(v.content, null, 2) : undefined;
    const url = typeof v.url === "string" ? v.url : undefined;
    if (content === undefined && url === undefined) { fail(`"${v.id}" has neither content nor url`); continue; }
    const versions = byId.get(v.id) ?? [];
    const version = typeof v.version === "number" && Number.isInteger(v.version) && v.version > 0 ? v.version : (versions.at(-1)?.version ?? 0) + 1;
    const entry: ArtifactVersion = {
      version,
      title: typeof v.title === "string" && v.title ? v.title : v.id,
      kind: typeof v.kind === "string" && KINDS.includes(v.kind) ? (v.kind as ArtifactKind) : "text",
      eventIndex,
    };
    if (content !== undefined) entry.content = content;
    if (url !== undefined) entry.url = url;
    if (typeof v.messageId === "string") entry.messageId = v.messageId;
    if (typeof v.language === "string") entry.language = v.language;
    const same = versions.findIndex((x) => x.version === version);
    if (same === -1) versions.push(entry);
    else versions[same] = entry;
    versions.sort((a, b) => a.version - b.version);
    byId.set(v.id, versions);
  }
  return { artifacts: [...byId].map(([id, versions]) => ({ id, versions })), problems };
}
