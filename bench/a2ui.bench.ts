/**
 * A 200-component A2UI surface streamed, beside streaming text of the same size, in one run:
 *   npm run bench:a2ui   (node --expose-gc --import tsx bench/a2ui.bench.ts)
 *
 * The surface arrives as `@ag-ui/a2ui-middleware` sends one: `ACTIVITY_SNAPSHOT`s that each carry
 * the whole operation list so far (here 20 snapshots, 10 components more each, the data model in
 * the last). The text is one message of `TEXT_MESSAGE_CONTENT` deltas with as many characters as
 * the surface's final JSON, in as many bursts. Each burst is folded as the store folds a frame's
 * events; the surface's bursts also pay for what the renderer reads from them (the surface model,
 * its tree and its actions), since it reads them on every snapshot. Printed: the whole stream and
 * the slowest burst, median of repeated runs, each beside the text's.
 */
import type { BaseEvent } from "@ag-ui/core";

const { formatMs, measure, table } = await import("./measure");
const { createThreadState, foldEvents } = await import("../src/core/fold");
const { readA2uiContent, surfaceActions, surfaceTree } = await import("../src/core/a2ui");

const BURSTS = 20;
const ROWS = 39;

/** 200 components: a card, a column, 39 rows of a name, a price, a quantity field and a button, and three dividers. */
function surfaceComponents(): Record<string, unknown>[] {
  const rows = Array.from({ length: ROWS }, (_, i) => [
    { id: `row-${i}`, component: "Row", children: [`name-${i}`, `price-${i}`, `qty-${i}`, `add-${i}`], align: "center" },
    { id: `name-${i}`, component: "Text", text: { path: `/items/${i}/name` } },
    { id: `price-${i}`, component: "Text", text: { call: "formatCurrency", args: { value: { path: `/items/${i}/price` }, currency: "EUR" } } },
    { id: `qty-${i}`, component: "TextField", label: "Quantity", variant: "number", value: { path: `/items/${i}/qty` }, checks: [{ condition: { call: "numeric", args: { value: { path: `/items/${i}/qty` }, min: 0, max: 9 } }, message: "0 to 9." }] },
    { id: `add-${i}`, component: "Button", child: `name-${i}`, action: { event: { name: "add", context: { item: { path: `/items/${i}/name` }, qty: { path: `/items/${i}/qty` } } } } },
  ]);
  const dividers = [0, 1, 2].map((i) => ({ id: `divider-${i}`, component: "Divider" }));
  return [{ id: "root", component: "Card", child: "list" }, { id: "list", component: "Column", children: [...rows.map((_, i) => `row-${i}`), ...dividers.map((d) => d.id)] }, ...rows.flat(), ...dividers];
}

const components = surfaceComponents();
const data = { items: Array.from({ length: ROWS }, (_, i) => ({ name: `Item number ${i + 1}`, price: 3 + i / 4, qty: 1 })) };
const create = { version: "v0.9", createSurface: { surfaceId: "shop", catalogId: "https://a2ui.org/specification/v0_9/basic_catalog.json" } };

/** The surface's bursts: snapshot k carries the first 10·k components (and, last, the data). */
function surfaceBursts(): BaseEvent[][] {
  return Array.from({ length: BURSTS }, (_, k) => {
    const ops: unknown[] = [create, { version: "v0.9", updateComponents: { surfaceId: "shop", components: components.slice(0, ((k + 1) * components.length) / BURSTS) } }];
    if (k === BURSTS - 1) ops.push({ version: "v0.9", updateDataModel: { surfaceId: "shop", path: "/", value: data } });
    return [{ type: "ACTIVITY_SNAPSHOT", messageId: "a2ui-surface-shop", activityType: "a2ui-surface", content: { a2ui_operations: ops }, replace: true } as BaseEvent];
  });
}

const finalChars = JSON.stringify({ a2ui_operations: [create, { updateComponents: { surfaceId: "shop", components } }, { updateDataModel: { surfaceId: "shop", path: "/", value: data } }] }).length;

/** The text's bursts: as many characters in all, in word-sized deltas, spread over as many bursts. */
function textBursts(): BaseEvent[][] {
  const words = Math.ceil(finalChars / 6);
  const perBurst = Math.ceil(words / BURSTS);
  return Array.from({ length: BURSTS }, (_, k) => {
    const events: BaseEvent[] = k === 0 ? [{ type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" } as BaseEvent] : [];
    for (let w = 0; w < perBurst; w++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "words " } as BaseEvent);
    if (k === BURSTS - 1) events.push({ type: "TEXT_MESSAGE_END", messageId: "m" } as BaseEvent);
    return events;
  });
}

const start: BaseEvent = { type: "RUN_STARTED", threadId: "t", runId: "r" } as BaseEvent;

/** Folds the bursts one after another; `read` is what the view does with the thread after each. Returns the slowest burst. */
function stream(bursts: BaseEvent[][], read: (thread: ReturnType<typeof createThreadState>) => unknown): { slowest: number; thread: ReturnType<typeof createThreadState> } {
  let thread = foldEvents(createThreadState({ threadId: "t" }), [start]);
  let slowest = 0;
  for (const burst of bursts) {
    const t0 = performance.now();
    thread = foldEvents(thread, burst);
    read(thread);
    slowest = Math.max(slowest, performance.now() - t0);
  }
  return { slowest, thread };
}

const readSurface = (thread: ReturnType<typeof createThreadState>) => {
  const message = thread.messages.get("a2ui-surface-shop");
  if (message?.role !== "activity") return undefined;
  const surfaces = readA2uiContent(message.content);
  const surface = surfaces.surfaces.shop;
  return surface ? [surfaceTree(surface), surfaceActions(surfaces)] : undefined;
};
const readText = (thread: ReturnType<typeof createThreadState>) => thread.messages.get("m");

const sBursts = surfaceBursts();
const tBursts = textBursts();
let surfaceSlowest: number[] = [];
let textSlowest: number[] = [];
const surface = await measure(() => {
  const r = stream(sBursts, readSurface);
  surfaceSlowest.push(r.slowest);
  return r.thread;
}, { check: (thread) => {
  const interaction = thread.interactions.get("a2ui:a2ui-surface-shop");
  if (interaction?.numbers.length !== ROWS) throw new Error(`expected ${ROWS} numbered actions, got ${interaction?.numbers.length}`);
} });
const text = await measure(() => {
  const r = stream(tBursts, readText);
  textSlowest.push(r.slowest);
  return r.thread;
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
surfaceSlowest = surfaceSlowest.slice(-surface.runs);
textSlowest = textSlowest.slice(-text.runs);

console.log(`A2UI surface: ${components.length} components, ${ROWS} numbered actions, ${finalChars} characters of JSON, in ${BURSTS} snapshots; text: ${finalChars} characters in ${BURSTS} bursts.\n`);
console.log(
  table(
    ["stream", "whole stream", "slowest burst (median)", "per burst"],
    [
      ["text (baseline)", formatMs(text.ms), formatMs(median(textSlowest)), formatMs(text.ms / BURSTS)],
      ["A2UI surface, fold + model", formatMs(surface.ms), formatMs(median(surfaceSlowest)), formatMs(surface.ms / BURSTS)],
    ],
    ["l", "r", "r", "r"],
  ),
);
console.log(`\nA frame is 16.7 ms: the surface's slowest burst is ${((median(surfaceSlowest) / 16.7) * 100).toFixed(1)} % of one, the text's ${((median(textSlowest) / 16.7) * 100).toFixed(1)} %.`);
