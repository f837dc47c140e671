/**
 * The page of `npm run bench:browser` (bench/browser/run.ts serves it with Vite and drives it in
 * chromium). `window.runScenario(name, options)` mounts one implementation, drives one scenario
 * with a ScriptedAgent, and resolves with the figures.
 *
 * - parley: `createThreadStore({ agent, initialMessages })` + `<ParleyProvider store>` +
 *   `<ParleyUIProvider>` + `<Thread />` (virtualized, Markdown replies).
 * - naive: the simplest thing, the baseline every figure is also given as a ratio to — the agent's
 *   event stream (`agent.run(input)`, no client pipeline) folded by hand into `useState`, a plain
 *   React list of every message (no virtualization, plain text, stuck to the bottom) whose rows are
 *   `memo`ized, as any React developer writes a list (only the streaming row re-renders).
 * - sdk: the "SDK way" — `@ag-ui/client`'s own pipeline, `agent.runAgent()`, with a subscriber whose
 *   `onMessagesChanged` `setState`s the whole `messages` array into a plain list of the same rows,
 *   not memoized (the SDK hands over a fresh copy of every message on each event).
 * - floor: the naive list showing only its last 12 messages — React and the reply's text in 12 rows,
 *   nothing else (no virtualizer, no Markdown, no store): a reference for what this machine allows.
 *   Not a strict lower bound while streaming: like the naive list, it copies the message array on
 *   every delta and renders once per task, not once per frame.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { EventType, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import type { Observable, Subscription } from "rxjs";
import { tap } from "rxjs";
import { createThreadStore, ParleyProvider, ParleyUIProvider, Thread, type ThreadStore } from "../../src";
import { ScriptedAgent, type ScriptStep } from "../../src/testing";
import "../../src/theme/parley.css";
import { installTraceScenario } from "./trace";
import { LAST_SEED, seedMessages, WORDS } from "./seed";
import { afterPaint, everyFrame, postTask } from "./paint";
import type { BenchCdpAnswer, BenchCommand, CdpMetrics, ScenarioName, ScenarioOptions, ScenarioResult } from "./types";

// ---- the data ---------------------------------------------------------------------------------

const REPLY_ID = "reply";
const REPLY_END = "ENDOFREPLY";

/** RUN_STARTED, TEXT_MESSAGE_START, `deltas` × TEXT_MESSAGE_CONTENT (a paragraph every 50), END, RUN_FINISHED. */
function replyScript(deltas: number, chunk?: number): ScriptStep[] {
  const steps: ScriptStep[] = [
    { type: EventType.RUN_STARTED, threadId: "bench", runId: "bench-run" },
    { type: EventType.TEXT_MESSAGE_START, messageId: REPLY_ID, role: "assistant" },
  ];
  for (let i = 0; i < deltas; i++) {
    const delta = i === deltas - 1 ? ` ${REPLY_END}` : `${i > 0 && i % 50 === 0 ? "\n\n" : ""}${WORDS[i % WORDS.length]} `;
    steps.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: REPLY_ID, delta });
    // A zero delay is a setTimeout: the next chunk comes in a task of its own, like a network read.
    if (chunk && (i + 1) % chunk === 0) steps.push({ delay: 0 });
  }
  steps.push({ type: EventType.TEXT_MESSAGE_END, messageId: REPLY_ID });
  steps.push({ type: EventType.RUN_FINISHED, threadId: "bench", runId: "bench-run" });
  return steps;
}

/**
 * The same reply as an interaction card: a `parley_advise` call whose arguments (the reply as the
 * question's text, then two options) stream in `deltas` TOOL_CALL_ARGS pieces.
 */
