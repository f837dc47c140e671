/**
 * A tiny timing helper for the fold benchmark: warm up, then the median of a few runs, with a
 * full GC before each one so one run's garbage is not billed to the next.
 */

export interface Measurement {
  /** Median wall time of the timed runs, in milliseconds. */
  ms: number;
  /** How many timed runs the median is over (1 when the first run alone exceeded the budget). */
  runs: number;
}

export interface MeasureOptions<T> {
  /** Timed runs after the warm-up. Default 5. */
  repeats?: number;
  /** When the first (warm-up) run takes longer than this, it is the only run and the measurement. Default 3,000 ms. */
  budgetMs?: number;
  /** Called (outside the timing) with every run's result; throw to fail the benchmark. */
  check?: (result: T) => void;
}

/** Warm-up runs continue until this much time was spent (at most {@link WARMUP_MAX_RUNS} runs), so the JIT has settled. */
const WARMUP_MS = 150;
const WARMUP_MAX_RUNS = 20;

/**
 * A forced full GC makes V8 drop optimized code that embedded maps of objects that have since died
 * (`--trace-deopt`: "marking dependent code … reason: weak objects"). A run of a few milliseconds
 * would then be timed half in the interpreter, and its time swings 2–6× from run to run. So runs
 * shorter than this are re-warmed after the full GC: two untimed runs, a pause for the background
 * compiler, and a minor GC to sweep their garbage from the young generation.
 */
const REWARM_BELOW_MS = 100;

/** A full (major) GC, if node runs with `--expose-gc`. */
export function gc(): void {
  globalThis.gc?.();
}

function minorGc(): void {
  globalThis.gc?.({ type: "minor" });
}

export async function measure<T>(fn: () => T | Promise<T>, options: MeasureOptions<T> = {}): Promise<Measurement> {
  const { repeats = 5, budgetMs = 3_000, check } = options;

  let warmupSpent = 0;
  let lastWarmup = Infinity;
  for (let i = 0; i < WARMUP_MAX_RUNS && warmupSpent < WARMUP_MS; i++) {
    gc();
    const start = performance.now();
    const result = await fn();
    const elapsed = performance.now() - start;
    check?.(result);
    // Over budget: this one run is the measurement (a JIT warm-up is noise next to seconds).
    if (elapsed > budgetMs) return { ms: elapsed, runs: 1 };
    lastWarmup = elapsed;
    warmupSpent += elapsed;
  }

  const rewarm = lastWarmup < REWARM_BELOW_MS;
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    gc();
    if (rewarm) {
      await rewarmRuns(fn);
      minorGc();
    }
    const start = performance.now();
    const result = await fn();
    samples.push(performance.now() - start);
    check?.(result);
  }
  return { ms: median(samples), runs: repeats };
}

export interface Round {
  /** One measurement per contestant, in the order given (each the median of its timed runs). */
  each: Measurement[];
  /**
   * For each contestant, the median over rounds of (first contestant's time / this one's time) in
   * the same round: the first is the baseline, so above 1 means faster than it. Every round runs
   * all contestants back to back, so a slow patch of the machine (another process, a GC thread)
   * lands on both sides of the ratio instead of on one column.
   */
  ratios: number[];
}

/**
 * Measures several functions side by side: a warm-up of each, then `repeats` rounds in which each
 * runs once, in a rotating order so none always runs first. Meant for runs of a few milliseconds
 * compared against a baseline (the first function).
 *
 * Unlike {@link measure}, the rounds force no full GC: each timed run follows a minor GC (and, under
 * {@link REWARM_BELOW_MS}, two untimed runs), and that is all. With a full GC before every run, the re-warm
 * could not undo what the GC did to optimized code: seven processes of the same build read the
 * whole stream of (iii) at 2.2–2.4 ms or at 4.9–5.2 ms and of (iv) at 0.9 or 1.8–3.4 ms, depending
 * on the process; without it, five processes agreed within 5 % (1.86–1.98 ms and 0.63–0.66 ms).
 * That steady state is also what a live stream runs in: the fold, warm, between minor GCs.
 */
export async function measureRound(
  fns: readonly (() => unknown)[],
  options: { repeats?: number; check?: (index: number, result: unknown) => void } = {},
): Promise<Round> {
  const { repeats = 15, check } = options;
  const rewarm: boolean[] = [];
  for (const [index, fn] of fns.entries()) {
    let spent = 0;
    let last = Infinity;
    for (let i = 0; i < WARMUP_MAX_RUNS && spent < WARMUP_MS; i++) {
      gc();
      const start = performance.now();
      const result = await fn();
      last = performance.now() - start;
      spent += last;
      check?.(index, result);
    }
    rewarm.push(last < REWARM_BELOW_MS);
  }

  const samples: number[][] = fns.map(() => []);
  for (let round = 0; round < repeats; round++) {
    for (let k = 0; k < fns.length; k++) {
      const index = (round + k) % fns.length;
      const fn = fns[index] as () => unknown;
      // No full GC here (see the comment on the function); a minor GC empties the young generation,
      // so each timed run still starts without the one before's short-lived garbage.
      if (rewarm[index]) await rewarmRuns(fn);
      minorGc();
      const start = performance.now();
      const result = await fn();
      (samples[index] as number[]).push(performance.now() - start);
      check?.(index, result);
    }
  }
  const baseline = samples[0] as number[];
  return {
    each: samples.map((s) => ({ ms: median(s), runs: repeats })),
    ratios: samples.map((s) => median(s.map((ms, round) => (baseline[round] as number) / ms))),
  };
}

/** Two untimed runs, then a pause for the background compiler (see {@link REWARM_BELOW_MS}). */
async function rewarmRuns(fn: () => unknown): Promise<void> {
  await fn();
  await fn();
  await new Promise((resolve) => setTimeout(resolve, 20));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

// ---- formatting -------------------------------------------------------------------------------

export function formatRate(events: number, ms: number): string {
  const perSecond = (events / ms) * 1000;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toPrecision(3)} k/s`;
  return `${perSecond.toFixed(0)} /s`;
}

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** `1.69 M/s (12.0 ms)`, with `†` when the median is over fewer runs than the others. */
export function cell(events: number, m: Measurement, repeats = 5): string {
  return `${formatRate(events, m.ms)} (${formatMs(m.ms)})${m.runs < repeats ? ` †${m.runs}` : ""}`;
}

export function table(header: string[], rows: string[][], align: ("l" | "r")[]): string {
  const lines = [
    `| ${header.join(" | ")} |`,
    `|${align.map((a) => (a === "r" ? "---:" : "---")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ];
  return lines.join("\n");
}
