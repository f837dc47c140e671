// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadStore, type ThreadStore } from "../../src/store";
import { selectInteractions, type Interaction, type InteractionResponse } from "../../src/core/interactions";
import { ScriptedAgent } from "../../src/testing";

/**
 * Real frameworks that cannot run here in CI — LangGraph through its Python AG-UI integration
 * (`ag_ui_langgraph`, every interrupt mode) and Microsoft Agent Framework (`agent_framework_ag_ui`)
 * — recorded on a developer's machine with scripted models (test/frameworks/python, README there).
 * Each fixture holds, per way of answering, the events the server streamed for the first run, the
 * request it was then sent and what it streamed back: proof of what it accepts.
 *
 * The suite replays the first run through Parley's store, answers as the person would (through the
 * store's door), and checks that the run Parley builds next carries exactly the answer the
 * framework accepted — then replays the framework's reply to it: the tool ran or was skipped as the
 * person chose, no run error, one card per question, no words the graph did not ask for.
 */

type Loose = Record<string, any>;
interface Turn {
  request: RunAgentInput;
  events: BaseEvent[];
}
interface Variant {
  label: string;
  intent: string;
  sent: { resume?: Loose[]; forwarded?: { command?: { resume?: unknown } } };
  result: Loose;
  turns: Turn[];
}
interface Fixture {
  framework: string;
  scenario: string;
  mode?: string;
  turns: Turn[];
  variants: Variant[];
}

const dir = join(__dirname, "fixtures");
const load = (framework: string, name: string): Fixture => JSON.parse(readFileSync(join(dir, framework, `${name}.json`), "utf8")) as Fixture;
const names = (framework: string, scenario: string) =>
  readdirSync(join(dir, framework))
    .filter((file) => file === `${scenario}.json` || (file.startsWith(`${scenario}-`) && !file.slice(scenario.length + 1).startsWith("native")))
    .map((file) => file.replace(/\.json$/, ""));

/** A store whose agent plays the recorded turns, one per run, and keeps every input it was sent. */
function replay(turns: Turn[]) {
  const inputs: RunAgentInput[] = [];
  const agent = new ScriptedAgent({
    script: (input) => {
      inputs.push(input);
      return turns[inputs.length - 1]?.events ?? [];
    },
  });
  const store = createThreadStore({ agent, threadId: turns[0]!.request.threadId, batch: "sync" });
  const first = turns[0]!.request.messages.at(-1) as { content?: unknown } | undefined;
  store.getState().sendMessage(typeof first?.content === "string" ? first.content : "Hello");
  return { store, inputs };
}

const open = (store: ThreadStore): Interaction[] => selectInteractions(store.getState().thread).filter((i) => i.status === "pending");
const lastRun = (store: ThreadStore) => store.getState().thread.runs.at(-1);
const texts = (store: ThreadStore): string[] => {
  const thread = store.getState().thread;
  return thread.messageIds.map((id) => thread.messages.get(id) as Loose).filter((m) => m.role === "assistant" && typeof m.content === "string" && m.content).map((m) => m.content as string);
};

/** What a person would do on the card for this variant's intent: the response the card sends. */
function respond(store: ThreadStore, card: Interaction, variant: Variant): void {
  const s = store.getState();
  const envelope = card.envelope as Loose;
  const sent = variant.sent.resume?.[0]?.payload ?? variant.sent.forwarded?.command?.resume;
  if (variant.intent === "decline" || variant.intent === "cancel" || /decline|reject|cancelled/.test(variant.label)) {
    expect(s.decline(card.id)).toEqual({ ok: true });
    return;
  }
  let response: InteractionResponse;
  if (envelope.messageType === "permission_request") {
    const typed = envelope.payload.confirmText as string | undefined;
    const edited =
      (sent as Loose)?.editedArgs ??
      (sent as Loose)?.decisions?.[0]?.edited_action?.args ??
      (typeof (sent as Loose)?.path === "string" ? { ...envelope.payload.args, path: (sent as Loose).path } : undefined);
    response = { approved: true, ...(typed ? { typedConfirmation: typed } : {}), ...(edited ? { editedArgs: edited } : {}) };
  } else {
    response = { values: typeof sent === "string" ? { answer: sent } : (sent as Record<string, unknown>) };
  }
  expect(s.answer(card.id, response)).toEqual({ ok: true });
}

/** The answer part of a run's input, in the recording's terms. */
function answerOf(input: RunAgentInput): Variant["sent"] {
  const command = (input.forwardedProps as Loose | undefined)?.command;
  return { ...(input.resume ? { resume: input.resume } : {}), ...(command ? { forwarded: { command: { resume: command.resume } } } : {}) };
}

/** The framework's own answer shape, where the person's words differ from the recording's sample (a reject's optional message). */
function withoutOptional(sent: Variant["sent"]): Variant["sent"] {
  return JSON.parse(JSON.stringify(sent, (key, value: unknown) => (key === "message" ? undefined : value))) as Variant["sent"];
}

const OUTCOME_MODES = new Set(["both", "outcome-only", "outcome-only-explicit"]);

/** Which of the recorded answers Parley must send: `resume[]` where the interrupt came as an outcome, LangGraph's `command.resume` where only `on_interrupt` did. */
const parleys = (fixture: Fixture) => fixture.variants.filter((v) => (fixture.mode === undefined || OUTCOME_MODES.has(fixture.mode) ? v.sent.resume : v.sent.forwarded));

