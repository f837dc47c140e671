import type { SubagentRecord, ThreadMessage, ThreadState } from "../../core/fold";

/**
 * Where a row sits in the agent's turn: the agent's consecutive rows (text, tool calls, the text
 * after them, reasoning, plans, questions) read as one turn — `start`, `middle`, `end` — and a
 * row on its own (the person's message, a system note, a one-row reply) is `single`.
 */
export type TurnPosition = "single" | "start" | "middle" | "end";

/** How one row of the thread is laid out (the same object for the same layout, so rows can compare it). */
export interface RowLayout {
  turn: TurnPosition;
  /** How deep in sub-agents the row's author is: 0 for the main agent, 1 for its sub-agent … */
  depth: number;
  /** The first reply of its author in the turn shows who wrote it; the replies after it do not. */
  showsAuthor: boolean;
  /** The agent changed within the turn: who handed off (`""`: the main agent) to whom. */
  handoff?: { from: string; to: string };
  /**
   * An agent's reply with a later reply in the same turn: the turn's one action row (Copy,
   * Regenerate …) goes after that last reply, not after each.
   */
  actionsLater?: true;
}

const SINGLE: RowLayout = { turn: "single", depth: 0, showsAuthor: true };

/** Rows of the agent's side of the conversation. */
const AGENT_SIDE = new Set<ThreadMessage["role"]>(["assistant", "reasoning", "activity", "tool", "interaction"]);

/**
 * A sub-agent's name as a person reads it: `sales_agent` → "Sales agent". A name with spaces or
 * capitals inside is the agent's own spelling and is kept.
 *
 * @example
 * subagentDisplayName("mail-agent"); // "Mail agent"
 */
