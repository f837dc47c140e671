// @vitest-environment node
/**
 * Server rendering (issue 14): with `initialMessages`, the HTML already shows the conversation —
 * the last screenful of the virtualized thread — and rendering touches no `window`, `document` or
 * `crypto.randomUUID` (this file runs in plain Node, where the first two do not exist).
 */
import { describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import type { Message } from "@ag-ui/core";
import { Composer, InteractionQueue, ParleyProvider, ParleyUIProvider, Thread } from "../../src";

const conversation = (n: number): Message[] =>
  Array.from({ length: n }, (_, i) => (i % 2 === 0 ? { id: `u${i}`, role: "user", content: `question ${i}` } : { id: `a${i}`, role: "assistant", content: `answer ${i}` }));

const page = (messages: Message[]) => (
  <ParleyProvider initialMessages={messages}>
    <ParleyUIProvider>
      <Thread />
      <InteractionQueue />
      <Composer />
    </ParleyUIProvider>
  </ParleyProvider>
);

describe("server rendering", () => {
  it("shows a short conversation whole", () => {
    expect(typeof window).toBe("undefined");
    const html = renderToString(page(conversation(3)));
    for (const text of ["question 0", "answer 1", "question 2"]) expect(html).toContain(text);
  });

  it("shows the last screenful of a long one, not its beginning", () => {
    const html = renderToString(page(conversation(500)));
    expect(html).toContain("answer 499");
    expect(html).not.toContain(">question 0<");
    expect((html.match(/data-slot="thread-row"/g) ?? []).length).toBeLessThan(30);
  });

  it("makes no random id while rendering (the server's would differ from the client's)", () => {
    const spy = vi.spyOn(globalThis.crypto, "randomUUID");
    renderToString(page(conversation(4)));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
