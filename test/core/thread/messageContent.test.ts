import { describe, expect, it } from "vitest";
import { contentMedia, contentText } from "../../../src/core/thread/messageContent";

describe("contentText: a message's text, whatever its content holds", () => {
  it("a string as it is; the text parts of a parts list joined in order, media left out", () => {
    expect(contentText("Hello")).toBe("Hello");
    expect(contentText([{ type: "text", text: "Look " }, { type: "image", source: { type: "url", value: "https://example.com/a.png" } }, { type: "text", text: "here" }])).toBe("Look here");
  });

  it("malformed content (from an agent, storage or another tab) reads as its text parts or as nothing, never throws", () => {
    expect(contentText(undefined)).toBe("");
    expect(contentText(42)).toBe("");
    expect(contentText({ text: "not a list" })).toBe("");
    expect(contentText([null, 3, "loose", { type: "text" }, { type: "text", text: 7 }, { type: "text", text: "kept" }])).toBe("kept");
  });
});

describe("contentMedia: the parts of a message's content that are not text", () => {
  const image = { type: "image", source: { type: "url", value: "https://example.com/a.png" } };
  it("the non-text parts of a list, in order; none for a string", () => {
    expect(contentMedia([{ type: "text", text: "Look" }, image])).toEqual([image]);
    expect(contentMedia("Look")).toEqual([]);
  });

  it("malformed content gives none, and a list's malformed entries are left out", () => {
    expect(contentMedia(42)).toEqual([]);
    expect(contentMedia([null, 3, "loose", image])).toEqual([image]);
  });
});
