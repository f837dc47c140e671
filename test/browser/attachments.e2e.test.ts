/**
 * Attachments in the demo, in Chromium: a screenshot pasted into the composer and a file dropped
 * on it become chips; Send carries both to the agent as AG-UI content parts (recorded on the
 * wire), and the sent message shows the image inline and the document as a chip.
 */
import { describe, expect, it } from "vitest";
import { recordRuns, shown, withDemo } from "./support";

const demo = withDemo();

/** A 32×32 PNG. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAJqUlEQVR42g3NQQtrAAAA4Pdz3snJaScnJycnp/UODmvt4CCpabEULaQmIUVrpEibFK1NalrbUpNYDk5+ydv3B74/f+kRoAeQ7mZ0A9E1TD8RukLpEqOvczrH6XRJnwg6ouiAoY9b2hVpW6ENjdYsWnVpyafFiOYTms1ppqDpiibfNNHQqy+9GGl8ov/9+bsegfUArrvZuoHWNbx+IusKXZfY+jpf5/g6Xa5PxDqi1gGzPm7Xrri2lbWhrTVrrbpryV+L0ZpP1my+Zoo1Xa3J95po1qvvejGu8Wn9CzYjsBnATTfbNNCmhjdPZFOhmxLbXOebHN+ky82J2ETUJmA2x+3GFTe2sjG0jWZtVHcj+Rsx2vDJhs03TLGhqw353hDNZvXdLMYNPm1+ATcC3ABy3YxrIK6GuSfCVShXYtx1zuU4ly65E8FFFBcw3HHLuSJnK5yhcZrFqS4n+ZwYcXzCsTnHFBxdceSbIxpu9eUWI4dP3C/gR4AfQL6b8Q3E1zD/RPgK5UuMv875HOfTJX8i+IjiA4Y/bnlX5G2FNzRes3jV5SWfFyOeT3g255mCpyuefPNEw6++/GLk8Yn/BcIICAModDOhgYQaFp6IUKFCiQnXuZDjQroUToQQUULACMet4IqCrQiGJmiWoLqC5AtiJPCJwOYCUwh0JZBvgWiE1VdYjAI+Cb9gNwK7Adx1s10D7Wp490R2Fborsd11vsvxXbrcnYhdRO0CZnfc7lxxZys7Q9tp1k51d5K/E6Mdn+zYfMcUO7rake8d0exW391i3OHT7hfIIyAPoNzN5AaSa1h+InKFyiUmX+dyjsvpUj4RckTJASMft7IryrYiG5qsWbLqypIvi5HMJzKby0wh05VMvmWikVdfeTHK+CT/AnUE1AFUu5naQGoNq09ErVC1xNTrXM1xNV2qJ0KNKDVg1ONWdUXVVlRDUzVLVV1V8lUxUvlEZXOVKVS6Usm3SjTq6qsuRhWf1F+wH4H9AO672b6B9jW8fyL7Ct2X2P463+f4Pl3uT8Q+ovYBsz9u9664t5W9oe01a6+6e8nfi9GeT/ZsvmeKPV3tyfeeaPar734x7vFp/wv0EdAHUO9megPpNaw/Eb1C9RLTr3M9x/V0qZ8IPaL0gNGPW90VdVvRDU3XLF11dcnXxUjnE53NdabQ6Uon3zrR6Kuvvhh1fNJ/gTkC5gCa3cxsILOGzSdiVqhZYuZ1bua4mS7NE2FGlBkw5nFruqJpK6ahmZplqq4p+aYYmXxisrnJFCZdmeTbJBpz9TUXo4lP5i+wR8AeQLub2Q1k17D9ROwKtUvMvs7tHLfTpX0i7IiyA8Y+bm1XtG3FNjRbs2zVtSXfFiObT2w2t5nCpiubfNtEY6++9mK08cn+Bc4IOAPodDOngZwadp6IU6FOiTnXuZPjTrp0ToQTUU7AOMet44qOrTiG5miWo7qO5Dti5PCJw+YOUzh05ZBvh2ic1ddZjA4+Ob/gMAKHATx0s0MDHWr48EQOFXooscN1fsjxQ7o8nIhDRB0C5nDcHlzxYCsHQzto1kF1D5J/EKMDnxzY/MAUB7o6kO8D0RxW38NiPODT4Rd4I+ANoNfNvAbyath7Il6FeiXmXedejnvp0jsRXkR5AeMdt54rerbiGZqnWZ7qepLviZHHJx6be0zh0ZVHvj2i8VZfbzF6+OT9gmAEggEMulnQQEENB08kqNCgxILrPMjxIF0GJyKIqCBgguM2cMXAVgJDCzQrUN1A8gMxCvgkYPOAKQK6Csh3QDTB6hssxgCfgl8QjkA4gGE3CxsorOHwiYQVGpZYeJ2HOR6my/BEhBEVBkx43IauGNpKaGihZoWqG0p+KEYhn4RsHjJFSFch+Q6JJlx9w8UY4lP4C+IRiAcw7mZxA8U1HD+RuELjEouv8zjH43QZn4g4ouKAiY/b2BVjW4kNLdasWHVjyY/FKOaTmM1jpojpKibfMdHEq2+8GGN8in/BeQTOA3juZucGOtfw+YmcK/RcYufr/Jzj53R5PhHniDoHzPm4Pbvi2VbOhnbWrLPqniX/LEZnPjmz+ZkpznR1Jt9nojmvvufFeMan8y9IRyAdwLSbpQ2U1nD6RNIKTUssvc7THE/TZXoi0ohKAyY9blNXTG0lNbRUs1LVTSU/FaOUT1I2T5kipauUfKdEk66+6WJM8Sn9BdkIZAOYdbOsgbIazp5IVqFZiWXXeZbjWbrMTkQWUVnAZMdt5oqZrWSGlmlWprqZ5GdilPFJxuYZU2R0lZHvjGiy1TdbjBk+Zb/gMgKXAbx0s0sDXWr48kQuFXopsct1fsnxS7q8nIhLRF0C5nLcXlzxYisXQ7to1kV1L5J/EaMLn1zY/MIUF7q6kO8L0VxW38tivODT5RfcRuA2gLdudmugWw3fnsitQm8ldrvObzl+S5e3E3GLqFvA3I7bmyvebOVmaDfNuqnuTfJvYnTjkxub35jiRlc38n0jmtvqe1uMN3y6/YJyBMoBLLtZ2UBlDZdPpKzQssTK67zM8TJdlieijKgyYMrjtnTF0lZKQys1q1TdUvJLMSr5pGTzkilKuirJd0k05epbLsYSn8pfcB+B+wDeu9m9ge41fH8i9wq9l9j9Or/n+D1d3k/EPaLuAXM/bu+ueLeVu6HdNeuuunfJv4vRnU/ubH5nijtd3cn3nWjuq+99Md7x6f4LHiPwGMBHN3s00KOGH0/kUaGPEntc548cf6TLx4l4RNQjYB7H7cMVH7byMLSHZj1U9yH5DzF68MmDzR9M8aCrB/l+EM1j9X0sxgc+PX7BawReA/jqZq8GetXw64m8KvRVYq/r/JXjr3T5OhGviHoFzOu4fbniy1ZehvbSrJfqviT/JUYvPnmx+YspXnT1It8vonmtvq/F+MKn1y+oR6AewLqb1Q1U13D9ROoKrUusvs7rHK/TZX0i6oiqA6Y+bmtXrG2lNrRas2rVrSW/FqOaT2o2r5mipquafNdEU6++9WKs8an+BZ8R+Azgp5t9GuhTw58n8qnQT4l9rvNPjn/S5edEfCLqEzCf4/bjih9b+RjaR7M+qvuR/I8Yffjkw+YfpvjQ1Yd8f4jms/p+FuMHnz6/oB2BdgDbbtY2UFvD7RNpK7QtsfY6b3O8TZftiWgjqg2Y9rhtXbG1ldbQWs1qVbeV/FaMWj5p2bxlipauWvLdEk27+raLscWn9hf0I9APYN/N+gbqa7h/In2F9iXWX+d9jvfpsj8RfUT1AdMft70r9rbSG1qvWb3q9pLfi1HPJz2b90zR01VPvnui6VfffjH2+NT/+w/eFCZqkXGK1QAAAABJRU5ErkJggg==";
const NOTES = "# Figures\n\nQ3 up 12%.\n";

const chips = () => demo.page.locator('[data-slot="attachment-chip"]');

describe("attachments (demo)", () => {
  it("pastes a screenshot, drops a file, sends both as content parts, and shows the image in the sent message", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    const wire = await recordRuns(page);
    await page.goto(url);
    await page.locator('[data-ui="kit"]').waitFor();
    const box = page.getByRole("textbox", { name: "Message" }).first();
    await box.click();

    // Paste: a ClipboardEvent whose DataTransfer holds a PNG file, as a screenshot arrives.
    const pastedAsText = await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "screenshot.png", { type: "image/png" }));
      const target = document.querySelector('[data-slot="composer-input"]')!;
      return target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG);
    expect(pastedAsText).toBe(false);
    await page.locator('[data-slot="attachment-chip"][data-state="ready"][data-kind="image"]').waitFor({ timeout: 15_000 });
    // The thumbnail is an object URL of the file, loaded.
    const thumbnail = page.locator('[data-slot="attachment-thumbnail"]');
    expect(await thumbnail.getAttribute("src")).toMatch(/^blob:/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);

    // Drop: files dragged over the composer show the drop state, then dropping attaches them.
    const dragState = await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "notes.md", { type: "text/markdown" }));
      const form = document.querySelector('[data-slot="composer"]')!;
      form.dispatchEvent(new DragEvent("dragenter", { dataTransfer: data, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
      // The drop state shows within a few frames (on a loaded machine React may commit after the
      // first one); wait for it up to 2 s, then drop.
      return new Promise<string | null>((resolve) => {
        const started = performance.now();
        const check = () => {
          const during = form.getAttribute("data-drag");
          if (during !== "over" && performance.now() - started < 2_000) return void requestAnimationFrame(check);
          form.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
          resolve(during);
        };
        requestAnimationFrame(check);
      });
    }, NOTES);
    expect(dragState).toBe("over");
    await expect.poll(() => page.locator('[data-slot="composer"]').getAttribute("data-drag")).toBe("none");
    await expect.poll(() => page.locator('[data-slot="attachment-chip"][data-state="ready"]').count(), { timeout: 15_000 }).toBe(2);
    expect(await chips().locator('[data-slot="attachment-name"]').allTextContents()).toEqual(["screenshot.png", "notes.md"]);

    await box.fill("What do these show?");
    await box.press("Enter");
    await shown(page, "You said").first().waitFor({ timeout: 15_000 });
    expect(await chips().count()).toBe(0);

    // On the wire: the words, then the image and the document as data parts.
    expect(wire.runs).toHaveLength(1);
    const sent = wire.runs[0]!.messages.filter((m) => m.role === "user");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toEqual([
      { type: "text", text: "What do these show?" },
      { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" }, metadata: { filename: "screenshot.png", size: Buffer.from(PNG, "base64").length } },
      { type: "document", source: { type: "data", value: Buffer.from(NOTES).toString("base64"), mimeType: "text/markdown" }, metadata: { filename: "notes.md", size: Buffer.byteLength(NOTES) } },
    ]);

    // The sent message: the image inline (decoded), the document as a chip.
    const message = page.locator('article[data-role="user"]').first();
    const image = message.getByRole("img", { name: "screenshot.png" });
    await image.waitFor({ timeout: 15_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
    await expect.poll(() => message.locator('[data-slot="message-attachment"][data-type="document"]').textContent()).toContain("notes.md");
    expect(problems).toEqual([]);
  });

  it("a file of a type the composer does not take is refused in words, and nothing is sent", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    const wire = await recordRuns(page);
    await page.goto(url);
    await page.locator('[data-ui="kit"]').waitFor();
    await page.locator('[data-slot="composer-file-input"]').setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "setup.exe" }).textContent()).toBe("setup.exe was not attached: files of this type (application/x-msdownload) are not accepted.Dismiss");
    expect(await chips().count()).toBe(0);
    expect(wire.runs).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});