function cardScript(deltas: number, chunk?: number): ScriptStep[] {
  let text = "";
  for (let i = 0; i < deltas - 1; i++) text += `${i > 0 && i % 50 === 0 ? "\n\n" : ""}${WORDS[i % WORDS.length]} `;
  const args = JSON.stringify({ content: `${text}${REPLY_END}`, options: [{ id: "a", label: "Yes" }, { id: "b", label: "No" }] });
  const size = Math.ceil(args.length / deltas);
  const steps: ScriptStep[] = [
    { type: EventType.RUN_STARTED, threadId: "bench", runId: "bench-run" },
    { type: EventType.TOOL_CALL_START, toolCallId: REPLY_ID, toolCallName: "parley_advise" },
  ];
  for (let i = 0; i < deltas; i++) {
    steps.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: REPLY_ID, delta: args.slice(i * size, (i + 1) * size) });
    if (chunk && (i + 1) % chunk === 0) steps.push({ delay: 0 });
  }
  steps.push({ type: EventType.TOOL_CALL_END, toolCallId: REPLY_ID });
  steps.push({ type: EventType.RUN_FINISHED, threadId: "bench", runId: "bench-run" });
  return steps;
}

/** A ScriptedAgent that notes when the first reply delta left it. */
class TimedAgent extends ScriptedAgent {
  firstDeltaAt: number | undefined;
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return super.run(input).pipe(
      tap((event: BaseEvent) => {
        if (this.firstDeltaAt === undefined && (event.type === EventType.TEXT_MESSAGE_CONTENT || event.type === EventType.TOOL_CALL_ARGS)) this.firstDeltaAt = performance.now();
      }),
    );
  }
}

// ---- the implementations ------------------------------------------------------------------

