/** What the page (main.tsx) and the runner (run.ts) agree on. */

/** floor: the naive list showing only its last 12 messages (a reference for what the machine allows). */
export type Impl = "parley" | "naive" | "sdk" | "floor";
export type ScenarioName = "flat" | "flat10k" | "chunked" | "paced" | "paced500" | "paced10k" | "mount" | "mount10k" | "card";

export interface ScenarioOptions {
  impl: Impl;
  /** Messages already in the thread. */
  messages: number;
  /** TEXT_MESSAGE_CONTENT events in the streamed reply (stream scenarios). */
  deltas: number;
  /** ScriptedAgent `delayMs`: 0 = flat out. */
  paceMs: number;
  /** Flat out, but a new task every `chunk` deltas, as network reads arrive (undefined: one task). */
  chunk?: number;
  /** Stream the reply as the arguments of a `parley_advise` call (an interaction card) instead of text. */
  card?: boolean;
  /** Give up (and report "> cap") after this long. */
  capMs: number;
}

export interface ScenarioResult {
  timedOut: boolean;
  /** The page crashed (out of memory) instead of answering; `timedOut` is true too. */
  crashed?: boolean;
  /** ms the measured part took (stream: run start → final text painted; mount: render → last message painted). */
  elapsedMs: number;
  /** Longest gap between frames whose visible reply text changed, the frame before the run counting as the first. */
  longestTextGapMs?: number;
  /** How many frames showed a change of the reply text. */
  textFrames?: number;
  /** JS + GC time over the stream, ms: the CDP CPU profile (Profiler) minus idle and "(program)". */
  scriptMs?: number;
  /** CDP Performance.getMetrics deltas over the stream, ms (ScriptDuration misses promise jobs: see run.ts). */
  cdpScriptMs?: number;
  taskMs?: number;
  layoutMs?: number;
  styleMs?: number;
  /** Elements under the thread at the end. */
  domNodes?: number;
  /** rAF intervals over the stream. */
  frames?: number;
  medianFrameMs?: number;
  /** Frames the display would have shown that did not come, as a share of all it would have shown (see main.tsx). */
  droppedPct?: number;
  longestFrameMs?: number;
  /**
   * Each frame interval counted for dropped frames, as [ms since the first delta, interval ms, reply
   * characters shown]: where a stream's long frames fall (`--frames`).
   */
  frameLog?: [number, number, number][];
  /** First TEXT_MESSAGE_CONTENT event → the frame showing the first reply text has been painted. */
  firstTextMs?: number;
  /** Render → last seeded message visible in the viewport, painted. */
  mountMs?: number;
  finalTextLength?: number;
}

export interface CdpMetrics {
  ScriptDuration: number;
  TaskDuration: number;
  LayoutDuration: number;
  RecalcStyleDuration: number;
}

export type BenchCommand = "gc" | "start" | "stop";

export interface BenchCdpAnswer {
  metrics?: CdpMetrics;
  /** "stop": JS + GC ms in the profile since "start". */
  jsMs?: number;
}

declare global {
  interface Window {
    runScenario(name: ScenarioName, options: ScenarioOptions): Promise<ScenarioResult>;
    /**
     * Installed by the runner (page.exposeFunction): "gc" collects garbage; "start" reads
     * Performance.getMetrics and starts the CPU profiler; "stop" stops it and reads the metrics again.
     */
    __benchCdp?: (command: BenchCommand) => Promise<BenchCdpAnswer>;
    __benchReady?: boolean;
  }
}
