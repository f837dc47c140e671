import { describe, expect, it } from "vitest";
import { attachmentKind, checkAttachments, DEFAULT_ATTACHMENT_LIMITS, isUserContent, userContent, type AttachmentLimits } from "../../../src/core/attachments";

const file = (name: string, size: number, type: string) => ({ name, size, type });
const MB = 1024 * 1024;

describe("checkAttachments", () => {
  it("accepts files of the default types under the limits, in order", () => {
    const files = [file("shot.png", 20_000, "image/png"), file("report.pdf", 2 * MB, "application/pdf"), file("notes.md", 300, "")];
    expect(checkAttachments(files, { count: 0, bytes: 0 })).toEqual({ accepted: files, refused: [] });
  });

  it("refuses a type not accepted, an empty file and one over the size limit, each with its reason", () => {
    const { accepted, refused } = checkAttachments(
      [file("run.exe", 10, "application/x-msdownload"), file("empty.txt", 0, "text/plain"), file("scan.png", 11 * MB, "image/png"), file("ok.txt", 5, "text/plain")],
      { count: 0, bytes: 0 },
    );
    expect(accepted.map((f) => f.name)).toEqual(["ok.txt"]);
    expect(refused).toEqual([
      { code: "type", name: "run.exe", mimeType: "application/x-msdownload" },
      { code: "empty", name: "empty.txt" },
      { code: "too-large", name: "scan.png", size: 11 * MB, max: DEFAULT_ATTACHMENT_LIMITS.maxFileBytes },
    ]);
  });

  it("counts what is already attached: the count and the total are limits of the whole message", () => {
    const limits: AttachmentLimits = { maxFileBytes: 100, maxTotalBytes: 150, maxFiles: 3, accept: [] };
    const { accepted, refused } = checkAttachments([file("a", 40, "x/y"), file("b", 40, "x/y"), file("c", 10, "x/y"), file("d", 5, "x/y")], { count: 1, bytes: 80 }, limits);
    // b would bring the total to 160; c still fits; d would be the fourth file.
    expect(accepted.map((f) => f.name)).toEqual(["a", "c"]);
    expect(refused).toEqual([
      { code: "total-too-large", name: "b", max: 150 },
      { code: "too-many", name: "d", max: 3 },
    ]);
  });

  it("reads accept entries as <input accept> does: exact types, families, endings; case-insensitive", () => {
    const limits = { ...DEFAULT_ATTACHMENT_LIMITS, accept: ["image/*", ".CSV", "Application/PDF"] };
    const { accepted, refused } = checkAttachments([file("a.webp", 1, "image/webp"), file("b.csv", 1, ""), file("c.pdf", 1, "application/pdf"), file("d.txt", 1, "text/plain")], { count: 0, bytes: 0 }, limits);
    expect(accepted.map((f) => f.name)).toEqual(["a.webp", "b.csv", "c.pdf"]);
    expect(refused.map((r) => r.code)).toEqual(["type"]);
  });

  it("a size that is not a number is refused, never accepted", () => {
    expect(checkAttachments([file("weird", Number.NaN, "text/plain")], { count: 0, bytes: 0 }).refused).toEqual([{ code: "empty", name: "weird" }]);
  });
});

describe("attachmentKind", () => {
  it("names the AG-UI part type: raster images inline, SVG and the rest as documents", () => {
    expect(["image/png", "image/svg+xml", "audio/mpeg", "video/mp4", "application/pdf", ""].map(attachmentKind)).toEqual(["image", "document", "audio", "video", "document", "document"]);
  });
});

describe("userContent", () => {
  const image = { type: "image" as const, source: { type: "url" as const, value: "https://files.example/cat.png" } };
  it("is the text alone without attachments, and a text part followed by the parts with them", () => {
    expect(userContent("hello")).toBe("hello");
    expect(userContent("What is this?", [image])).toEqual([{ type: "text", text: "What is this?" }, image]);
  });
  it("leaves out an empty text part", () => {
    expect(userContent("  ", [image])).toEqual([image]);
  });
});

describe("isUserContent", () => {
  it("accepts text and well-formed media parts of every source", () => {
    expect(isUserContent("x")).toBe(true);
    expect(
      isUserContent([
        { type: "text", text: "a" },
        { type: "image", source: { type: "data", value: "iVBO", mimeType: "image/png" } },
        { type: "document", source: { type: "url", value: "https://x/y.pdf" } },
        { type: "audio", source: { type: "file", value: "file-123", provider: "openai" } },
      ]),
    ).toBe(true);
  });
  it("refuses unknown part types, sources without a value, data without its type, and non-objects", () => {
    for (const bad of [
      [{ type: "binary", data: "x" }],
      [{ type: "image", source: { type: "url" } }],
      [{ type: "image", source: { type: "data", value: "x" } }],
      [{ type: "image", source: null }],
      [null],
      [{ type: "text", text: 3 }],
      { type: "text", text: "a" },
      42,
    ]) {
      expect(isUserContent(bad)).toBe(false);
    }
  });
});