function ParleyApp({ store }: { store: ThreadStore }) {
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider className="bench-fill">
        <Thread />
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

/** One message as both plain lists show it (a call, not a component: the SDK way's list adds no layer per row). */
function plainRow(m: Readonly<Message>) {
  return (
    <article key={m.id} className="sdk-message" data-message-id={m.id} data-role={m.role}>
      <div className="sdk-author">{m.role}</div>
      <div data-slot="message-body" className="sdk-body">
        {typeof m.content === "string" ? m.content : ""}
      </div>
    </article>
  );
}

/** The naive list's row: re-rendered only when its message is a new object. */
const NaiveRow = memo(function NaiveRow({ message }: { message: Readonly<Message> }) {
  return plainRow(message);
});

/** A plain list of every message (or of the `last` few), stuck to the bottom as any chat is. */
function PlainList({ messages, slot, memoRows, last }: { messages: readonly Readonly<Message>[]; slot: string; memoRows: boolean; last?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);
  return (
    <div ref={ref} className="sdk-viewport" role="log" data-slot={slot}>
      {memoRows ? (last ? messages.slice(-last) : messages).map((m) => <NaiveRow key={m.id} message={m} />) : messages.map(plainRow)}
    </div>
  );
}

function SdkApp({ agent }: { agent: ScriptedAgent }) {
  const [messages, setMessages] = useState<readonly Readonly<Message>[]>(() => agent.messages);
  useEffect(() => agent.subscribe({ onMessagesChanged: ({ messages: next }) => setMessages(next) }).unsubscribe, [agent]);
  return <PlainList messages={messages} slot="sdk-thread" memoRows={false} />;
}

/** The naive list's whole fold: a reply's text appended to its message, everything else ignored. */
function naiveApply(messages: readonly Message[], event: BaseEvent): readonly Message[] {
  if (event.type === EventType.TEXT_MESSAGE_START) {
    const { messageId } = event as BaseEvent & { messageId: string };
    return [...messages, { id: messageId, role: "assistant", content: "" }];
  }
  if (event.type === EventType.TEXT_MESSAGE_CONTENT) {
    const { messageId, delta } = event as BaseEvent & { messageId: string; delta: string };
    const at = messages.findLastIndex((m) => m.id === messageId);
    if (at < 0) return messages;
    const next = messages.slice();
    const m = next[at] as Message & { content?: string };
    next[at] = { ...m, content: `${m.content ?? ""}${delta}` } as Message;
    return next;
  }
  return messages;
}

/** How the naive page (and the floor) starts its run (set by NaiveApp once mounted). */
const naiveRun: { start?: () => void; stop?: () => void } = {};

/** The naive list; with `last`, the floor (only the last `last` messages shown). */
function NaiveApp({ agent, initial, last }: { agent: ScriptedAgent; initial: Message[]; last?: number }) {
  const [messages, setMessages] = useState<readonly Message[]>(initial);
  useEffect(() => {
    let subscription: Subscription | undefined;
    naiveRun.start = () => {
      const input: RunAgentInput = { threadId: "bench", runId: "bench-run", messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
      subscription = agent.run(input).subscribe({ next: (event) => setMessages((ms) => naiveApply(ms, event)) });
    };
    naiveRun.stop = () => subscription?.unsubscribe();
    return () => {
      subscription?.unsubscribe();
      naiveRun.start = naiveRun.stop = undefined;
    };
  }, [agent]);
  return <PlainList messages={messages} slot={last ? "floor-thread" : "naive-thread"} memoRows last={last} />;
}

const SELECTORS = {
  parley: { thread: '[data-slot="thread"]', viewport: '[data-slot="thread-viewport"]' },
  sdk: { thread: '[data-slot="sdk-thread"]', viewport: '[data-slot="sdk-thread"]' },
  naive: { thread: '[data-slot="naive-thread"]', viewport: '[data-slot="naive-thread"]' },
  floor: { thread: '[data-slot="floor-thread"]', viewport: '[data-slot="floor-thread"]' },
} as const;

// ---- frames and paints ------------------------------------------------------------------------

const rootEl = document.getElementById("root") as HTMLElement;
let root: Root | undefined;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

function lastSeedVisible(viewportSelector: string, lastId: string): boolean {
  const row = rootEl.querySelector(`[data-message-id="${lastId}"]`);
  if (!row || !row.textContent?.includes(LAST_SEED)) return false;
  const viewport = rootEl.querySelector(viewportSelector);
  if (!viewport) return false;
  const r = row.getBoundingClientRect();
  const v = viewport.getBoundingClientRect();
  return r.bottom > v.top && r.top < v.bottom && r.height > 0;
}

/** Resolves with the post-paint time of the first frame showing the last seeded message, or undefined after `capMs`. */
function whenLastSeedVisible(impl: ScenarioOptions["impl"], lastId: string, capMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => {
      stop();
      resolve(undefined);
    }, capMs);
    const stop = everyFrame(() => {
      if (!lastSeedVisible(SELECTORS[impl].viewport, lastId)) return;
      stop();
      clearTimeout(giveUp);
      void afterPaint().then(resolve);
    });
  });
}

async function cdp(command: BenchCommand): Promise<BenchCdpAnswer> {
  return (await window.__benchCdp?.(command)) ?? {};
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? NaN : sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function unmount(): void {
  root?.unmount();
  root = undefined;
  rootEl.replaceChildren();
}

function mountApp(impl: ScenarioOptions["impl"], agent: TimedAgent, messages: Message[]): { store?: ThreadStore } {
  root = createRoot(rootEl);
  if (impl === "parley") {
    const store = createThreadStore({ agent, threadId: "bench", initialMessages: messages });
    root.render(<ParleyApp store={store} />);
    return { store };
  }
  if (impl === "naive" || impl === "floor") {
    root.render(<NaiveApp agent={agent} initial={messages} last={impl === "floor" ? 12 : undefined} />);
    return {};
  }
  root.render(<SdkApp agent={agent} />);
  return {};
}

// ---- the scenarios ----------------------------------------------------------------------------

async function mountScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const messages = seedMessages(options.messages);
  const lastId = `seed-${options.messages - 1}`;
  await cdp("gc");
  await cdp("start");
  await nextFrame();
  await sleep(0);
  const t0 = performance.now();
  // What is timed: making the agent/store from the messages, rendering, and every frame until the last one shows.
  const agent = new TimedAgent({ script: [], threadId: "bench", ...(options.impl === "sdk" ? { initialMessages: messages } : {}) });
  const painted = whenLastSeedVisible(options.impl, lastId, options.capMs);
  mountApp(options.impl, agent, messages);
  const t1 = await painted;
  const { jsMs } = await cdp("stop");
  const domNodes = rootEl.querySelector(SELECTORS[options.impl].thread)?.getElementsByTagName("*").length;
  unmount();
  return t1 === undefined
    ? { timedOut: true, elapsedMs: options.capMs, domNodes }
    : { timedOut: false, elapsedMs: t1 - t0, mountMs: t1 - t0, domNodes, scriptMs: jsMs };
}

