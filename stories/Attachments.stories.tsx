import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, userEvent, waitFor, within } from "storybook/test";
import { Composer, createThreadStore, Thread, type AttachmentOptions, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * Attachments in the composer: the paperclip picks files, a pasted screenshot or files dropped on
 * the composer — or anywhere in the kit, the thread included — are attached too. Images show a thumbnail, documents their name and size; with the
 * app's `uploadAttachment` a chip shows the upload's progress, and a failed upload offers Retry.
 * What the limits refuse is said in an alert. Sent, the files travel as AG-UI content parts and
 * the message shows them (images inline, documents as chips).
 */
const meta = {
  title: "Parley/Attachments",
  component: Composer,
  tags: ["autodocs"],
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A 32×32 gradient, as a screenshot would arrive. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAJqUlEQVR42g3NQQtrAAAA4Pdz3snJaScnJycnp/UODmvt4CCpabEULaQmIUVrpEibFK1NalrbUpNYDk5+ydv3B74/f+kRoAeQ7mZ0A9E1TD8RukLpEqOvczrH6XRJnwg6ouiAoY9b2hVpW6ENjdYsWnVpyafFiOYTms1ppqDpiibfNNHQqy+9GGl8ov/9+bsegfUArrvZuoHWNbx+IusKXZfY+jpf5/g6Xa5PxDqi1gGzPm7Xrri2lbWhrTVrrbpryV+L0ZpP1my+Zoo1Xa3J95po1qvvejGu8Wn9CzYjsBnATTfbNNCmhjdPZFOhmxLbXOebHN+ky82J2ETUJmA2x+3GFTe2sjG0jWZtVHcj+Rsx2vDJhs03TLGhqw353hDNZvXdLMYNPm1+ATcC3ABy3YxrIK6GuSfCVShXYtx1zuU4ly65E8FFFBcw3HHLuSJnK5yhcZrFqS4n+ZwYcXzCsTnHFBxdceSbIxpu9eUWI4dP3C/gR4AfQL6b8Q3E1zD/RPgK5UuMv875HOfTJX8i+IjiA4Y/bnlX5G2FNzRes3jV5SWfFyOeT3g255mCpyuefPNEw6++/GLk8Yn/BcIICAModDOhgYQaFp6IUKFCiQnXuZDjQroUToQQUULACMet4IqCrQiGJmiWoLqC5AtiJPCJwOYCUwh0JZBvgWiE1VdYjAI+Cb9gNwK7Adx1s10D7Wp490R2Fborsd11vsvxXbrcnYhdRO0CZnfc7lxxZys7Q9tp1k51d5K/E6Mdn+zYfMcUO7rake8d0exW391i3OHT7hfIIyAPoNzN5AaSa1h+InKFyiUmX+dyjsvpUj4RckTJASMft7IryrYiG5qsWbLqypIvi5HMJzKby0wh05VMvmWikVdfeTHK+CT/AnUE1AFUu5naQGoNq09ErVC1xNTrXM1xNV2qJ0KNKDVg1ONWdUXVVlRDUzVLVV1V8lUxUvlEZXOVKVS6Usm3SjTq6qsuRhWf1F+wH4H9AO672b6B9jW8fyL7Ct2X2P463+f4Pl3uT8Q+ovYBsz9u9664t5W9oe01a6+6e8nfi9GeT/ZsvmeKPV3tyfeeaPar734x7vFp/wv0EdAHUO9megPpNaw/Eb1C9RLTr3M9x/V0qZ8IPaL0gNGPW90VdVvRDU3XLF11dcnXxUjnE53NdabQ6Uon3zrR6Kuvvhh1fNJ/gTkC5gCa3cxsILOGzSdiVqhZYuZ1bua4mS7NE2FGlBkw5nFruqJpK6ahmZplqq4p+aYYmXxisrnJFCZdmeTbJBpz9TUXo4lP5i+wR8AeQLub2Q1k17D9ROwKtUvMvs7tHLfTpX0i7IiyA8Y+bm1XtG3FNjRbs2zVtSXfFiObT2w2t5nCpiubfNtEY6++9mK08cn+Bc4IOAPodDOngZwadp6IU6FOiTnXuZPjTrp0ToQTUU7AOMet44qOrTiG5miWo7qO5Dti5PCJw+YOUzh05ZBvh2ic1ddZjA4+Ob/gMAKHATx0s0MDHWr48EQOFXooscN1fsjxQ7o8nIhDRB0C5nDcHlzxYCsHQzto1kF1D5J/EKMDnxzY/MAUB7o6kO8D0RxW38NiPODT4Rd4I+ANoNfNvAbyath7Il6FeiXmXedejnvp0jsRXkR5AeMdt54rerbiGZqnWZ7qepLviZHHJx6be0zh0ZVHvj2i8VZfbzF6+OT9gmAEggEMulnQQEENB08kqNCgxILrPMjxIF0GJyKIqCBgguM2cMXAVgJDCzQrUN1A8gMxCvgkYPOAKQK6Csh3QDTB6hssxgCfgl8QjkA4gGE3CxsorOHwiYQVGpZYeJ2HOR6my/BEhBEVBkx43IauGNpKaGihZoWqG0p+KEYhn4RsHjJFSFch+Q6JJlx9w8UY4lP4C+IRiAcw7mZxA8U1HD+RuELjEouv8zjH43QZn4g4ouKAiY/b2BVjW4kNLdasWHVjyY/FKOaTmM1jpojpKibfMdHEq2+8GGN8in/BeQTOA3juZucGOtfw+YmcK/RcYufr/Jzj53R5PhHniDoHzPm4Pbvi2VbOhnbWrLPqniX/LEZnPjmz+ZkpznR1Jt9nojmvvufFeMan8y9IRyAdwLSbpQ2U1nD6RNIKTUssvc7THE/TZXoi0ohKAyY9blNXTG0lNbRUs1LVTSU/FaOUT1I2T5kipauUfKdEk66+6WJM8Sn9BdkIZAOYdbOsgbIazp5IVqFZiWXXeZbjWbrMTkQWUVnAZMdt5oqZrWSGlmlWprqZ5GdilPFJxuYZU2R0lZHvjGiy1TdbjBk+Zb/gMgKXAbx0s0sDXWr48kQuFXopsct1fsnxS7q8nIhLRF0C5nLcXlzxYisXQ7to1kV1L5J/EaMLn1zY/MIUF7q6kO8L0VxW38tivODT5RfcRuA2gLdudmugWw3fnsitQm8ldrvObzl+S5e3E3GLqFvA3I7bmyvebOVmaDfNuqnuTfJvYnTjkxub35jiRlc38n0jmtvqe1uMN3y6/YJyBMoBLLtZ2UBlDZdPpKzQssTK67zM8TJdlieijKgyYMrjtnTF0lZKQys1q1TdUvJLMSr5pGTzkilKuirJd0k05epbLsYSn8pfcB+B+wDeu9m9ge41fH8i9wq9l9j9Or/n+D1d3k/EPaLuAXM/bu+ueLeVu6HdNeuuunfJv4vRnU/ubH5nijtd3cn3nWjuq+99Md7x6f4LHiPwGMBHN3s00KOGH0/kUaGPEntc548cf6TLx4l4RNQjYB7H7cMVH7byMLSHZj1U9yH5DzF68MmDzR9M8aCrB/l+EM1j9X0sxgc+PX7BawReA/jqZq8GetXw64m8KvRVYq/r/JXjr3T5OhGviHoFzOu4fbniy1ZehvbSrJfqviT/JUYvPnmx+YspXnT1It8vonmtvq/F+MKn1y+oR6AewLqb1Q1U13D9ROoKrUusvs7rHK/TZX0i6oiqA6Y+bmtXrG2lNrRas2rVrSW/FqOaT2o2r5mipquafNdEU6++9WKs8an+BZ8R+Azgp5t9GuhTw58n8qnQT4l9rvNPjn/S5edEfCLqEzCf4/bjih9b+RjaR7M+qvuR/I8Yffjkw+YfpvjQ1Yd8f4jms/p+FuMHnz6/oB2BdgDbbtY2UFvD7RNpK7QtsfY6b3O8TZftiWgjqg2Y9rhtXbG1ldbQWs1qVbeV/FaMWj5p2bxlipauWvLdEk27+raLscWn9hf0I9APYN/N+gbqa7h/In2F9iXWX+d9jvfpsj8RfUT1AdMft70r9rbSG1qvWb3q9pLfi1HPJz2b90zR01VPvnui6VfffjH2+NT/+w/eFCZqkXGK1QAAAABJRU5ErkJggg==";

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const image = (name = "screenshot.png") => new File([bytes(PNG)], name, { type: "image/png" });
const pdf = (name = "Q3 report.pdf") => new File([new Uint8Array(184_320)], name, { type: "application/pdf" });

let seq = 0;
function agentStore(): ThreadStore {
  const agent = new ScriptedAgent({
    script: (input) => [e.runStarted(input.runId), e.textStart("a1"), e.text("a1", "Got your files."), e.textEnd("a1"), e.runFinished(input.runId)],
  });
  return createThreadStore({ batch: "sync", threadId: "story", createId: () => `att${++seq}`, agent });
}

const composer = (attachments: boolean | AttachmentOptions = true): Story => ({
  render: () => (
    <Kit height={360} make={agentStore}>
      <Thread />
      <Composer attachments={attachments} />
    </Kit>
  ),
});

const fileInput = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLInputElement>("[data-slot=composer-file-input]")!;
const chipsIn = (canvasElement: HTMLElement, state: string) => canvasElement.querySelectorAll(`[data-slot=attachment-chip][data-state=${state}]`);

/** Nothing attached yet: the paperclip beside the text box. */
export const Empty: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Attach files" })).toBeEnabled();
  },
};

