import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { defaultUrlTransform } from "react-markdown";
import { safeUrl } from "../../src/components/markdown/safeUrl";

const UNSAFE = /^\s*(javascript|vbscript|data|file):/i;

describe("safeUrl", () => {
  it("agrees with react-markdown's defaultUrlTransform wherever it allows a URL", () => {
    const samples = [
      "https://example.com/a?b=1", "http://x", "mailto:a@example.com", "irc://n", "ircs://n", "xmpp:a@b",
      "/relative", "relative/path", "?q=a:b", "#x:y", "a/b:c", "tel:+1", "ftp://host", "custom:thing", "", ":", "HTTPS://X",
    ];
    for (const url of samples) {
      const expected = defaultUrlTransform(url);
      expect(safeUrl(url)).toBe(UNSAFE.test(expected) ? "" : expected);
    }
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom("javascript:", "data:", "mailto:", "tel:").chain((p) => fc.string().map((s) => p + s))), (url) => {
        const expected = defaultUrlTransform(url);
        const compact = url.replace(/[\p{Cc}\s]+/gu, "");
        expect(safeUrl(url)).toBe(UNSAFE.test(compact) || UNSAFE.test(expected) ? "" : expected);
      }),
    );
  });
});
