import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ArtifactsPanel, MemoryPanel } from "../../src/panels";
import { PartErrorBoundary } from "../../src";
import { createThreadState } from "../../src/core/fold";
import { lazyPanel } from "../../src/components/panels/lazyPanel";
import { renderKit, storeWith } from "./support";

/**
 * A panel or card that cannot render shows a short message in the person's language; the app
 * around it stays mounted. The values here come from where the door does not look (a restored
 * thread, the app's own initial state), since the fold refuses them from the agent.
 */

const nested = (levels: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = { n: value };
  return value;
};

function Beside({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <p>The rest of the app</p>
      {children}
    </div>
  );
}

describe("panels behind an error boundary", () => {
  it("the Artifacts panel with a json artifact too deep to show says so; the app stays", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const store = storeWith([]);
    // A thread restored from storage: its custom events never went through the door.
    store.setState((s) => ({ thread: { ...s.thread, customEvents: [{ name: "parley.artifact", value: { id: "a", kind: "json", content: nested(20_000) }, eventIndex: 0 }] } }));
    renderKit(<Beside><ArtifactsPanel /></Beside>, store);
    expect(await screen.findByText("This part could not be shown. The rest of the page still works.")).toHaveAttribute("data-part", "ArtifactsPanel");
    expect(screen.getByText("The rest of the app")).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("the Memory panel over a state it cannot read says so, in Chinese too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const store = storeWith([]);
    store.setState({ thread: createThreadState({ state: { memory: { longTerm: [{ key: "k", value: nested(20_000) }] } } }) });
    renderKit(<Beside><MemoryPanel /></Beside>, store, { locale: "zh-CN" });
    expect(await screen.findByText("这一部分无法显示，页面的其余部分仍可正常使用。")).toBeInTheDocument();
    expect(screen.getByText("The rest of the app")).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("a lazy panel that fails to load says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Broken = lazyPanel<object>(() => Promise.reject(new Error("chunk failed")), "BrokenPanel");
    renderKit(<Beside><Broken /></Beside>, storeWith([]));
    expect(await screen.findByRole("note")).toHaveAttribute("data-part", "BrokenPanel");
    expect(screen.getByText("The rest of the app")).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("a part gets a fresh try when its reset key changes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Fails({ fail }: { fail: boolean }) {
      if (fail) throw new Error("broken");
      return <p>works</p>;
    }
    const store = storeWith([]);
    const { rerender } = renderKit(<PartErrorBoundary name="Card" resetKey={1}><Fails fail /></PartErrorBoundary>, store);
    expect(await screen.findByRole("note")).toHaveAttribute("data-part", "Card");
    const { ParleyProvider, ParleyUIProvider } = await import("../../src");
    rerender(<ParleyProvider store={store}><ParleyUIProvider><PartErrorBoundary name="Card" resetKey={2}><Fails fail={false} /></PartErrorBoundary></ParleyUIProvider></ParleyProvider>);
    expect(screen.getByText("works")).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