/** A pasted screenshot: its thumbnail above the box, with Remove. */
export const ImagePreview: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("textbox", { name: "Message" });
    const data = new DataTransfer();
    data.items.add(image());
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    await waitFor(() => expect(chipsIn(canvasElement, "ready")).toHaveLength(1), { timeout: 5000 });
    await expect(within(canvasElement).getByRole("button", { name: "Remove screenshot.png" })).toBeVisible();
  },
};

/** A PDF picked with the paperclip: a chip with its name and size. */
export const DocumentChip: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), pdf());
    await waitFor(() => expect(chipsIn(canvasElement, "ready")).toHaveLength(1), { timeout: 5000 });
    await expect(within(canvasElement).getByText("180 KB")).toBeVisible();
  },
};

/** Several files at once, in the order they were picked. */
export const Several: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), [image("before.png"), image("after.png"), pdf(), new File(["a,b\n1,2"], "figures.csv", { type: "text/csv" })]);
    await waitFor(() => expect(chipsIn(canvasElement, "ready")).toHaveLength(4));
  },
};

/** The app's uploadAttachment at 60 %: the chip shows the progress; Send waits for it. */
export const Uploading: Story = {
  ...composer({
    uploadAttachment: (_file, { onProgress }) => {
      onProgress(0.6);
      return new Promise(() => {});
    },
  }),
  play: async ({ canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), pdf());
    await expect(await within(canvasElement).findByText("Uploading 60%")).toBeVisible();
  },
};

