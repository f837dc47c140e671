import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ParleyUIProvider } from "../../src";
import { createMemoryThreadsAdapter, SessionList, ThreadList, type ThreadsAdapter, type ThreadSummary } from "../../src/threads";
import { expectNoAxeViolations } from "./support";

const summary = (id: string, title: string, updatedAt: number, extra: Partial<ThreadSummary> = {}): ThreadSummary => ({ id, title, startedBy: "person", unread: 0, updatedAt, ...extra });
const seeded = () =>
  createMemoryThreadsAdapter({
    threads: [
      { summary: summary("t1", "Train to Lyon", 1, { preview: "The 08:05 is booked." }) },
      { summary: summary("t2", "Nightly report", 2, { startedBy: "agent", unread: 3 }) },
    ],
  });

function renderList(adapter: ThreadsAdapter, props: { value?: string; onValueChange?: (id: string | undefined) => void; locale?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ParleyUIProvider locale={props.locale}>
        <ThreadList adapter={adapter} {...props} />
      </ParleyUIProvider>
    </QueryClientProvider>,
  );
}

describe("ThreadList", () => {
  it("shows the threads newest first, a session the agent started with its unread badge in words, and marks it read when opened", async () => {
    const adapter = seeded();
    const onValueChange = vi.fn();
    const { container } = renderList(adapter, { onValueChange });
    const list = await screen.findByRole("region", { name: "Conversations" });
    await waitFor(() => expect(list).toHaveAttribute("data-state", "ready"));
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("data-thread-id"))).toEqual(["t2", "t1"]);
    expect(items[0]).toHaveAttribute("data-started-by", "agent");
    expect(items[0]).toHaveAttribute("data-unread", "3");
    expect(within(items[0]!).getByText("3 unread messages")).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Started by the agent/)).toBeInTheDocument();
    expect(within(items[1]!).getByText("The 08:05 is booked.")).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await userEvent.click(within(items[0]!).getByRole("button", { name: /^Nightly report/ }));
    expect(onValueChange).toHaveBeenCalledWith("t2");
    await waitFor(() => expect(items[0]).not.toHaveAttribute("data-unread"));
    expect((await adapter.list()).find((t) => t.id === "t2")?.unread).toBe(0);
  });

  it("marks the open thread as current (controlled)", async () => {
    renderList(seeded(), { value: "t1" });
    const open = await screen.findByRole("button", { name: /^Train to Lyon/ });
    expect(open).toHaveAttribute("aria-current", "true");
    expect(open.closest("li")).toHaveAttribute("data-state", "active");
  });

  it("renames in place: Enter saves, Escape cancels, focus goes back to the rename button", async () => {
    const adapter = seeded();
    renderList(adapter);
    await userEvent.click(await screen.findByRole("button", { name: "Rename “Train to Lyon”" }));
    const field = screen.getByRole("textbox", { name: "New name for “Train to Lyon”" });
    await userEvent.clear(field);
    await userEvent.type(field, "Lyon, Friday{Escape}");
    expect(screen.getByRole("button", { name: "Rename “Train to Lyon”" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Rename “Train to Lyon”" }));
    await userEvent.clear(screen.getByRole("textbox"));
    await userEvent.type(screen.getByRole("textbox"), "Lyon, Friday{Enter}");
    expect(await screen.findByRole("button", { name: /^Lyon, Friday/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Rename “Lyon, Friday”" })).toHaveFocus());
    expect((await adapter.list()).find((t) => t.id === "t1")?.title).toBe("Lyon, Friday");
  });

  it("deletes after a confirmation; deleting the open thread closes it", async () => {
    const adapter = seeded();
    const onValueChange = vi.fn();
    renderList(adapter, { value: "t1", onValueChange });
    await userEvent.click(await screen.findByRole("button", { name: "Delete “Train to Lyon”" }));
    const confirm = screen.getByRole("group", { name: "Delete “Train to Lyon” for good?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Keep it" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Delete “Train to Lyon”" }));
    await userEvent.click(within(screen.getByRole("group")).getByRole("button", { name: "Delete “Train to Lyon”" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(onValueChange).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole("button", { name: "New conversation" })).toHaveFocus();
  });

  it("puts a refused rename back and says so in words", async () => {
    const base = seeded();
    const adapter = { ...base, rename: () => Promise.reject(new Error("The server is offline.")) };
    renderList(adapter);
    await userEvent.click(await screen.findByRole("button", { name: "Rename “Train to Lyon”" }));
    await userEvent.type(screen.getByRole("textbox"), " now{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("“Train to Lyon” could not be renamed: The server is offline. Nothing was changed.");
    expect(screen.getByRole("button", { name: /^Train to Lyon/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("starts a new conversation and opens it", async () => {
    const adapter = createMemoryThreadsAdapter({ newId: () => "fresh" });
    const onValueChange = vi.fn();
    renderList(adapter, { onValueChange });
    expect(await screen.findByText("No conversations yet.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "New conversation" }));
    await waitFor(() => expect(onValueChange).toHaveBeenCalledWith("fresh"));
    expect(await screen.findByRole("button", { name: /^New conversation.*\d/ })).toHaveAttribute("aria-current", "true");
  });

  it("says why the list could not be loaded, with a retry; in Chinese too", async () => {
    const adapter = { ...seeded(), list: () => Promise.reject(new Error("网络断开")) };
    renderList(adapter, { locale: "zh-CN" });
    // The hook asks twice (retry: 1) before it says so.
    expect(await screen.findByRole("alert", {}, { timeout: 4_000 })).toHaveTextContent("无法加载会话：网络断开");
    expect(screen.getByRole("button", { name: "重试" })).toBeInTheDocument();
  });

  it("SessionList is the same list", () => {
    expect(SessionList).toBe(ThreadList);
  });
});