// `form-native-schema` (LangGraph's own `interrupt(value, response_schema=…)`) is left out: without
// the integration's raw events its schema never reaches the wire, so no client can build the form
// (docs/backends.md says to put `responseSchema` in the value, or keep raw events on).
describe.each(["confirm-tool", "form", "string", "hitl-middleware"].flatMap((scenario) => names("langgraph", scenario)))("LangGraph (Python, ag_ui_langgraph) %s", (name) => {
  const fixture = load("langgraph", name);
  it.each(parleys(fixture).map((v) => [v.label, v] as const))("%s: one card, the answer the graph accepted, the graph does what the person chose", (_label, variant) => {
    const { store, inputs } = replay(variant.turns);
    expect(lastRun(store)?.status).not.toBe("error");
    // One question, one card — whether it came as on_interrupt, as the outcome, or as both.
    const cards = open(store);
    expect(cards.map((c) => c.messageType)).toHaveLength(1);
    const card = cards[0]!;
    expect((card.envelope as Loose).payload.content ?? (card.envelope as Loose).payload.summary).not.toMatch(/^\s*[{[]/);
    if (/confirm|hitl/.test(name)) expect(card.messageType).toBe("permission_request");
    respond(store, card, variant);
    expect(inputs).toHaveLength(2);
    expect(answerOf(inputs[1]!)).toEqual(variant.label.includes("reject") ? withoutOptional(variant.sent) : variant.sent);
    // The graph reads its resume; no "Declined to answer" message goes along.
    expect(inputs[1]!.messages.filter((m) => m.role === "user")).toHaveLength(1);
    expect(lastRun(store)?.status).toBe("finished");
    expect(open(store)).toEqual([]);
    if (variant.result.assistant_text) expect(texts(store).at(-1)).toBe(variant.result.assistant_text);
  });
});

describe("Microsoft Agent Framework (agent_framework_ag_ui): a tool with approval_mode='always_require'", () => {
  for (const name of ["approval", "approval-no-confirm"]) {
    const fixture = load("maf", name);
    it.each(fixture.variants.map((v) => [`${name} ${v.label}`, v] as const))("%s: the resume MAF accepts, and the tool runs only when approved", (_label, variant) => {
      const { store, inputs } = replay(variant.turns);
      const cards = open(store);
      expect(cards).toHaveLength(1);
      const card = cards[0]!;
      expect(card.messageType).toBe("permission_request");
      // MAF's schema names the tool's arguments beside `accepted`: the card may edit them.
      expect((card.envelope as Loose).payload).toMatchObject({ operation: "delete_file", args: { path: "/tmp/cache", recursive: true }, editable: true });
      respond(store, card, variant);
      expect(answerOf(inputs[1]!)).toEqual(variant.sent);
      expect(lastRun(store)?.status).toBe("finished");
      expect(store.getState().thread.runs.some((r) => r.status === "error")).toBe(false);
      expect(texts(store).at(-1)).toBe(variant.result.assistant_text);
    });

    it(`${name}: an approval with a standing scope or typed text still sends MAF only { accepted }`, () => {
      const variant = fixture.variants.find((v) => v.label === "resume-accepted-true")!;
      const { store, inputs } = replay(variant.turns);
      const card = open(store)[0]!;
      expect(store.getState().answer(card.id, { approved: true, scope: "once", typedConfirmation: "x", grantId: "g" })).toEqual({ ok: true });
      expect(answerOf(inputs[1]!)).toEqual(variant.sent);
    });

    it(`${name}: an edit MAF would refuse (a boolean argument as a string) is refused on the card, in words`, () => {
      const variant = fixture.variants.find((v) => v.label === "resume-accepted-true")!;
      const { store, inputs } = replay(variant.turns);
      const card = open(store)[0]!;
      const result = store.getState().answer(card.id, { approved: true, editedArgs: { path: "/tmp/cache", recursive: "yes" } });
      expect(result).toMatchObject({ ok: false, refusal: { message: "recursive must be a boolean." } });
      expect(inputs).toHaveLength(1);
    });
  }

  it("server tool: the snapshot's renamed tool-calling message keeps the result after the call in the next run", () => {
    const fixture = load("maf", "server-tool");
    const { store, inputs } = replay([...fixture.turns, { request: fixture.turns[0]!.request, events: [] }]);
    expect(lastRun(store)?.status).toBe("finished");
    store.getState().sendMessage("Thanks");
    const messages = inputs[1]!.messages as Loose[];
    const calls = new Set<string>();
    for (const m of messages) {
      if (m.role === "assistant") for (const c of m.toolCalls ?? []) calls.add(c.id as string);
      if (m.role === "tool") expect(calls.has(m.toolCallId as string)).toBe(true);
    }
  });

  it.each(["chat", "state-update", "predictive-state"])("%s: replays with no protocol error", (name) => {
    const fixture = load("maf", name);
    const { store } = replay(fixture.turns);
    expect(lastRun(store)?.status).toBe("finished");
    expect(store.getState().thread.errors).toEqual([]);
  });
});

describe("LangGraph (Python) streamed replies", () => {
  it.each(names("langgraph", "chat"))("%s: replays with no protocol error", (name) => {
    const { store } = replay(load("langgraph", name).turns);
    expect(lastRun(store)?.status).toBe("finished");
    expect(store.getState().thread.errors).toEqual([]);
    expect(texts(store).length).toBeGreaterThan(0);
  });
});