/** The upload failed: Retry and Remove on the chip, Send disabled until one of them. */
export const UploadFailed: Story = {
  ...composer({ uploadAttachment: () => Promise.reject(new Error("The storage service is unavailable.")) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Message" }), "Here is the report");
    await userEvent.upload(fileInput(canvasElement), pdf());
    await expect(await canvas.findByRole("button", { name: "Retry uploading Q3 report.pdf" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Send" })).toBeDisabled();
  },
};

/** Files the limits refuse — a program, a file over 1 MB — said in words; the others are attached. */
export const RefusedFile: Story = {
  ...composer({ limits: { maxFileBytes: 1024 * 1024 } }),
  play: async ({ canvasElement }) => {
    const input = fileInput(canvasElement);
    await fireEvent.change(input, { target: { files: [new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }), new File([new Uint8Array(3 * 1024 * 1024)], "scan.png", { type: "image/png" }), image()] } });
    const alert = await within(canvasElement).findByRole("alert", {}, { timeout: 5000 });
    await waitFor(() => expect(alert).toHaveTextContent("scan.png was not attached: it is 3.0 MB, over the 1.0 MB limit."));
  },
};

/** Files dragged over the composer: a dashed border and a hint; dropping attaches them. */
export const DragOver: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector("[data-slot=composer]")!;
    const data = new DataTransfer();
    data.items.add(pdf());
    // A native event: testing-library's fireEvent would copy the DataTransfer into an empty one.
    form.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    await waitFor(() => expect(form).toHaveAttribute("data-drag", "over"));
    await expect(within(canvasElement).getByText("Drop files to attach them")).toBeVisible();
  },
};

