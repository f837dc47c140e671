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

/**
 * The layout of each row (parallel to `rows`): turn positions, sub-agent depth, whether the row
 * names its author, and the hand-offs between agents. Pure; `name` turns a sub-agent run id
 * into the name shown (the main agent is `""`).
 *
 * @example
 * layoutRows(thread, rows); // [{ turn: "single", … }, { turn: "start", … }, { turn: "end", … }]
 */
export function layoutRows(thread: Pick<ThreadState, "messages" | "subagents">, rows: readonly string[]): RowLayout[] {
  const layouts: RowLayout[] = [];
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
  // The turn being laid out: where it began, the author of its last row that names one, and
  // whether that author's name was given yet (by a reply's header; reasoning, plans and cards
  // have none, so the reply after them still says who wrote it).
  let start = -1;
  let author = "";
  let named = false;
  const sides: boolean[] = rows.map((id) => {
    const role = thread.messages.get(id)?.role;
    return role !== undefined && AGENT_SIDE.has(role);
  });
  // From the end: whether a later reply of the same turn carries the turn's actions.
  const later: boolean[] = [];
  for (let i = rows.length - 1, seen = false; i >= 0; i--) {
    if (!sides[i]) seen = false;
    else if (thread.messages.get(rows[i]!)?.role === "assistant") {
      later[i] = seen;
      seen = true;
    }
  }
  for (let i = 0; i < rows.length; i++) {
    if (!sides[i]) {
      layouts.push(SINGLE);
      start = -1;
      continue;
    }
    const message = thread.messages.get(rows[i]!);
    const first = start === -1;
    if (first) {
      start = i;
      author = "";
      named = false;
    }
    const last = i + 1 >= rows.length || !sides[i + 1];
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
    layouts.push(intern(layout));
  }
  return layouts;
}

/**
 * A selector of {@link layoutRows} for the thread's rows: computed again only when the rows or the
 * sub-agents change (a streaming token changes neither), so it returns the same array meanwhile.
 *
 * @example
 * const [selectLayout] = useState(createRowLayoutSelector);
 * const layouts = useThread((t) => selectLayout(t, rows));
 */
export function createRowLayoutSelector(): (thread: ThreadState, rows: readonly string[]) => readonly RowLayout[] {
  let lastRows: readonly string[] | undefined;
  let lastSubagents: ThreadState["subagents"] | undefined;
  let layouts: readonly RowLayout[] = [];
  return (thread, rows) => {
    if (rows !== lastRows || thread.subagents !== lastSubagents) {
      lastRows = rows;
      lastSubagents = thread.subagents;
      layouts = layoutRows(thread, rows);
    }
    return layouts;
  };
}