export function subagentDisplayName(name: string): string {
  if (/\s|[a-z][A-Z]/.test(name.trim())) return name.trim();
  const words = name.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function depthOf(subagents: ThreadState["subagents"], id: string): number {
  let depth = 0;
  const seen = new Set<string>();
  for (let record: SubagentRecord | undefined = subagents[id]; record && !seen.has(record.subagentRunId); record = record.parentSubagentRunId ? subagents[record.parentSubagentRunId] : undefined) {
    seen.add(record.subagentRunId);
    depth += 1;
  }
  // A message naming a sub-agent run the thread never saw start is still a sub-agent's.
  return Math.max(depth, 1);
}

/** Lays out the agent's turns of `rows`, one turn at a time, interning equal layouts. */
function createLayouter(thread: Pick<ThreadState, "messages" | "subagents">, rows: readonly string[]) {
  const interned = new Map<string, RowLayout>();
  const intern = (layout: RowLayout): RowLayout => {
    const key = `${layout.turn}|${layout.depth}|${layout.showsAuthor}|${layout.actionsLater}|${layout.handoff?.from ?? "\0"}|${layout.handoff?.to ?? "\0"}`;
    const existing = interned.get(key);
    if (existing) return existing;
    interned.set(key, layout);
    return layout;
  };
  const nameOf = (id: string) => {
    const started = id ? thread.subagents[id] : undefined;
    return started ? subagentDisplayName(started.name) : id;
  };
  /** Whether row `i` is on the agent's side of the conversation (part of a turn). */
  const agentSide = (i: number): boolean => {
    const role = thread.messages.get(rows[i]!)?.role;
    return role !== undefined && AGENT_SIDE.has(role);
  };
  /** Lays out the turn of agent rows `from` … `to - 1` into `out` (by row index). */
  const layTurn = (from: number, to: number, out: RowLayout[]): void => {
    // From the end: whether a later reply of the same turn carries the turn's actions.
    const later: boolean[] = [];
    for (let i = to - 1, seen = false; i >= from; i--) {
      if (thread.messages.get(rows[i]!)?.role === "assistant") {
        later[i] = seen;
        seen = true;
      }
    }
    // The author of the turn's last row that names one, and whether that author's name was given
    // yet (by a reply's header; reasoning, plans and cards have none, so the reply after them
    // still says who wrote it).
    let author = "";
    let named = false;
    for (let i = from; i < to; i++) {
      const message = thread.messages.get(rows[i]!);
      const first = i === from;
      const last = i + 1 === to;
      const turn: TurnPosition = first ? (last ? "single" : "start") : last ? "end" : "middle";
      // Tool results and question cards carry no author of their own: they keep the one before.
      const own = message?.role === "tool" || message?.role === "interaction" ? undefined : (message?.subagentRunId ?? "");
      const layout: RowLayout = { turn, depth: 0, showsAuthor: true };
      const by = own ?? author;
      if (by) layout.depth = depthOf(thread.subagents, by);
      if (own !== undefined && own !== author) {
        layout.handoff = { from: nameOf(author), to: nameOf(own) };
        author = own;
        named = false;
      }
      if (message?.role === "assistant") {
        layout.showsAuthor = !named;
        named = true;
        if (later[i]) layout.actionsLater = true;
      }
      out[i] = intern(layout);
    }
  };
  return { agentSide, layTurn };
}

/**
 * The layout of each row (parallel to `rows`): turn positions, sub-agent depth, whether the row
 * names its author, and the hand-offs between agents. Pure; a sub-agent run id is shown by the
 * name it started with (the main agent is `""`).
 *
 * @example
 * layoutRows(thread, rows); // [{ turn: "single", … }, { turn: "start", … }, { turn: "end", … }]
 */
export function layoutRows(thread: Pick<ThreadState, "messages" | "subagents">, rows: readonly string[]): RowLayout[] {
  const { agentSide, layTurn } = createLayouter(thread, rows);
  const layouts: RowLayout[] = [];
  for (let i = 0; i < rows.length; ) {
    if (!agentSide(i)) {
      layouts[i++] = SINGLE;
      continue;
    }
    let end = i + 1;
    while (end < rows.length && agentSide(end)) end++;
    layTurn(i, end, layouts);
    i = end;
  }
  return layouts;
}

/** A row's layout by its index (undefined past the rows), as {@link layoutRows} gives it. */
export type RowLayouts = (index: number) => RowLayout | undefined;

/**
 * {@link layoutRows}, one turn at a time as rows are asked for: a thread of 10,000 messages lays
 * out the turns on screen, not every one before its first paint. Each turn is laid out once.
 *
 * @example
 * const layoutOf = lazyRowLayouts(thread, rows);
 * layoutOf(rows.length - 1); // the last row's, having laid out only its turn
 */
export function lazyRowLayouts(thread: Pick<ThreadState, "messages" | "subagents">, rows: readonly string[]): RowLayouts {
  const { agentSide, layTurn } = createLayouter(thread, rows);
  const known: RowLayout[] = [];
  return (index) => {
    if (!(index >= 0 && index < rows.length)) return undefined;
    const hit = known[index];
    if (hit) return hit;
    if (!agentSide(index)) return (known[index] = SINGLE);
    let from = index;
    while (from > 0 && agentSide(from - 1)) from--;
    let to = index + 1;
    while (to < rows.length && agentSide(to)) to++;
    layTurn(from, to, known);
    return known[index];
  };
}

/**
 * A selector of the rows' layouts ({@link lazyRowLayouts}): made again only when the rows or the
 * sub-agents change (a streaming token changes neither), so it returns the same function meanwhile.
 *
 * @example
 * const [selectLayout] = useState(createRowLayoutSelector);
 * const layoutOf = useThread((t) => selectLayout(t, rows));
 */
export function createRowLayoutSelector(): (thread: ThreadState, rows: readonly string[]) => RowLayouts {
  let lastRows: readonly string[] | undefined;
  let lastSubagents: ThreadState["subagents"] | undefined;
  let layouts: RowLayouts = () => undefined;
  return (thread, rows) => {
    if (rows !== lastRows || thread.subagents !== lastSubagents) {
      lastRows = rows;
      lastSubagents = thread.subagents;
      layouts = lazyRowLayouts(thread, rows);
    }
    return layouts;
  };
}