/**
 * Files dropped on the thread, not on the composer: anywhere in the kit, they go to the composer
 * (which shows the drop state while they are over the kit) instead of being opened by the browser
 * in place of the page.
 */
export const DropOnThread: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector("[data-slot=composer]")!;
    const thread = canvasElement.querySelector("[data-slot=thread]")!;
    const data = new DataTransfer();
    data.items.add(pdf());
    thread.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    await waitFor(() => expect(form).toHaveAttribute("data-drag", "over"));
    const drop = new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true });
    thread.dispatchEvent(drop);
    // Handled by the kit: the browser does not open the file.
    await expect(drop.defaultPrevented).toBe(true);
    await waitFor(() => expect(chipsIn(canvasElement, "ready")).toHaveLength(1));
    await expect(form).toHaveAttribute("data-drag", "none");
    await expect(within(canvasElement).getByText("Q3 report.pdf")).toBeVisible();
  },
};

/** Sent: the words and the screenshot in the person's message, the image inline. */
export const Sent: Story = {
  ...composer(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(fileInput(canvasElement), image());
    await waitFor(() => expect(chipsIn(canvasElement, "ready")).toHaveLength(1), { timeout: 5000 });
    await userEvent.type(canvas.getByRole("textbox", { name: "Message" }), "What is on this screen?{Enter}");
    await expect(await canvas.findByRole("img", { name: "screenshot.png" }, { timeout: 5000 })).toBeVisible();
  },
};

/** The Chinese strings: refused files said in zh-CN. */
export const RefusedFileChinese: Story = {
  render: () => (
    <Kit height={300} make={agentStore} locale="zh-CN">
      <Composer attachments={{ limits: { maxFiles: 1 } }} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await fireEvent.change(fileInput(canvasElement), { target: { files: [image("a.png"), image("b.png")] } });
    await waitFor(() => expect(within(canvasElement).getByRole("alert")).toHaveTextContent("未添加 b.png：一条消息最多附带 1 个文件。"), { timeout: 5000 });
  },
};

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });
export const EmptyDark = dark(Empty);
export const ImagePreviewDark = dark(ImagePreview);
export const DocumentChipDark = dark(DocumentChip);
export const SeveralDark = dark(Several);
export const UploadingDark = dark(Uploading);
export const UploadFailedDark = dark(UploadFailed);
export const RefusedFileDark = dark(RefusedFile);
export const DragOverDark = dark(DragOver);
export const DropOnThreadDark = dark(DropOnThread);
export const SentDark = dark(Sent);
