import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ParleyUIProvider } from "../src";
import { createMemoryThreadsAdapter, ThreadList, type ThreadsAdapter, type ThreadSummary } from "../src/threads";

/**
 * The person's conversations and the sessions the agent started, in one list (`ThreadList`, also
 * exported as `SessionList`): newest first, an unread badge on what the agent said that was not
 * opened yet, rename in place, delete after a confirmation. Each story has its own memory adapter
 * and query client.
 */
const meta = {
  title: "Parley/Threads",
  tags: ["autodocs"],
  subcomponents: { ThreadList },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const at = Date.parse("2026-12-01T08:00:00Z");
const summary = (id: string, title: string, minutesAgo: number, extra: Partial<ThreadSummary> = {}): ThreadSummary => ({
  id,
  title,
  startedBy: "person",
  unread: 0,
  updatedAt: at - minutesAgo * 60_000,
  ...extra,
});
const several = () =>
  createMemoryThreadsAdapter({
    threads: [
      { summary: summary("lyon", "Train to Lyon", 5, { preview: "The 08:05 is booked; seat 42, window." }) },
      { summary: summary("report", "Weekly report", 90, { preview: "Sent to 4 regional managers." }) },
      { summary: summary("cache", "", 240) },
    ],
  });
const withUnread = () =>
  createMemoryThreadsAdapter({
    threads: [
      { summary: summary("nightly", "Nightly report — 2026-12-01", 1, { startedBy: "agent", unread: 1, preview: "3 builds ran; 2 passed, 1 failed." }) },
      { summary: summary("reminder", "Passport renewal", 30, { startedBy: "agent", unread: 3, preview: "Your passport expires in 60 days." }) },
      { summary: summary("lyon", "Train to Lyon", 120, { preview: "The 08:05 is booked." }) },
    ],
  });

function Frame({ make, locale, initial }: { make: () => ThreadsAdapter; locale?: string; initial?: string }) {
  const [adapter] = useState(make);
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <QueryClientProvider client={client}>
      <ParleyUIProvider locale={locale}>
        <div style={{ maxWidth: 360 }}>
          <ThreadList adapter={adapter} value={value} onValueChange={setValue} />
        </div>
      </ParleyUIProvider>
    </QueryClientProvider>
  );
}

const story = (props: Parameters<typeof Frame>[0], play?: Story["play"]): Story => ({
  render: () => <Frame {...props} />,
  play,
});

/** The back end has not answered yet. */
export const Loading = story({ make: () => ({ ...several(), list: () => new Promise<ThreadSummary[]>(() => {}) }) }, async ({ canvasElement }) => {
  await expect(await within(canvasElement).findByText("Loading conversations…")).toBeVisible();
});

export const Empty = story({ make: () => createMemoryThreadsAdapter() }, async ({ canvasElement }) => {
  await expect(await within(canvasElement).findByText("No conversations yet.")).toBeVisible();
});

/** The list could not be loaded: the reason in words, and a retry. */
export const LoadFailed = story({ make: () => ({ ...several(), list: () => Promise.reject(new Error("The server did not answer")) }) }, async ({ canvasElement }) => {
  const alert = await within(canvasElement).findByRole("alert", {}, { timeout: 5_000 });
  await expect(alert).toHaveTextContent("The conversations could not be loaded: The server did not answer");
});

/** Several conversations, the open one marked; one not named yet. */
export const SeveralThreads = story({ make: several, initial: "lyon" }, async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole("button", { name: /^Train to Lyon/ })).toHaveAttribute("aria-current", "true");
  await expect(canvas.getAllByRole("listitem")).toHaveLength(3);
});

/** Sessions the agent started, with unread badges (a number, and words for screen readers); opening one clears its badge. */
export const UnreadBadges = story({ make: withUnread }, async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await expect(await canvas.findByText("3 unread messages")).toBeInTheDocument();
  await userEvent.click(canvas.getByRole("button", { name: /^Nightly report/ }));
  await waitFor(() => expect(canvas.queryByText("1 unread message")).toBeNull());
});

/** Renaming in place: Enter saves, Escape cancels. */
export const Renaming = story({ make: several }, async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole("button", { name: "Rename “Train to Lyon”" }));
  await expect(canvas.getByRole("textbox", { name: "New name for “Train to Lyon”" })).toHaveFocus();
});

/** The delete asks first. */
export const ConfirmingDelete = story({ make: several }, async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole("button", { name: "Delete “Weekly report”" }));
  await expect(canvas.getByRole("group", { name: "Delete “Weekly report” for good?" })).toBeVisible();
});

/** The back end refused a rename: the old name is back and the reason is said. */
export const RenameRefused = story({ make: () => ({ ...several(), rename: () => Promise.reject(new Error("You may not rename shared conversations")) }) }, async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole("button", { name: "Rename “Train to Lyon”" }));
  await userEvent.type(canvas.getByRole("textbox"), " (Friday){Enter}");
  await expect(await canvas.findByRole("alert")).toHaveTextContent("“Train to Lyon” could not be renamed: You may not rename shared conversations. Nothing was changed.");
  await expect(canvas.getByRole("button", { name: /^Train to Lyon/ })).toBeVisible();
});

export const Chinese = story({ make: withUnread, locale: "zh-CN" }, async ({ canvasElement }) => {
  await expect(await within(canvasElement).findByRole("region", { name: "会话" })).toBeVisible();
});
