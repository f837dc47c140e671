import { describe, expect, it } from "vitest";
import { imageDecision, linkUrl } from "../../src/components/lib/urlPolicy";

/** The one policy for the agent's URLs, pure: what loads by itself, what asks, what is refused. */

const BASE = "https://app.example/chat/";

describe("imageDecision", () => {
  it("a protocol-relative URL is another origin, not a relative one: it asks", () => {
    expect(imageDecision("//evil.example/leak?d=secret", {}, BASE)).toEqual({ kind: "ask", src: "https://evil.example/leak?d=secret", host: "evil.example" });
    expect(imageDecision("\\\\evil.example/leak", {}, BASE)).toMatchObject({ kind: "ask", host: "evil.example" });
    expect(imageDecision("https://evil.example:8443/x.png", {}, BASE)).toMatchObject({ kind: "ask", host: "evil.example:8443" });
  });

  it("the page's own origin, and the origins the app allows, load", () => {
    expect(imageDecision("/logo.png", undefined, BASE)).toEqual({ kind: "load", src: "https://app.example/logo.png" });
    expect(imageDecision("pics/a.png", {}, BASE)).toEqual({ kind: "load", src: "https://app.example/chat/pics/a.png" });
    expect(imageDecision("https://cdn.example/a.png", { imageOrigins: ["https://cdn.example"] }, BASE)).toMatchObject({ kind: "load" });
    expect(imageDecision("https://cdn.example.evil/a.png", { imageOrigins: ["https://cdn.example"] }, BASE)).toMatchObject({ kind: "ask" });
    expect(imageDecision("http://cdn.example/a.png", { imageOrigins: ["https://cdn.example"] }, BASE)).toMatchObject({ kind: "ask" });
    expect(imageDecision("https://any.example/a.png", { imageOrigins: ["*"] }, BASE)).toMatchObject({ kind: "load" });
  });

  it("no image from a scheme that is not http(s)", () => {
    for (const url of ["javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>", "file:///etc/passwd", "mailto:a@b.c", "java\tscript:alert(1)"]) {
      expect(imageDecision(url, { imageOrigins: ["*"] }, BASE)).toEqual({ kind: "refuse" });
    }
  });
});

describe("linkUrl", () => {
  it("keeps safe links as they are and refuses javascript:, data: and the like", () => {
    expect(linkUrl("https://example.com/a", BASE)).toBe("https://example.com/a");
    expect(linkUrl("/relative", BASE)).toBe("/relative");
    expect(linkUrl("mailto:a@b.c", BASE)).toBe("mailto:a@b.c");
    expect(linkUrl("javascript:alert(1)", BASE)).toBe("");
    expect(linkUrl("data:text/html,x", BASE)).toBe("");
  });

  it("shows a protocol-relative link as the absolute URL it opens", () => {
    expect(linkUrl("//evil.example/a", BASE)).toBe("https://evil.example/a");
    expect(linkUrl("//evil.example/a", "about:blank")).toBe("");
  });
});