async function streamScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const messages = seedMessages(options.messages);
  const lastId = `seed-${options.messages - 1}`;
  const agent = new TimedAgent({
    script: options.card ? cardScript(options.deltas, options.chunk) : replyScript(options.deltas, options.chunk),
    delayMs: options.paceMs,
    threadId: "bench",
    ...(options.impl === "sdk" ? { initialMessages: messages } : {}),
  });

  // 1. The thread with its history, shown and settled.
  const { store } = mountApp(options.impl, agent, messages);
  if ((await whenLastSeedVisible(options.impl, lastId, 60_000)) === undefined) throw new Error(`${options.impl}: the seeded thread never showed`);
  await sleep(300);
  await cdp("gc");
  await sleep(100);

  // 2. Every frame: its time and the reply's visible text length.
  let body: Element | null = null;
  const readReply = (): string => {
    if (!body?.isConnected) {
      body = options.card
        ? rootEl.querySelector(`[data-interaction-id="${REPLY_ID}"] [data-slot="interaction-content"]`)
        : rootEl.querySelector(`[data-message-id="${REPLY_ID}"] [data-slot="message-body"]`);
    }
    return body?.textContent ?? "";
  };
  /**
   * t: when the frame's rAF callbacks ran (not the rAF timestamp: that is the frame's begin time,
   * which can precede tasks that held the frame back); painted: the task after its rendering (when
   * its DOM is on screen).
   */
  const frames: { t: number; len: number; painted: number }[] = [];
  let endFrame = -1;
  let resolveEnd!: (paintedAt: number) => void;
  const ended = new Promise<number>((resolve) => (resolveEnd = resolve));
  const stopFrames = everyFrame(() => {
    const t = performance.now();
    const text = readReply();
    const previous = frames[frames.length - 1];
    const frame = { t, len: text.length, painted: NaN };
    frames.push(frame);
    postTask(() => (frame.painted = performance.now()));
    if (endFrame < 0 && previous && text.length !== previous.len && text.includes(REPLY_END)) {
      endFrame = frames.length - 1;
      void afterPaint().then(resolveEnd);
    }
  });

  // 3. The first reply text, painted.
  let firstText: Promise<number> | undefined;
  const observer = new MutationObserver(() => {
    // A card says "the agent is writing its question…" before any argument arrives: that is not reply text.
    if (firstText === undefined && (options.card ? readReply().startsWith(WORDS[0] as string) : readReply().length > 0)) {
      firstText = afterPaint();
      observer.disconnect();
    }
  });
  observer.observe(rootEl, { childList: true, subtree: true, characterData: true });

  await nextFrame();
  await nextFrame();
  const before = (await cdp("start")).metrics;
  await nextFrame();
  await sleep(0); // start from a task between frames, as a network chunk would arrive
  const startIndex = frames.length; // frames[startIndex - 1] is the last frame before the run
  const tStart = performance.now();
  let sdkRun: Promise<unknown> | undefined;
  if (store) store.getState().run();
  else if (options.impl === "naive" || options.impl === "floor") naiveRun.start?.();
  else sdkRun = agent.runAgent();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), options.capMs)));
  const tEnd = await Promise.race([ended, capped]);
  clearTimeout(timer);
  if (tEnd === undefined) {
    stopFrames();
    observer.disconnect();
    if (store) store.getState().stop();
    else if (options.impl === "naive" || options.impl === "floor") naiveRun.stop?.();
    else agent.abortRun();
    await cdp("stop");
    await sleep(50);
    unmount();
    return { timedOut: true, elapsedMs: options.capMs };
  }
  // Let the run finish its bookkeeping (the SDK's promise, Parley's isRunning) and trailing renders.
  if (sdkRun) await Promise.race([sdkRun.catch(() => undefined), sleep(5_000)]);
  await nextFrame();
  await nextFrame();
  const { metrics: after, jsMs } = await cdp("stop");
  stopFrames();
  observer.disconnect();
  const firstTextAt = firstText ? await firstText : undefined;

  // Longest gap between paints that changed the reply text, the start of the run counting as the first.
  let previousChange = tStart;
  let longestTextGapMs = 0;
  let textFrames = 0;
  for (let i = startIndex; i <= endFrame; i++) {
    const frame = frames[i] as { len: number; painted: number };
    if (frame.len === (frames[i - 1] as { len: number }).len) continue;
    textFrames++;
    longestTextGapMs = Math.max(longestTextGapMs, frame.painted - previousChange);
    previousChange = frame.painted;
  }

  // Frame intervals from the first delta to the frame with the whole reply.
  const firstDeltaAt = agent.firstDeltaAt ?? tStart;
  const intervals: number[] = [];
  const frameLog: [number, number, number][] = [];
  for (let i = Math.max(startIndex, 1); i <= endFrame; i++) {
    const frame = frames[i] as { t: number; len: number };
    if (frame.t < firstDeltaAt) continue;
    intervals.push(frame.t - (frames[i - 1] as { t: number }).t);
    frameLog.push([Math.round(frame.t - firstDeltaAt), Math.round(frame.t - (frames[i - 1] as { t: number }).t), frame.len]);
  }
  const medianFrameMs = median(intervals);
  // Dropped: the frames the display (60 Hz here, or the median interval if shorter) would have shown
  // in each interval beyond the one that came: 50 ms at 60 Hz is 2 dropped of 3.
  const frameMs = Math.min(medianFrameMs, 1000 / 60);
  const dropped = intervals.reduce((sum, ms) => sum + Math.max(0, Math.round(ms / frameMs) - 1), 0);

  const domNodes = rootEl.querySelector(SELECTORS[options.impl].thread)?.getElementsByTagName("*").length;
  const finalTextLength = readReply().length;
  const ms = (key: keyof CdpMetrics) => (before && after ? (after[key] - before[key]) * 1000 : undefined);
  unmount();
  return {
    timedOut: false,
    elapsedMs: tEnd - tStart,
    longestTextGapMs,
    textFrames,
    scriptMs: jsMs,
    cdpScriptMs: ms("ScriptDuration"),
    taskMs: ms("TaskDuration"),
    layoutMs: ms("LayoutDuration"),
    styleMs: ms("RecalcStyleDuration"),
    domNodes,
    frames: intervals.length,
    medianFrameMs,
    droppedPct: intervals.length ? (100 * dropped) / (intervals.length + dropped) : undefined,
    longestFrameMs: intervals.length ? Math.max(...intervals) : undefined,
    frameLog,
    firstTextMs: firstTextAt !== undefined && agent.firstDeltaAt !== undefined ? firstTextAt - agent.firstDeltaAt : undefined,
    finalTextLength,
  };
}

installTraceScenario();
window.runScenario = async (name: ScenarioName, options: ScenarioOptions): Promise<ScenarioResult> => {
  unmount();
  return name === "mount" || name === "mount10k" ? mountScenario(options) : streamScenario(options);
};
window.__benchReady = true;
