// @vitest-environment node
import { describe, expect, it } from "vitest";
import { extensionsLeft, type Interaction } from "../../../src/core/interactions";
import { parseEnvelope } from "../../../src/core";

const envelope = (extendable?: object) => {
  const parsed = parseEnvelope({ messageId: "q", messageType: "advice", payload: { content: "?" }, ...(extendable ? { extendable } : {}) });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.envelope;
};
const question = (over: Partial<Interaction>): Interaction =>
  ({ id: "q", rowId: "row-q", messageType: "advice", origin: { kind: "envelope" }, status: "pending", numbers: [], deadline: 1_000, envelope: envelope({ byMs: 500, times: 2 }), ...over }) as Interaction;

describe("extensionsLeft", () => {
  it("what the ask allows less what was taken, while the question is open and its time not run out", () => {
    expect(extensionsLeft(question({}), 0)).toBe(2);
    expect(extensionsLeft(question({ extended: 1 }), 0)).toBe(1);
    expect(extensionsLeft(question({ extended: 2 }), 0)).toBe(0);
    expect(extensionsLeft(question({ envelope: envelope({ byMs: 500 }) }), 0)).toBe(1);
  });

  it("none without extendable or a deadline, at or after the deadline, or once settled", () => {
    expect(extensionsLeft(question({ envelope: envelope() }), 0)).toBe(0);
    expect(extensionsLeft(question({ deadline: undefined }), 0)).toBe(0);
    expect(extensionsLeft(question({}), 1_000)).toBe(0);
    expect(extensionsLeft(question({ status: "answered" }), 0)).toBe(0);
    expect(extensionsLeft(question({ status: "timed_out" }), 0)).toBe(0);
  });
});
