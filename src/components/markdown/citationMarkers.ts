/** The few mdast shapes the plugin touches (text, and parents that hold it). */
interface Node {
  type: string;
  value?: string;
  url?: string;
  children?: Node[];
  data?: { hProperties?: Record<string, string> };
}

/** Where an answer's `[n]` markers point: the ids of its sources, and the element id of each entry. */
export interface CitationTargets {
  ids: readonly string[];
  /** The element id of the source list entry at `index`. */
  elementId: (index: number) => string;
}

const MARKER = /\[([^[\]\s]{1,24})\]/g;
// Text inside these already is a link, or is code: its brackets are the author's.
const SKIP = new Set(["link", "linkReference", "inlineCode", "code", "definition"]);

/**
 * A remark plugin: each `[n]` in the text whose `n` names one of the answer's sources becomes a
 * link to that source's entry (`data-citation="n"`); other brackets stay text. Code, and text
 * already inside a link, are left alone.
 *
 * @example
 * <ReactMarkdown remarkPlugins={[[remarkCitations, { ids: ["1", "2"], elementId: (i) => `src-${i}` }]]} />
 */
export function remarkCitations(targets: CitationTargets) {
  const index = new Map(targets.ids.map((id, i) => [id, i] as const));
  const split = (text: string): Node[] | undefined => {
    const out: Node[] = [];
    let at = 0;
    for (const match of text.matchAll(MARKER)) {
      const i = index.get(match[1]!);
      if (i === undefined) continue;
      if (match.index > at) out.push({ type: "text", value: text.slice(at, match.index) });
      out.push({ type: "link", url: `#${targets.elementId(i)}`, children: [{ type: "text", value: match[0] }], data: { hProperties: { dataCitation: match[1]! } } });
      at = match.index + match[0].length;
    }
    if (!out.length) return undefined;
    if (at < text.length) out.push({ type: "text", value: text.slice(at) });
    return out;
  };
  const walk = (node: Node): void => {
    if (!node.children) return;
    node.children = node.children.flatMap((child) => {
      if (child.type === "text" && child.value) return split(child.value) ?? [child];
      if (!SKIP.has(child.type)) walk(child);
      return [child];
    });
  };
  return walk;
}
