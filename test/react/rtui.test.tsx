import { StrictMode } from "react";
import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createThreadStore, InteractionQueue, ParleyProvider, ParleyUIProvider } from "../../src";
import { useRtui } from "../../src/rtui";
import { action, FakeWebSocket } from "../support/fakeWebSocket";

beforeEach(() => FakeWebSocket.reset());
afterEach(() => FakeWebSocket.reset());

const flush = () => act(async () => void (await Promise.resolve()));

describe("useRtui", () => {
  it("opens one connection under StrictMode, reports its status, and closes it on unmount", async () => {
    const store = createThreadStore({ batch: "sync" });
    const { result, unmount } = renderHook(() => useRtui("ws://agent.test/rtui", { WebSocket: FakeWebSocket }), {
      wrapper: ({ children }) => (
        <StrictMode>
          <ParleyProvider store={store}>{children}</ParleyProvider>
        </StrictMode>
      ),
    });
    await flush();
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(result.current).toEqual({ state: "connecting" });
    act(() => FakeWebSocket.last.open());
    expect(result.current).toEqual({ state: "open" });
    unmount();
    expect(FakeWebSocket.last.readyState).toBe(3);
  });

  it("attaches nothing without a url", async () => {
    const store = createThreadStore({ batch: "sync" });
    renderHook(() => useRtui(undefined, { WebSocket: FakeWebSocket }), { wrapper: ({ children }) => <ParleyProvider store={store}>{children}</ParleyProvider> });
    await flush();
    expect(FakeWebSocket.all).toHaveLength(0);
  });

  it("shows an RTUI action with the kit's own card, and the click goes back as rtui/action_result", async () => {
    const store = createThreadStore({ batch: "sync" });
    function Chat() {
      useRtui("ws://agent.test/rtui", { WebSocket: FakeWebSocket });
      return <InteractionQueue />;
    }
    render(
      <ParleyProvider store={store}>
        <ParleyUIProvider>
          <Chat />
        </ParleyUIProvider>
      </ParleyProvider>,
    );
    await flush();
    const socket = FakeWebSocket.last;
    act(() => socket.open());
    act(() => socket.serverSends(action({ actionId: "act_1", type: "confirm", title: "Delete notes.txt", description: "<b>notes.txt</b> goes for good.", confirmLabel: "Delete", cancelLabel: "Keep" })));
    expect(store.getState().thread.interactionIds).toEqual(["act_1"]);
    await userEvent.click(screen.getAllByRole("button", { name: "Answer here" })[0]!);
    expect(screen.getAllByText("<b>notes.txt</b> goes for good.").length).toBeGreaterThan(0);
    await userEvent.click(await screen.findByRole("button", { name: "Keep" }));
    expect(socket.frames("rtui/action_result").map((f) => f.params)).toEqual([{ actionId: "act_1", status: "declined" }]);
  });
});
