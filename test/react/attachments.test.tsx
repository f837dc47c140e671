import { StrictMode, type ReactNode } from "react";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAttachments, type AttachmentOptions, type UploadAttachment } from "../../src";

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
const png = (name = "shot.png") => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
const pdf = (name = "report.pdf") => new File(["%PDF-1.4"], name, { type: "application/pdf" });

let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  vi.stubGlobal("URL", Object.assign(URL, {
    createObjectURL: vi.fn(() => {
      const url = `blob:test/${created.length + 1}`;
      created.push(url);
      return url;
    }),
    revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
  }));
});
afterEach(() => vi.unstubAllGlobals());

function setup(options?: AttachmentOptions) {
  return renderHook((props: AttachmentOptions | undefined) => useAttachments(props), { wrapper: strict, initialProps: options });
}

describe("useAttachments", () => {
  it("reads an image as a base64 data part with a thumbnail, a PDF as a document; settled() gives the parts in order", async () => {
    const { result } = setup();
    expect(result.current.status).toBe("empty");
    await act(() => result.current.add([png(), pdf()]));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const [image, doc] = result.current.attachments;
    expect(image).toMatchObject({ name: "shot.png", kind: "image", status: "ready", previewUrl: "blob:test/1" });
    expect(doc).toMatchObject({ name: "report.pdf", kind: "document", status: "ready" });
    expect(doc!.previewUrl).toBeUndefined();
    expect(await result.current.settled()).toEqual([
      { type: "image", source: { type: "data", value: "iVBORw==", mimeType: "image/png" }, metadata: { filename: "shot.png", size: 4 } },
      { type: "document", source: { type: "data", value: btoa("%PDF-1.4"), mimeType: "application/pdf" }, metadata: { filename: "report.pdf", size: 8 } },
    ]);
  });

  it("refuses what breaks the limits, with the reason, and keeps the rest", async () => {
    const { result } = setup({ limits: { maxFiles: 1 } });
    await act(() => result.current.add([new File(["x"], "tool.exe", { type: "application/x-msdownload" }), png(), pdf()]));
    expect(result.current.attachments.map((a) => a.name)).toEqual(["shot.png"]);
    expect(result.current.refusals).toEqual([
      { code: "type", name: "tool.exe", mimeType: "application/x-msdownload" },
      { code: "too-many", name: "report.pdf", max: 1 },
    ]);
    act(() => result.current.dismissRefusals());
    expect(result.current.refusals).toEqual([]);
    expect(result.current.accept).toContain("image/png");
  });

  it("uploads with uploadAttachment: progress, then a url part", async () => {
    let finish!: (url: string) => void;
    const upload = vi.fn<UploadAttachment>((_file, { onProgress }) => {
      onProgress(0.4);
      return new Promise((resolve) => (finish = resolve));
    });
    const { result } = setup({ uploadAttachment: upload });
    await act(() => result.current.add([png()]));
    await waitFor(() => expect(result.current.attachments[0]).toMatchObject({ status: "uploading", progress: 0.4 }));
    expect(result.current.status).toBe("pending");
    const parts = result.current.settled();
    await act(async () => finish("https://files.example/shot.png"));
    expect(await parts).toEqual([{ type: "image", source: { type: "url", value: "https://files.example/shot.png", mimeType: "image/png" }, metadata: { filename: "shot.png", size: 4 } }]);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it("a failed upload is marked with its error; settled() says so; Retry uploads again", async () => {
    let attempt = 0;
    const upload: UploadAttachment = async () => {
      attempt += 1;
      if (attempt === 1) throw new Error("Storage is full");
      return { url: "https://files.example/a.pdf", mimeType: "application/pdf" };
    };
    const { result } = setup({ uploadAttachment: upload });
    await act(() => result.current.add([pdf()]));
    await waitFor(() => expect(result.current.status).toBe("failed"));
    expect(result.current.attachments[0]).toMatchObject({ status: "failed", error: "Storage is full" });
    expect(await result.current.settled()).toBeUndefined();
    act(() => result.current.retry(result.current.attachments[0]!.id));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.attachments[0]!.part).toMatchObject({ type: "document", source: { type: "url", value: "https://files.example/a.pdf" } });
  });

  it("an upload that returns no URL fails, in words", async () => {
    const { result } = setup({ uploadAttachment: async () => ({ url: "" }) });
    await act(() => result.current.add([pdf()]));
    await waitFor(() => expect(result.current.status).toBe("failed"));
    expect(result.current.attachments[0]!.error).toBe("uploadAttachment returned no URL.");
  });

  it("remove aborts the upload and revokes the thumbnail; clear and unmount revoke the rest", async () => {
    const signals: AbortSignal[] = [];
    const upload: UploadAttachment = (_file, { signal }) => {
      signals.push(signal);
      return new Promise(() => {});
    };
    const { result, unmount } = setup({ uploadAttachment: upload });
    await act(() => result.current.add([png("a.png"), png("b.png"), png("c.png")]));
    await waitFor(() => expect(signals).toHaveLength(3));
    act(() => result.current.remove(result.current.attachments[0]!.id));
    expect(signals[0]!.aborted).toBe(true);
    expect(revoked).toEqual(["blob:test/1"]);
    expect(result.current.attachments.map((a) => a.name)).toEqual(["b.png", "c.png"]);
    act(() => result.current.clear());
    expect(result.current.status).toBe("empty");
    expect(revoked).toEqual(["blob:test/1", "blob:test/2", "blob:test/3"]);

    await act(() => result.current.add([png("d.png")]));
    unmount();
    expect(revoked).toContain("blob:test/4");
  });
});
