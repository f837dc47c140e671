import { describe, expect, it } from "vitest";
import { acceptsFileType, agentSupports } from "../../../src/core/capabilities";
import { readCapabilities } from "../../../src/core/capabilities/readCapabilities";

describe("readCapabilities", () => {
  it("keeps the AG-UI 1.0 fields the kit knows, with values of the right kind", () => {
    const reading = readCapabilities({
      identity: { name: "Booking agent", type: "langgraph" },
      transport: { streaming: true, resumable: false },
      humanInTheLoop: { supported: true, interrupts: true, approveWithEdits: false },
      multimodal: { input: { image: true, pdf: false } },
      output: { supportedMimeTypes: ["text/plain", 7, "application/json"] },
      execution: { maxIterations: 12 },
    });
    expect(reading).toEqual({
      ok: true,
      capabilities: {
        identity: { name: "Booking agent", type: "langgraph" },
        transport: { streaming: true, resumable: false },
        humanInTheLoop: { supported: true, interrupts: true, approveWithEdits: false },
        multimodal: { input: { image: true, pdf: false } },
        output: { supportedMimeTypes: ["text/plain", "application/json"] },
        execution: { maxIterations: 12 },
      },
    });
  });

  it("drops what is not a capability: wrong kinds, unknown categories, inherited keys, huge text", () => {
    const hostile = JSON.parse('{"__proto__":{"humanInTheLoop":{"approveWithEdits":false}},"transport":{"resumable":"no"},"madeUp":{"x":true},"identity":{"name":"x"}}') as unknown;
    const reading = readCapabilities(hostile);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.capabilities).toEqual({ identity: { name: "x" } });
    const long = readCapabilities({ identity: { description: "d".repeat(50_000) } });
    expect(long.ok && long.capabilities.identity?.description?.length).toBe(2_000);
    const negative = readCapabilities({ execution: { maxIterations: -1, maxExecutionTime: Number.NaN } });
    expect(negative).toEqual({ ok: true, capabilities: {} });
  });

  it("says in words why something that is not an object is not taken", () => {
    expect(readCapabilities("everything")).toEqual({ ok: false, problem: "The agent's capabilities are not an object (string)." });
    expect(readCapabilities(null)).toEqual({ ok: false, problem: "The agent's capabilities are not an object (null)." });
    expect(readCapabilities([true])).toMatchObject({ ok: false });
  });
});

describe("agentSupports", () => {
  it("offers everything to an agent that declares nothing (an omitted field is unknown, not unsupported)", () => {
    for (const feature of ["approveWithEdits", "resume", "attachments", "feedback", "clientTools"] as const) {
      expect(agentSupports(undefined, feature)).toBe(true);
      expect(agentSupports({}, feature)).toBe(true);
    }
  });

  it("takes an offer away only on an explicit false", () => {
    expect(agentSupports({ humanInTheLoop: { approveWithEdits: false } }, "approveWithEdits")).toBe(false);
    expect(agentSupports({ humanInTheLoop: { interrupts: false } }, "approveWithEdits")).toBe(false);
    expect(agentSupports({ humanInTheLoop: { approveWithEdits: true } }, "approveWithEdits")).toBe(true);
    expect(agentSupports({ transport: { resumable: false } }, "resume")).toBe(false);
    expect(agentSupports({ humanInTheLoop: { feedback: false } }, "feedback")).toBe(false);
    expect(agentSupports({ tools: { clientProvided: false } }, "clientTools")).toBe(false);
  });

  it("attachments go when every input modality is declared false, and per file type otherwise", () => {
    const none = { multimodal: { input: { image: false, audio: false, video: false, pdf: false, file: false } } };
    expect(agentSupports(none, "attachments")).toBe(false);
    const imagesOnly = { multimodal: { input: { image: true, pdf: false, file: false } } };
    expect(agentSupports(imagesOnly, "attachments")).toBe(true);
    expect(acceptsFileType(imagesOnly, "image/PNG")).toBe(true);
    expect(acceptsFileType(imagesOnly, "application/pdf")).toBe(false);
    expect(acceptsFileType(imagesOnly, "text/csv")).toBe(false);
    expect(acceptsFileType(imagesOnly, "audio/wav")).toBe(true);
    expect(acceptsFileType(undefined, "application/pdf")).toBe(true);
  });
});
