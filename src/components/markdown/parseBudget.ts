import { useEffect, useMemo, useReducer, useSyncExternalStore, type ReactElement } from "react";

/**
 * How much new Markdown (characters) is parsed in one frame. A reply that arrives all at once
 * (2,000 deltas before a frame: ~11 KB, 40 blocks) cost one ~25 ms parse inside one ~55 ms frame;
 * with this budget the frame parses the end of it and the rest follows over the next frames.
 */
export const FRAME_BUDGET_CHARS = 4_000;

/** Finished blocks parsed before, by their text: a block scrolled back into view (a new row of the virtual list) or in another message is not parsed again. */
const CACHE_LIMIT = 500;
const parsedBlocks = new WeakMap<(text: string) => ReactElement, Map<string, ReactElement>>();

/** The cache of one parse function (one set of plugins): the same text parses alike only under the same function. */
function cacheOf(parse: (text: string) => ReactElement): Map<string, ReactElement> {
  let cache = parsedBlocks.get(parse);
  if (!cache) parsedBlocks.set(parse, (cache = new Map<string, ReactElement>()));
  return cache;
}

let spent = 0;
let resetScheduled = false;

/**
 * Whether `chars` more characters may be parsed in this task (one frame's render). The first parse
 * of a task always may, so a block larger than the budget is never held back for good.
 */
function takeBudget(chars: number): boolean {
  if (spent > 0 && spent + chars > FRAME_BUDGET_CHARS) return false;
  spent += chars;
  if (!resetScheduled) {
    resetScheduled = true;
    setTimeout(() => {
      spent = 0;
      resetScheduled = false;
    }, 0);
  }
  return true;
}

function cached(cache: Map<string, ReactElement>, text: string): ReactElement | undefined {
  const element = cache.get(text);
  if (element) {
    // Least recently used goes first: a hit moves to the end.
    cache.delete(text);
    cache.set(text, element);
  }
  return element;
}

function remember(cache: Map<string, ReactElement>, text: string, element: ReactElement): void {
  cache.set(text, element);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
}

const noSubscription = () => () => {};
const nextFrame = (fn: () => void): (() => void) => {
  if (typeof requestAnimationFrame === "function") {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
};

/**
 * The rendered blocks of one Markdown text, parsed within a per-frame budget: the last block (the
 * one a streaming reply grows, and the one in view while the thread follows the reply's end) is
 * parsed every time it changes; earlier blocks come from the cache, or are parsed from the end
 * backwards while the frame's budget lasts. A block left over is `undefined` — shown as its plain
 * text, so nothing received is held back — and parsed in the next frames.
 *
 * On the server and while hydrating, every block is parsed, so the markup matches.
 *
 * @example
 * const parsed = useBudgetedBlocks(blocks, (text) => Markdown({ children: text, ...options }));
 */
export function useBudgetedBlocks(blocks: readonly string[], parse: (text: string) => ReactElement): (ReactElement | undefined)[] {
  const budgeted = useSyncExternalStore(noSubscription, () => true, () => false);
  const [frame, nextPass] = useReducer((n: number) => n + 1, 0);
  const lastText = blocks[blocks.length - 1];
  const last = useMemo(() => {
    if (lastText === undefined) return undefined;
    if (budgeted) takeBudget(lastText.length);
    return parse(lastText);
  }, [lastText, parse, budgeted]);

  const parsed = useMemo(() => {
    void frame; // a new pass each frame while blocks wait
    const out: (ReactElement | undefined)[] = new Array<ReactElement | undefined>(blocks.length);
    if (blocks.length) out[blocks.length - 1] = last;
    let waiting = false;
    const cache = cacheOf(parse);
    for (let i = blocks.length - 2; i >= 0; i--) {
      const text = blocks[i] as string;
      const hit = cached(cache, text);
      if (hit) {
        out[i] = hit;
        continue;
      }
      // Once one block waits, the ones above it wait too: the parsed part stays one piece.
      if (waiting || (budgeted && !takeBudget(text.length))) {
        waiting = true;
        continue;
      }
      const element = parse(text);
      remember(cache, text, element);
      out[i] = element;
    }
    return out;
  }, [blocks, last, parse, budgeted, frame]);

  const waiting = parsed.includes(undefined);
  useEffect(() => (waiting ? nextFrame(nextPass) : undefined), [waiting, parsed]);
  return parsed;
}
