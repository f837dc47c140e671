import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks } from "../../src/components/markdown/splitBlocks";

describe("splitMarkdownBlocks", () => {
  it("splits at blank lines", () => {
    expect(splitMarkdownBlocks("# Title\n\nPara one\nstill one.\n\n\nPara two.")).toEqual(["# Title", "Para one\nstill one.", "Para two."]);
  });

  it("keeps fenced code whole, blank lines included, with either fence and longer closers", () => {
    const text = "Intro\n\n```js\na\n\nb\n```\n\n~~~~\nx\n\n~~~\ny\n~~~~\n\nEnd";
    expect(splitMarkdownBlocks(text)).toEqual(["Intro", "```js\na\n\nb\n```", "~~~~\nx\n\n~~~\ny\n~~~~", "End"]);
  });

  it("an unclosed fence (still streaming) runs to the end", () => {
    expect(splitMarkdownBlocks("Look:\n\n```\ncode\n\nmore")).toEqual(["Look:", "```\ncode\n\nmore"]);
  });

  it("keeps an indented continuation with its list item", () => {
    expect(splitMarkdownBlocks("- item\n\n  continued\n- next\n\nAfter")).toEqual(["- item\n\n  continued\n- next", "After"]);
  });

  it("keeps text with reference definitions or footnotes whole", () => {
    const text = "See [docs][d].\n\n[d]: https://example.com";
    expect(splitMarkdownBlocks(text)).toEqual([text]);
    expect(splitMarkdownBlocks("A[^1]\n\n[^1]: note")).toHaveLength(1);
  });

  it("finished blocks stay the same strings as the last block grows", () => {
    const a = splitMarkdownBlocks("One.\n\nTwo is gr");
    const b = splitMarkdownBlocks("One.\n\nTwo is growing.\n\nThr");
    expect(b.slice(0, 1)).toEqual(a.slice(0, 1));
    expect(b[1]).toBe("Two is growing.");
  });

  it("handles empty and blank input", () => {
    expect(splitMarkdownBlocks("")).toEqual([]);
    expect(splitMarkdownBlocks("\n\n  \n")).toEqual([]);
  });
});
