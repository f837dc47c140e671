import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RunAgentInput } from "@ag-ui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Composer, createThreadStore, type UploadAttachment } from "../../src";
import { ScriptedAgent } from "../../src/testing";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit } from "./support";

let n = 0;
function kit(attachments: Parameters<typeof Composer>[0]["attachments"] | "absent" = true) {
  const inputs: RunAgentInput[] = [];
  const agent = new ScriptedAgent({
    script: (input) => {
      inputs.push(input);
      return [ev.runStarted(input.runId), ev.runFinished(input.runId)];
    },
  });
  const store = createThreadStore({ agent, batch: "sync", createId: () => `id-${++n}` });
  const view = renderKit(attachments === "absent" ? <Composer /> : <Composer attachments={attachments} />, store);
  return { ...view, store, inputs };
}

const png = (name = "shot.png") => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
const pdf = (name = "report.pdf") => new File(["%PDF-1.4"], name, { type: "application/pdf" });
const box = () => screen.getByRole("textbox", { name: "Message" });
const sendButton = () => screen.getByRole("button", { name: "Send" });
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>("[data-slot=composer-file-input]")!;
const chips = (container: HTMLElement) => [...container.querySelectorAll("[data-slot=attachment-chip]")];

beforeEach(() => {
  let made = 0;
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => `blob:test/${++made}`), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe("Composer: attachments", () => {
  it("the attach button picks files; chips show a thumbnail or the name and size; Send sends words and parts to the agent", async () => {
    const user = userEvent.setup();
    const { container, inputs } = kit();
    const attach = screen.getByRole("button", { name: "Attach files" });
    expect(fileInput(container)).toHaveAttribute("accept", expect.stringContaining("application/pdf"));
    expect(attach).toBeEnabled();
    await user.upload(fileInput(container), [png(), pdf()]);
    await waitFor(() => expect(container.querySelectorAll("[data-slot=attachment-chip][data-state=ready]")).toHaveLength(2));
    const list = screen.getByRole("list", { name: "Attachments" });
    expect(within(list).getByText("report.pdf")).toBeInTheDocument();
    expect(within(list).getByText("8 B")).toBeInTheDocument();
    expect(list.querySelector("[data-slot=attachment-thumbnail]")).toHaveAttribute("src", "blob:test/1");
    await expectNoAxeViolations(container);

    await user.type(box(), "What do these say?");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(inputs).toHaveLength(1));
    expect(inputs[0]!.messages).toEqual([
      {
        id: expect.any(String),
        role: "user",
        content: [
          { type: "text", text: "What do these say?" },
          { type: "image", source: { type: "data", value: "iVBORw==", mimeType: "image/png" }, metadata: { filename: "shot.png", size: 4 } },
          { type: "document", source: { type: "data", value: btoa("%PDF-1.4"), mimeType: "application/pdf" }, metadata: { filename: "report.pdf", size: 8 } },
        ],
      },
    ]);
    expect(box()).toHaveValue("");
    expect(chips(container)).toHaveLength(0);
  });

  it("a file alone, without words, can be sent", async () => {
    const user = userEvent.setup();
    const { container, inputs } = kit();
    expect(sendButton()).toBeDisabled();
    await user.upload(fileInput(container), png());
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await user.click(sendButton());
    await waitFor(() => expect(inputs).toHaveLength(1));
    expect(inputs[0]!.messages[0]!.content).toEqual([expect.objectContaining({ type: "image" })]);
  });

  it("a refused file is said in words in an alert, and nothing is attached", async () => {
    const { container } = kit({ limits: { maxFileBytes: 5 } });
    fireEvent.change(fileInput(container), { target: { files: [pdf(), new File(["MZ"], "setup.exe", { type: "application/x-msdownload" })] } });
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent("report.pdf was not attached: it is 8 B, over the 5 B limit."));
    expect(alert).toHaveTextContent("setup.exe was not attached: files of this type (application/x-msdownload) are not accepted.");
    expect(chips(container)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a pasted screenshot is attached; pasted text with no file is left to the text box", async () => {
    const { container } = kit();
    const screenshot = png("Screenshot.png");
    const pasted = fireEvent.paste(box(), { clipboardData: { files: [screenshot], types: ["Files"], getData: () => "" } });
    expect(pasted).toBe(false); // the screenshot is not pasted as text
    await waitFor(() => expect(chips(container)).toHaveLength(1));
    expect(screen.getByText("Screenshot.png")).toBeInTheDocument();
    expect(fireEvent.paste(box(), { clipboardData: { files: [], types: ["text/plain"], getData: () => "hello" } })).toBe(true);
  });

  it("files dragged over the composer show the drop state; dropping attaches them", async () => {
    const { container } = kit();
    const form = container.querySelector("[data-slot=composer]")!;
    expect(form).toHaveAttribute("data-drag", "none");
    const dataTransfer = { types: ["Files"], files: [pdf()], dropEffect: "none" };
    fireEvent.dragOver(form, { dataTransfer });
    expect(form).toHaveAttribute("data-drag", "over");
    expect(screen.getByText("Drop files to attach them")).toBeInTheDocument();
    fireEvent.drop(form, { dataTransfer });
    expect(form).toHaveAttribute("data-drag", "none");
    await waitFor(() => expect(chips(container)).toHaveLength(1));
  });

  it("files dropped anywhere in the kit (beside the composer: the thread, a panel) are attached in the composer, not opened by the browser", async () => {
    const store = createThreadStore({ agent: new ScriptedAgent({ script: () => [] }), batch: "sync" });
    const { container } = renderKit(
      <>
        <section data-testid="elsewhere">the thread</section>
        <Composer attachments />
      </>,
      store,
    );
    const elsewhere = screen.getByTestId("elsewhere");
    const form = container.querySelector("[data-slot=composer]")!;
    const dataTransfer = { types: ["Files"], files: [pdf()], dropEffect: "none" };
    // Dragged over the thread: the composer shows where the files will go.
    expect(fireEvent.dragOver(elsewhere, { dataTransfer })).toBe(false);
    expect(form).toHaveAttribute("data-drag", "over");
    expect(screen.getByText("Drop files to attach them")).toBeInTheDocument();
    // Out of the kit: the drop state goes.
    fireEvent.dragLeave(container.querySelector("[data-slot=parley-root]")!, { dataTransfer, relatedTarget: document.body });
    expect(form).toHaveAttribute("data-drag", "none");
    fireEvent.dragOver(elsewhere, { dataTransfer });
    // Dropped on the thread: handled (not the browser's), attached, and the text box has focus.
    expect(fireEvent.drop(elsewhere, { dataTransfer })).toBe(false);
    expect(form).toHaveAttribute("data-drag", "none");
    await waitFor(() => expect(chips(container)).toHaveLength(1));
    expect(box()).toHaveFocus();
    // Dropped on the composer itself: attached once, not twice.
    fireEvent.drop(form, { dataTransfer: { ...dataTransfer, files: [png()] } });
    await waitFor(() => expect(chips(container)).toHaveLength(2));
  });

  it("without attachments the kit leaves drops to the page", () => {
    const store = createThreadStore({ agent: new ScriptedAgent({ script: () => [] }), batch: "sync" });
    renderKit(
      <>
        <section data-testid="elsewhere">the thread</section>
        <Composer />
      </>,
      store,
    );
    const dataTransfer = { types: ["Files"], files: [pdf()], dropEffect: "none" };
    expect(fireEvent.dragOver(screen.getByTestId("elsewhere"), { dataTransfer })).toBe(true);
    expect(fireEvent.drop(screen.getByTestId("elsewhere"), { dataTransfer })).toBe(true);
  });

  it("a dragged text selection is not a file drop", () => {
    const { container } = kit();
    const form = container.querySelector("[data-slot=composer]")!;
    fireEvent.dragOver(form, { dataTransfer: { types: ["text/plain"], files: [] } });
    expect(form).toHaveAttribute("data-drag", "none");
  });

  it("uploads: the chip shows progress; Send waits for the upload, then sends the URL", async () => {
    const user = userEvent.setup();
    let finish!: (url: string) => void;
    const upload: UploadAttachment = (_file, { onProgress }) => {
      onProgress(0.5);
      return new Promise((resolve) => (finish = resolve));
    };
    const { container, inputs } = kit({ uploadAttachment: upload });
    await user.upload(fileInput(container), pdf());
    await screen.findByText("Uploading 50%");
    expect(chips(container)[0]).toHaveAttribute("data-state", "uploading");
    expect(screen.getByRole("progressbar", { name: "report.pdf: Uploading 50%" })).toBeInTheDocument();
    await user.type(box(), "Summarise");
    await user.keyboard("{Enter}");
    expect(screen.getByText("Sending when the uploads finish…")).toBeInTheDocument();
    expect(inputs).toHaveLength(0);
    await act(async () => finish("https://files.example/report.pdf"));
    await waitFor(() => expect(inputs).toHaveLength(1));
    expect(inputs[0]!.messages[0]!.content).toEqual([
      { type: "text", text: "Summarise" },
      { type: "document", source: { type: "url", value: "https://files.example/report.pdf", mimeType: "application/pdf" }, metadata: { filename: "report.pdf", size: 8 } },
    ]);
  });

  it("a failed upload shows Retry and Remove; Send is disabled and what was typed stays", async () => {
    const user = userEvent.setup();
    let fail = true;
    const upload: UploadAttachment = async () => {
      if (fail) throw new Error("offline");
      return "https://files.example/report.pdf";
    };
    const { container, inputs } = kit({ uploadAttachment: upload });
    await user.type(box(), "Keep these words");
    await user.upload(fileInput(container), pdf());
    await screen.findByText("Upload failed");
    expect(chips(container)[0]).toHaveAttribute("data-state", "failed");
    expect(screen.getByText("An upload failed: retry or remove it to send.")).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(inputs).toHaveLength(0);
    expect(box()).toHaveValue("Keep these words");
    await expectNoAxeViolations(container);

    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry uploading report.pdf" }));
    await waitFor(() => expect(chips(container)[0]).toHaveAttribute("data-state", "ready"));
    expect(sendButton()).toBeEnabled();
  });

  it("a chip is removed from the keyboard (its Remove button, or Delete on it); focus returns to the text box", async () => {
    const user = userEvent.setup();
    const { container } = kit();
    await user.upload(fileInput(container), [png("a.png"), png("b.png")]);
    await waitFor(() => expect(chips(container)).toHaveLength(2));
    screen.getByRole("button", { name: "Remove a.png" }).focus();
    await user.keyboard("{Enter}");
    expect(chips(container)).toHaveLength(1);
    expect(box()).toHaveFocus();
    screen.getByRole("button", { name: "Remove b.png" }).focus();
    await user.keyboard("{Delete}");
    expect(chips(container)).toHaveLength(0);
    expect(box()).toHaveFocus();
  });

  it("without the attachments prop there is no attach button, and a pasted file is left alone", () => {
    const { container } = kit("absent");
    expect(screen.queryByRole("button", { name: "Attach files" })).toBeNull();
    expect(container.querySelector("[data-slot=composer]")).not.toHaveAttribute("data-drag");
    expect(fireEvent.paste(box(), { clipboardData: { files: [png()], types: ["Files"], getData: () => "" } })).toBe(true);
  });
});
