/**
 * How much the agent's door takes in one value. Each limit is far above what a conversation
 * sends (a long reply is ~100 KB of text, a rich state a few hundred keys) and far below what
 * freezes a tab or breaks the thread: a value nested 10,000 levels overflowed the stack in every
 * later `JSON.stringify` (each run's body, each save); a state of 1,000,000 keys cost 1–2 s to
 * copy for a one-key delta; 50 MB of text went back to the agent with every run.
 * docs/security.md has the table.
 */
export const WIRE_LIMITS = {
  /** Levels of nesting of one value (a state, an activity's content, a custom value, arguments). */
  depth: 64,
  /** Values (objects, arrays, strings, numbers…) in one value. */
  nodes: 200_000,
  /** Characters of the strings (and keys) in one value: under the HTTP transport's 10 MB frame. */
  chars: 8_000_000,
  /** Members of one object: a state delta copies the objects on its path, member by member. */
  keys: 10_000,
  /** Characters of one message's text, one tool call's arguments, one tool result. */
  text: 1_000_000,
} as const;

/** What a log entry may weigh (characters plus values) before it is kept as a summary instead. */
export const LOG_ENTRY_WEIGHT = 4_096;
/** What the entries of one log (custom or raw events) may weigh together; the oldest go first. */
export const LOG_TOTAL_WEIGHT = 8_000_000;

/**
 * The weight of `value` (characters of its strings and keys plus its number of values), or why it
 * is over the limits, in words. Iterative, so no depth overflows it, and it stops at the first
 * limit crossed: its cost is bounded by the limits, not by the value.
 *
 * @example
 * measureValue({ a: [1, "two"] }); // 7
 * measureValue(deep, { ...WIRE_LIMITS, depth: 64 }); // "nested deeper than 64 levels"
 */
export function measureValue(value: unknown, limits: { depth: number; nodes: number; chars: number; keys?: number } = WIRE_LIMITS): number | string {
  // One stack of (node, depth) pairs, children by index: half the time of two stacks and an
  // iterator per array (every event but a delta is measured here).
  const stack: unknown[] = [value, 0];
  let nodes = 0;
  let chars = 0;
  while (stack.length) {
    const depth = stack.pop() as number;
    const node = stack.pop();
    if (++nodes > limits.nodes) return `more than ${limits.nodes.toLocaleString("en-US")} values`;
    if (typeof node === "string") chars += node.length;
    else if (typeof node === "object" && node !== null) {
      if (depth >= limits.depth) return `nested deeper than ${limits.depth} levels`;
      if (Array.isArray(node)) for (let i = 0; i < node.length; i++) stack.push(node[i], depth + 1);
      else {
        const keys = Object.keys(node);
        if (limits.keys !== undefined && keys.length > limits.keys) return `an object of more than ${limits.keys.toLocaleString("en-US")} members`;
        for (const key of keys) {
          chars += key.length;
          stack.push((node as Record<string, unknown>)[key], depth + 1);
        }
      }
    }
    if (chars > limits.chars) return `more than ${limits.chars.toLocaleString("en-US")} characters`;
  }
  return chars + nodes;
}

const SUMMARY_LIMITS = { depth: 6, nodes: 64, chars: 1_024 };

/**
 * A log entry's value as kept: itself when it weighs little, else a summary of bounded size
 * (`{ summary, type, weight }`: its type, the start of its JSON and why it was cut), so 500
 * entries of 2 MB events no longer keep 1 GB alive.
 *
 * @example
 * boundedForLog(hugeEvent); // { summary: '{"type":"CUSTOM","value":"aaaa…', type: "CUSTOM", cut: "more than 1,024 characters" }
 */
export function boundedForLog(value: unknown): unknown {
  const weight = measureValue(value, { depth: WIRE_LIMITS.depth, nodes: LOG_ENTRY_WEIGHT, chars: LOG_ENTRY_WEIGHT });
  if (typeof weight === "number") return value;
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  return { summary: preview(value), ...(typeof type === "string" ? { type: type.slice(0, 80) } : {}), cut: weight };
}

/** The start of a value's JSON, built from a bounded walk (never the whole value). */
function preview(value: unknown, depth = 0, budget = { n: SUMMARY_LIMITS.nodes }): string {
  if (typeof value === "string") return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
  if (typeof value !== "object" || value === null) return String(JSON.stringify(value) ?? value);
  if (depth >= SUMMARY_LIMITS.depth || --budget.n < 0) return "…";
  const parts: string[] = [];
  const entries = Array.isArray(value) ? value.slice(0, 9).map((v, i) => [i, v] as const) : Object.keys(value).slice(0, 9).map((k) => [k, (value as Record<string, unknown>)[k]] as const);
  for (const [key, item] of entries.slice(0, 8)) {
    parts.push(`${typeof key === "string" ? `${JSON.stringify(key.slice(0, 80))}:` : ""}${preview(item, depth + 1, budget)}`);
  }
  if (entries.length > 8) parts.push("…");
  const text = parts.join(",");
  return Array.isArray(value) ? `[${text}]` : `{${text}}`;
}
