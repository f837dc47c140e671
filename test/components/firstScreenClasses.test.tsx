import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { Composer, createThreadStore, MessageRenderer, RunError, Thread, useMessageIds } from "../../src";
import { ScriptedAgent } from "../../src/testing";
import { renderKit } from "./support";

/**
 * The first screen of the README's "Use it" page (a thread with the person's messages and the
 * agent's answers, their action rows, the composer) passes every class string through cn() as it
 * is: tailwind-merge, its class map built on the first call (~5 ms cold), is left for an app's own
 * `className`. Counted here by wrapping what `createTailwindMerge` hands the kit, over the first
 * render (jsdom measures nothing, so the rows are rendered as `MessageRenderer`s; the parts that
 * load later, such as the tooltips and the editor, are not on the first screen).
 */
const merges = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock("tailwind-merge", async (original) => {
  const actual = await original<typeof import("tailwind-merge")>();
  return {
    ...actual,
    createTailwindMerge: (...config: Parameters<typeof actual.createTailwindMerge>) => {
      const merge = actual.createTailwindMerge(...config);
      return (...classes: Parameters<typeof merge>) => {
        merges.calls.push(classes);
        return merge(...classes);
      };
    },
  };
});

/** The rows themselves: jsdom cannot measure the virtualized Thread, which renders none here. */
function Rows() {
  return useMessageIds().map((id) => <MessageRenderer key={id} id={id} />);
}

function thread() {
  const agent = new ScriptedAgent({ script: () => [] });
  const initialMessages = Array.from({ length: 12 }, (_, i) =>
    i % 2 === 0 ? { id: `u${i}`, role: "user" as const, content: `question ${i}` } : { id: `a${i}`, role: "assistant" as const, content: `**answer** ${i}` },
  );
  return createThreadStore({ agent, threadId: "t", initialMessages });
}

describe("the first screen's classes", () => {
  it("the thread, its action rows and the composer call no tailwind-merge; an app's className still merges", () => {
    merges.calls.length = 0;
    const { unmount } = renderKit(
      <>
        <Thread />
        <Rows />
        <RunError />
        <Composer />
      </>,
      thread(),
      { colorScheme: "dark" },
    );
    expect(screen.getAllByRole("button", { name: "Edit" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Regenerate" }).length).toBeGreaterThan(0);
    expect(document.querySelector('[data-slot="message-body"]')).toHaveClass("pl:min-w-0", "pl:whitespace-pre-wrap", "pl:break-words");
    expect(document.querySelector('[data-slot="parley-root"]')?.className).toBe("parley dark pl:flex pl:min-h-0 pl:flex-col");
    expect(merges.calls).toEqual([]);
    unmount();

    renderKit(<Composer />, thread(), { className: "pl:flex-row" });
    expect(document.querySelector('[data-slot="parley-root"]')?.className).toBe("parley pl:flex pl:min-h-0 pl:flex-row");
    expect(merges.calls.length).toBeGreaterThan(0);
  });
});
