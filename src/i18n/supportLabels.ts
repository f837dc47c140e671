/**
 * Strings of what backs an answer — its sources, the inline `[n]` markers, confidence — and of
 * sub-agents handing off to one another. Reached as `useLabels().support`.
 */
export interface SupportLabels {
  /** The heading of an answer's source list. */
  sources: string;
  /** An inline `[n]` marker read aloud; it moves focus to that source. */
  citation: (id: string) => string;
  /** Beside a source whose address was refused (`javascript:`, `data:` …): shown as text, not a link. */
  unsafeLink: string;
  /** "high confidence · 0.92": the level in words and the score, never a colour alone. */
  confidence: (level: "high" | "medium" | "low", score: string) => string;
  /** A line between two agents' rows in one turn: "Sales agent handed off to Mail agent". */
  handoff: (from: string, to: string) => string;
}

export const supportEn: SupportLabels = {
  sources: "Sources",
  citation: (id) => `Source ${id}`,
  unsafeLink: "(address not opened: not a safe link)",
  confidence: (level, score) => `${level} confidence · ${score}`,
  handoff: (from, to) => `${from} handed off to ${to}`,
};

export const supportZhCN: SupportLabels = {
  sources: "来源",
  citation: (id) => `来源 ${id}`,
  unsafeLink: "（未打开：不是安全的链接）",
  confidence: (level, score) => `置信度${{ high: "高", medium: "中", low: "低" }[level]} · ${score}`,
  handoff: (from, to) => `${from} 已转交给 ${to}`,
};
