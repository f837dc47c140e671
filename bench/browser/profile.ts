/** Summarizes a CDP `Profiler.stop()` profile: the functions with the most self time. */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

const IDLE = new Set(["(idle)", "(program)", "(root)"]);

function describe(frame: ProfileNode["callFrame"] | undefined): string {
  if (!frame) return "–";
  const file = frame.url.replace(/^https?:\/\/[^/]+\//, "").replace(/^@fs\/tmp\/[^/]+\/deps\//, "deps/").replace(/\?.*$/, "");
  return `${frame.functionName || "(anonymous)"} — ${file ? `${file}:${frame.lineNumber + 1}` : "(native)"}`;
}

/**
 * A markdown table of the `top` functions by self time (ms), with their share of the JS + GC
 * samples and their most frequent caller; then JS + GC ms in the first and the last second of the window.
 */
export function summarizeProfile(raw: unknown, top = 15, untilUs = Infinity): string {
  const profile = raw as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const byFunction = new Map<string, { ms: number; callers: Map<string, number> }>();
  let busy = 0;
  let t = profile.startTime;
  const timeline: { t: number; ms: number }[] = [];
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    if (t > untilUs) break;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const node = byId.get(samples[i] as number) as ProfileNode;
    if (IDLE.has(node.callFrame.functionName)) continue;
    const key = describe(node.callFrame);
    const entry = byFunction.get(key) ?? { ms: 0, callers: new Map<string, number>() };
    entry.ms += ms;
    const caller = describe(byId.get(parent.get(node.id) ?? -1)?.callFrame);
    entry.callers.set(caller, (entry.callers.get(caller) ?? 0) + ms);
    byFunction.set(key, entry);
    busy += ms;
    timeline.push({ t, ms });
  }
  const rows = [...byFunction].sort((a, b) => b[1].ms - a[1].ms).slice(0, top);
  const lines = ["| self ms | share | function — file:line | main caller |", "|---:|---:|---|---|"];
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  for (const [key, { ms, callers }] of rows) {
    const caller = [...callers].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "–";
    lines.push(`| ${ms.toFixed(1)} | ${((100 * ms) / busy).toFixed(1)} % | ${esc(key)} | ${esc(caller)} |`);
  }
  const span = (profile.endTime - profile.startTime) / 1000;
  lines.push(`| ${busy.toFixed(0)} | 100 % | all sampled JS and GC (not idle, not "(program)") over ${span.toFixed(0)} ms | |`);
  if (span > 3000) {
    const inSecond = (from: number) => timeline.filter((s) => s.t >= from && s.t < from + 1e6).reduce((sum, s) => sum + s.ms, 0);
    lines.push("");
    lines.push(
      `JS + GC per second of the window: first second ${inSecond(profile.startTime).toFixed(0)} ms, ` +
        `middle ${inSecond((profile.startTime + profile.endTime) / 2 - 5e5).toFixed(0)} ms, last full second ${inSecond(profile.endTime - 2e6).toFixed(0)} ms.`,
    );
  }
  return lines.join("\n");
}

/** Where a sample's time goes: the first area (innermost frame outwards) whose code is on its stack. */
const AREAS: [string, RegExp][] = [
  ["Markdown (react-markdown, micromark, mdast/hast)", /react-markdown|micromark|mdast|hast|unified|blank-line|lib-[A-Za-z0-9_-]+\.js|src\/components\/markdown/],
  ["fold + store", /src\/core\/|src\/store\//],
  ["agent stream (ScriptedAgent, rxjs)", /scriptedAgent|esm5-|rxjs/],
  ["virtualizer", /react-virtual/],
  ["React render/commit", /react-dom|react\.js|jsx-runtime|scheduler/],
];

/**
 * JS + GC ms per area: each sample goes to the first area found walking its stack from the
 * innermost frame outwards (so React rendering a Markdown block counts as Markdown).
 */
export function summarizeAreas(raw: unknown): string {
  const profile = raw as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const totals = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    const leaf = byId.get(samples[i] as number) as ProfileNode;
    const name = leaf.callFrame.functionName;
    if (IDLE.has(name)) continue;
    let area = name === "(garbage collector)" ? "GC" : "other";
    for (let id: number | undefined = leaf.id; id !== undefined && area === "other"; id = parent.get(id)) {
      const url = byId.get(id)?.callFrame.url ?? "";
      area = AREAS.find(([, pattern]) => pattern.test(url))?.[0] ?? "other";
    }
    totals.set(area, (totals.get(area) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  const lines = ["| area | JS ms | share |", "|---|---:|---:|"];
  for (const [area, ms] of [...totals].sort((a, b) => b[1] - a[1])) lines.push(`| ${area} | ${ms.toFixed(1)} | ${((100 * ms) / all).toFixed(0)} % |`);
  return lines.join("\n");
}

/** JS + GC ms in a profile: every sample except "(idle)", "(program)" (native browser work: style, layout, paint) and "(root)". */
export function jsTime(raw: unknown, untilUs = Infinity): number {
  const profile = raw as Profile;
  const skip = new Set(profile.nodes.filter((n) => ["(idle)", "(program)", "(root)"].includes(n.callFrame.functionName)).map((n) => n.id));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let us = 0;
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    if (t > untilUs) break;
    if (!skip.has(samples[i] as number)) us += deltas[i + 1] ?? 0;
  }
  return us / 1000;
}
