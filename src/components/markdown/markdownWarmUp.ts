/**
 * Markdown as agents write it, one sample per kind of block, with the inline forms a reply uses
 * (strong, emphasis, code, links, bare URLs, strikethrough): parsing them runs each part of the
 * parser a streaming reply will run.
 */
const SAMPLES = [
  "The agent **booked** the `09:30` train to Lyon, *window* seat; see [the timetable](https://example.com/t) or https://example.com for ~~more~~ details.",
  "- a first item with *emphasis*\n- a second with `code` and **strong** text\n  - nested, and www.example.com\n- [x] a task, done",
  "## A heading with `code`\n\n> A quote the agent cites, *as written*.",
  "1. Open the settings\n2. Choose **Privacy**\n3. Press _Save_ and wait",
  "| Train | Time | Price |\n|---|:---:|---:|\n| TGV 6601 | 09:30 | €45.00 |",
  "```ts\nconst reply = await agent.run({ threadId });\n```",
];

/** How many parses warm the parser up (in V8 its first few dozen parses of a block take 2–17× a warm one). */
export const WARM_UP_ROUNDS = 48;

/**
 * A parse starts only when the idle period has at least this much left (ms), and as much as the
 * last parse took, up to {@link MAX_IDLE_MS}: a parse slowed by a collection must not hold it back.
 */
const MIN_IDLE_MS = 10;
/** A parse never waits for more idle time than a frame's worth (ms). */
const MAX_IDLE_MS = 16;

/** Idle periods in a row without that much room before it gives up (a page that is never quiet: ~10 s of frames). */
export const WARM_UP_PATIENCE = 600;

/**
 * Parses the samples in the browser's idle time, a few per idle period, cut at different lengths
 * as a stream delivers them, so that the parser's code is compiled and optimized before the first
 * reply streams. A streaming reply parses its last block each frame; run cold, in Chromium traces
 * of a page's first reply, those parses took 5–15 ms of a frame. A parse starts only when the idle
 * period has room for it: at least 10 ms, and as long as the last parse took, up to 16. Nothing
 * where there is no `requestIdleCallback` (a server, jsdom, Safari); a parse that throws ends it,
 * and so do {@link WARM_UP_PATIENCE} idle periods in a row without room. Returns a cancel function.
 *
 * @example
 * const cancel = warmUpWhenIdle((text) => ReactMarkdown({ children: text }));
 */
export function warmUpWhenIdle(parse: (text: string) => unknown, rounds = WARM_UP_ROUNDS): () => void {
  if (typeof requestIdleCallback !== "function") return () => {};
  let round = 0;
  let need = MIN_IDLE_MS;
  let waits = 0;
  let handle: number | undefined;
  const step = (deadline: IdleDeadline) => {
    handle = undefined;
    const from = round;
    try {
      while (round < rounds && deadline.timeRemaining() >= need) {
        const sample = SAMPLES[round % SAMPLES.length] as string;
        // Whole, then shorter and shorter, down to about a half: the prefixes a stream shows.
        const cut = Math.floor(round / SAMPLES.length) % 8;
        const started = performance.now();
        parse(sample.slice(0, sample.length - Math.floor((sample.length * cut) / 16)));
        need = Math.min(MAX_IDLE_MS, Math.max(MIN_IDLE_MS, performance.now() - started));
        round++;
      }
    } catch {
      return; // best effort: the renderer works the same without it
    }
    waits = round === from ? waits + 1 : 0;
    if (round < rounds && waits < WARM_UP_PATIENCE) handle = requestIdleCallback(step);
  };
  handle = requestIdleCallback(step);
  return () => {
    if (handle !== undefined) cancelIdleCallback(handle);
    handle = undefined;
    round = rounds;
  };
}
