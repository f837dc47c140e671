// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EventType, type BaseEvent, type Interrupt, type Message, type ResumeEntry, type RunAgentInput } from "@ag-ui/core";
import { EventSchema } from "@ag-ui/core/schemas";
import { foldEvents, createThreadState } from "../../src/core";
import { grantsContext, type Grant } from "../../src/core/policy";
import { messageText } from "../support/thread";
import {
  ADDRESS_SCHEMA,
  ADDRESS_TTL_MS,
  COURIER_NOTE_SCHEMA,
  DEFAULT_NOW,
  ERROR_MESSAGE,
  MARKDOWN_ANSWER,
  NOTHING_BOOKED,
  PARLEY_INTERACTION,
  SCENARIOS,
  TOOL_APPROVAL_SCHEMA,
  describeRun,
  pickScenario,
  planRun,
  scenarioEvents,
  tokenize,
  type OpenInterrupts,
  type TimedEvent,
} from "../../demo/agent/scenarios";

function input(text: string, extra: Partial<RunAgentInput> = {}): RunAgentInput {
  return {
    threadId: "t1",
    runId: "r1",
    messages: [{ id: "u1", role: "user", content: text }],
    state: {},
    tools: [],
    context: [],
    forwardedProps: {},
    ...extra,
  };
}

const types = (events: { event: BaseEvent }[]) => events.map((e) => e.event.type);
const fold = (events: { event: BaseEvent }[]) => foldEvents(createThreadState({ threadId: "t1" }), events.map((e) => e.event));

describe("pickScenario", () => {
  it("takes the scenario from the last user message", () => {
    for (const s of SCENARIOS) expect(pickScenario(input(s.trigger))).toBe(s.name);
    expect(pickScenario(input("hello there"))).toBe("default");
  });

  it("prefers forwardedProps.scenario and ignores unknown names", () => {
    expect(pickScenario(input("hello", { forwardedProps: { scenario: "tool" } }))).toBe("tool");
    expect(pickScenario(input("markdown please", { forwardedProps: { scenario: "nope" } }))).toBe("markdown");
  });

  it("reads text parts of multimodal content and looks only at the last user message", () => {
    const messages: RunAgentInput["messages"] = [
      { id: "u0", role: "user", content: "markdown" },
      { id: "a0", role: "assistant", content: "ok" },
      { id: "u1", role: "user", content: [{ type: "text", text: "show the state" }] },
    ];
    expect(pickScenario(input("", { messages }))).toBe("state");
  });
});

describe("scenarioEvents", () => {
  it("every scenario starts with RUN_STARTED and ends with RUN_FINISHED, with 10–30 ms tokens", () => {
    const plain = ["markdown", "tool", "reasoning", "state"];
    for (const text of [...SCENARIOS.filter((s) => plain.includes(s.name)).map((s) => s.trigger), "hi"]) {
      const events = scenarioEvents(input(text));
      expect(events[0]?.event).toMatchObject({ type: EventType.RUN_STARTED, threadId: "t1", runId: "r1" });
      expect(events.at(-1)?.event).toMatchObject({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" });
      for (const e of events.filter((x) => x.event.type === EventType.TEXT_MESSAGE_CONTENT)) {
        expect(e.delayMs).toBeGreaterThanOrEqual(10);
        expect(e.delayMs).toBeLessThanOrEqual(30);
      }
      expect(fold(events).status).toBe("idle");
    }
  });

  it("delayScale 0 removes every pause and is deterministic", () => {
    const a = scenarioEvents(input("tool"), { delayScale: 0 });
    expect(a.every((e) => e.delayMs === 0)).toBe(true);
    expect(scenarioEvents(input("tool"), { delayScale: 0 })).toEqual(a);
  });

  it("markdown streams the whole answer with a list, a table and a code block", () => {
    const thread = fold(scenarioEvents(input("markdown")));
    const reply = thread.messages.get(thread.messageIds.at(-1)!);
    expect(reply?.role).toBe("assistant");
    expect(reply?.content).toBe(MARKDOWN_ANSWER);
    expect(MARKDOWN_ANSWER).toMatch(/^- /m);
    expect(MARKDOWN_ANSWER).toMatch(/^\| --- /m);
    expect(MARKDOWN_ANSWER).toContain("```ts");
    expect(tokenize(MARKDOWN_ANSWER).join("")).toBe(MARKDOWN_ANSWER);
  });

  it("tool streams search_trains args as JSON pieces, then a result, then a reply", () => {
    const events = scenarioEvents(input("tool"));
    expect(types(events)).toEqual(expect.arrayContaining([EventType.TOOL_CALL_START, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_END, EventType.TOOL_CALL_RESULT]));
    expect(events.filter((e) => e.event.type === EventType.TOOL_CALL_ARGS).length).toBeGreaterThan(5);
    const thread = fold(events);
    const calls = [...thread.toolCalls.values()];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: "search_trains", status: "complete", args: { from: "Paris", to: "Lyon" } });
    const last = thread.messages.get(thread.messageIds.at(-1)!);
    expect(last?.content).toContain("TGV 6601");
  });

  it("reasoning sends REASONING_* before the answer", () => {
    const t = types(scenarioEvents(input("reasoning")));
    expect(t.indexOf(EventType.REASONING_START)).toBeLessThan(t.indexOf(EventType.REASONING_END));
    expect(t.indexOf(EventType.REASONING_END)).toBeLessThan(t.indexOf(EventType.TEXT_MESSAGE_START));
    const thread = fold(scenarioEvents(input("reasoning")));
    expect(thread.messageIds.map((id) => thread.messages.get(id)?.role)).toEqual(["reasoning", "assistant"]);
  });

  it("state sends a snapshot and a delta the fold applies", () => {
    const thread = fold(scenarioEvents(input("state")));
    expect(thread.state).toEqual({ trip: { from: "Paris", to: "Lyon", date: "2025-06-14" }, passengers: 2, steps: ["search", "choose"] });
  });

  it("error fails with RUN_ERROR on the first attempt and succeeds on the second", () => {
    const first = scenarioEvents(input("error"), { attempt: 1 });
    expect(first.at(-1)?.event).toMatchObject({ type: EventType.RUN_ERROR, message: ERROR_MESSAGE });
    expect(types(first)).not.toContain(EventType.RUN_FINISHED);
    const failed = fold(first);
    expect(failed.runs.at(-1)?.error?.message).toBe(ERROR_MESSAGE);
    const second = scenarioEvents(input("error", { runId: "r2" }), { attempt: 2 });
    expect(second.at(-1)?.event.type).toBe(EventType.RUN_FINISHED);
  });

  it("default echoes the message and lists the scenarios", () => {
    const thread = fold(scenarioEvents(input("hello there")));
    const reply = messageText(thread.messages.get(thread.messageIds.at(-1)!));
    expect(reply).toContain("hello there");
    for (const s of SCENARIOS) expect(reply).toContain(s.name);
  });
});

// ————————————————————————————————————————————————————————————————————————————————————————————
// The scenarios where the agent asks the person something.

const ASKING = ["booking", "address", "approvals", "delete", "failure", "notify", "report", "purge", "revoke", "archive", "testmail"] as const;
const trigger = (name: string) => SCENARIOS.find((s) => s.name === name)!.trigger;
const NOW = Date.UTC(2026, 0, 5, 9, 30, 0);

/** The agent's side of a run, as a client sends it back: assistant text and tool calls, tool results. */
function replay(events: TimedEvent[]): Message[] {
  const out: Message[] = [];
  const byId = new Map<string, Record<string, unknown>>();
  const calls = new Map<string, { function: { arguments: string } }>();
  for (const { event } of events) {
    const e = event as unknown as Record<string, string>;
    if (event.type === EventType.TEXT_MESSAGE_START) {
      const message = { id: e.messageId!, role: "assistant", content: "" };
      byId.set(message.id, message);
      out.push(message as Message);
    } else if (event.type === EventType.TEXT_MESSAGE_CONTENT) {
      (byId.get(e.messageId!) as { content: string }).content += e.delta;
    } else if (event.type === EventType.TOOL_CALL_START) {
      let parent = byId.get(e.parentMessageId ?? e.toolCallId!);
      if (!parent) {
        parent = { id: e.parentMessageId ?? e.toolCallId!, role: "assistant" };
        byId.set(parent.id as string, parent);
        out.push(parent as unknown as Message);
      }
      const call = { id: e.toolCallId!, type: "function", function: { name: e.toolCallName!, arguments: "" } };
      calls.set(call.id, call);
      ((parent.toolCalls ??= []) as unknown[]).push(call);
    } else if (event.type === EventType.TOOL_CALL_ARGS) {
      calls.get(e.toolCallId!)!.function.arguments += e.delta;
    } else if (event.type === EventType.TOOL_CALL_RESULT) {
      out.push({ id: e.messageId!, role: "tool", toolCallId: e.toolCallId!, content: e.content! });
    }
  }
  return out;
}

const eventsOf = (events: TimedEvent[], type: EventType) => events.map((e) => e.event).filter((e) => e.type === type) as unknown as Record<string, unknown>[];
const textOf = (events: TimedEvent[]) => eventsOf(events, EventType.TEXT_MESSAGE_CONTENT).map((e) => e.delta).join("");
const finished = (events: TimedEvent[]) => events.at(-1)?.event as unknown as { type: string; outcome?: { type: string; interrupts?: Interrupt[]; pendingToolCallIds?: string[] } };

/** Plays a scenario's first run at NOW. */
function ask(name: string, extra: Partial<RunAgentInput> = {}) {
  return planRun(input(trigger(name), extra), { now: NOW });
}

/** The run after `first`, carrying `resume`, with the thread's open interrupts as the server remembers them. */
function resumeAfter(first: ReturnType<typeof ask>, resume: ResumeEntry[] | undefined, now = NOW + 1_000, open = first.open) {
  const messages = [...input(trigger(first.scenario)).messages, ...replay(first.events)];
  return planRun(input("", { runId: "r2", messages, ...(resume ? { resume } : {}) }), { now, open });
}

describe("asking scenarios: wire shapes", () => {
  it("every asking scenario is valid AG-UI 1.0, starts and finishes its run, and is deterministic", () => {
    for (const name of ASKING) {
      const plan = ask(name);
      expect(plan).toMatchObject({ kind: "new", scenario: name });
      for (const { event } of plan.events) expect(EventSchema.safeParse(event).success, `${name}: ${event.type}`).toBe(true);
      expect(plan.events[0]?.event).toMatchObject({ type: EventType.RUN_STARTED, threadId: "t1", runId: "r1" });
      expect(plan.events.at(-1)?.event).toMatchObject({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" });
      for (const e of plan.events.filter((x) => x.event.type === EventType.TEXT_MESSAGE_CONTENT)) {
        expect(e.delayMs).toBeGreaterThanOrEqual(10);
        expect(e.delayMs).toBeLessThanOrEqual(30);
      }
      expect(ask(name)).toEqual(plan);
      expect(planRun(input(trigger(name)), { now: NOW, delayScale: 0 }).events.every((e) => e.delayMs === 0)).toBe(true);
    }
  });

  it("without `now`, times come from the fixed DEFAULT_NOW (no clock is read)", () => {
    const envelope = eventsOf(scenarioEvents(input(trigger("notify"))), EventType.CUSTOM)[0]?.value as { timestamp: number };
    expect(envelope.timestamp).toBe(DEFAULT_NOW);
  });
});

describe("booking: a parley_advise front-end tool call", () => {
  it("says a short text, then calls parley_advise with three departures and leaves it unanswered", () => {
    const plan = ask("booking");
    expect(textOf(plan.events)).toBe("Here are today's departures to Lyon:");
    const [start] = eventsOf(plan.events, EventType.TOOL_CALL_START);
    expect(start).toMatchObject({ toolCallName: "parley_advise", parentMessageId: eventsOf(plan.events, EventType.TEXT_MESSAGE_START)[0]?.messageId });
    const args = JSON.parse(eventsOf(plan.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join(""));
    expect(args).toEqual({
      content: "Which departure?",
      options: [
        { id: "dep-0805", label: "08:05 — arrives 10:02" },
        { id: "dep-1240", label: "12:40 — arrives 14:39" },
        { id: "dep-1840", label: "18:40 — arrives 20:41" },
      ],
      allowFreeText: true,
    });
    expect(eventsOf(plan.events, EventType.TOOL_CALL_RESULT)).toEqual([]);
    expect(finished(plan.events).outcome).toEqual({ type: "success", pendingToolCallIds: [start?.toolCallId] });
    expect(plan.open).toBeUndefined();
    const thread = fold(plan.events);
    expect(thread.pendingToolCallIds).toEqual([start?.toolCallId]);
    expect(thread.status).toBe("waiting");
  });

  it("gives the call an id unique per run", () => {
    const id = (runId: string) => eventsOf(planRun(input(trigger("booking"), { runId })).events, EventType.TOOL_CALL_START)[0]?.toolCallId;
    expect(id("r1")).toMatch(/^r1-/);
    expect(id("r1")).not.toBe(id("r2"));
  });

  /** The run after the kit answered the advice with a tool message whose content is `answer`. */
  function answer(answer: unknown, raw = false) {
    const first = ask("booking");
    const callId = eventsOf(first.events, EventType.TOOL_CALL_START)[0]?.toolCallId as string;
    const messages: Message[] = [
      ...input(trigger("booking")).messages,
      ...replay(first.events),
      { id: "tool-1", role: "tool", toolCallId: callId, content: raw ? String(answer) : JSON.stringify(answer) },
    ];
    return planRun(input("", { runId: "r2", messages }), { now: NOW });
  }

  it.each([
    [{ status: "answered", response: { action: "choose", optionIds: ["dep-1840"], numbers: [3] } }, "Booked the 18:40 to Lyon. Seat 42, coach 7."],
    [{ status: "answered", response: { action: "choose", optionIds: ["dep-0805"], numbers: [1] } }, "Booked the 08:05 to Lyon. Seat 42, coach 7."],
    [{ status: "answered", response: { action: "text", text: "改成傍晚的" } }, "The evening one, then: booked the 18:40 to Lyon. Seat 42, coach 7."],
    [{ status: "answered", response: { action: "text", text: "The EVENING train please" } }, "The evening one, then: booked the 18:40 to Lyon. Seat 42, coach 7."],
    [{ status: "declined" }, NOTHING_BOOKED],
    [{ status: "timed_out" }, NOTHING_BOOKED],
    [{ status: "answered", response: { action: "reject" } }, NOTHING_BOOKED],
    [{ status: "answered", response: { action: "accept" } }, "You accepted without picking a departure, so nothing is booked yet."],
    [{ status: "answered", response: { action: "choose", optionIds: ["dep-9999"] } }, "That is not one of the departures I offered, so nothing was booked."],
  ])("answers %j", (result, reply) => {
    const plan = answer(result);
    expect(plan).toMatchObject({ kind: "tool-result", scenario: "booking", open: undefined });
    expect(textOf(plan.events)).toBe(reply);
    // The continuation never asks again, though the last user text still says "(booking)".
    expect(eventsOf(plan.events, EventType.TOOL_CALL_START)).toEqual([]);
    expect(finished(plan.events)).toEqual({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r2" });
    for (const { event } of plan.events) expect(EventSchema.safeParse(event).success).toBe(true);
  });

  it("acknowledges other free text without booking or asking again", () => {
    const reply = textOf(answer({ status: "answered", response: { action: "text", text: "Is there anything cheaper?" } }).events);
    expect(reply).toContain("“Is there anything cheaper?”");
    expect(reply).toContain("Nothing is booked yet");
  });

  it("says it cannot read content that is not a result", () => {
    expect(textOf(answer("not json", true).events)).toBe("I could not read that answer, so nothing was booked.");
  });

  it("acknowledges the result of a tool that is not one of its questions, without replaying the scenario", () => {
    const first = planRun(input(trigger("tool")), { now: NOW });
    const agentSide = replay(first.events);
    const upToResult = agentSide.slice(0, agentSide.findIndex((m) => m.role === "tool") + 1);
    const messages = [...input(trigger("booking")).messages, ...upToResult]; // ends with search_trains' result
    const plan = planRun(input("", { runId: "r2", messages }));
    expect(plan).toMatchObject({ kind: "tool-result", scenario: "default" });
    expect(textOf(plan.events)).toBe("Got the result of `search_trains`.");
  });
});

describe("address: one input_required interrupt", () => {
  it("says a text, then finishes with one interrupt carrying the address schema and a 90 s deadline", () => {
    const plan = ask("address");
    expect(textOf(plan.events).length).toBeGreaterThan(0);
    const outcome = finished(plan.events).outcome!;
    expect(outcome.type).toBe("interrupt");
    expect(outcome.interrupts).toEqual([
      { id: "r1-int-2", reason: "input_required", message: "Where should we deliver?", responseSchema: ADDRESS_SCHEMA, expiresAt: new Date(NOW + ADDRESS_TTL_MS).toISOString() },
    ]);
    expect(ADDRESS_TTL_MS).toBe(90_000);
    expect(ADDRESS_SCHEMA).toMatchObject({
      type: "object",
      properties: {
        street: { type: "string" },
        city: { type: "string" },
        postcode: { type: "string", pattern: "^[0-9]{5}$" },
        country: { enum: ["FR", "DE", "CN"] },
        note: { type: "string" },
      },
      required: ["street", "city", "postcode"],
    });
    expect(plan.open).toEqual({ scenario: "address", runId: "r1", interrupts: outcome.interrupts });
    const thread = fold(plan.events);
    expect(thread.pendingInterrupts).toHaveLength(1);
    expect(thread.status).toBe("waiting");
  });

  it("takes the deadline from forwardedProps.expiresInMs when given", () => {
    const plan = ask("address", { forwardedProps: { expiresInMs: 5_000 } });
    expect(plan.open?.interrupts[0]?.expiresAt).toBe(new Date(NOW + 5_000).toISOString());
  });

  it("thanks for a resolved address, and gives up on a cancelled one", () => {
    const first = ask("address");
    const id = first.open!.interrupts[0]!.id;
    const resolved = resumeAfter(first, [{ interruptId: id, status: "resolved", payload: { street: "12 Rue de la Paix", city: "Lyon", postcode: "69002", country: "FR" } }]);
    expect(resolved).toMatchObject({ kind: "resume", scenario: "address", open: undefined });
    expect(textOf(resolved.events)).toBe("Thanks — delivering to 12 Rue de la Paix, 69002 Lyon.");
    expect(resolved.events[0]?.event.type).toBe(EventType.RUN_STARTED);
    expect(finished(resolved.events)).toEqual({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r2" });

    const cancelled = resumeAfter(first, [{ interruptId: id, status: "cancelled" }]);
    expect(textOf(cancelled.events)).toBe("No address, no delivery; ask again when you're ready.");
    expect(cancelled.open).toBeUndefined();

    const incomplete = resumeAfter(first, [{ interruptId: id, status: "resolved", payload: { street: "12 Rue de la Paix" } }]);
    expect(textOf(incomplete.events)).toContain("no city, postcode");
  });
});

describe("approvals: two interrupts at once", () => {
  it("finishes with a money confirmation and a one-field input request", () => {
    const plan = ask("approvals");
    const [charge, note] = finished(plan.events).outcome!.interrupts!;
    expect(charge).toMatchObject({ reason: "confirmation", message: "Charge €42.00 to the card ending 4242?", metadata: { categories: ["money"] } });
    expect(note).toMatchObject({ reason: "input_required", message: "Anything to tell the courier?", responseSchema: COURIER_NOTE_SCHEMA });
    expect(Object.keys(COURIER_NOTE_SCHEMA.properties)).toEqual(["note"]);
    expect(charge?.id).not.toBe(note?.id);
    expect(charge?.expiresAt).toBeUndefined();
    expect(plan.open?.interrupts).toHaveLength(2);
  });

  it("answers each interrupt according to its own resume entry, in one text", () => {
    const first = ask("approvals");
    const [charge, note] = first.open!.interrupts.map((i) => i.id) as [string, string];
    const reply = (entries: ResumeEntry[]) => {
      const plan = resumeAfter(first, entries);
      expect(eventsOf(plan.events, EventType.TEXT_MESSAGE_START)).toHaveLength(1);
      expect(plan.open).toBeUndefined();
      return textOf(plan.events);
    };
    expect(
      reply([
        { interruptId: charge, status: "resolved", payload: { approved: true } },
        { interruptId: note, status: "resolved", payload: { note: "Leave it with the concierge" } },
      ]),
    ).toBe("Charged €42.00 to the card ending 4242. I'll tell the courier: “Leave it with the concierge”.");
    expect(
      reply([
        { interruptId: note, status: "cancelled" },
        { interruptId: charge, status: "resolved", payload: { approved: false } },
      ]),
    ).toBe("You declined, so nothing was charged. No note for the courier.");
    expect(
      reply([
        { interruptId: charge, status: "cancelled" },
        { interruptId: note, status: "resolved", payload: { note: "  " } },
      ]),
    ).toBe("No answer on the charge, so nothing was charged. No note for the courier.");
  });
});

describe("delete: a tool call behind a tool_call interrupt", () => {
  it("calls delete_files and finishes with one interrupt for that call", () => {
    const plan = ask("delete");
    const [start] = eventsOf(plan.events, EventType.TOOL_CALL_START);
    expect(start).toMatchObject({ toolCallName: "delete_files" });
    expect(JSON.parse(eventsOf(plan.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join(""))).toEqual({ paths: ["/tmp/cache"] });
    expect(finished(plan.events).outcome).toEqual({
      type: "interrupt",
      interrupts: [
        {
          id: expect.stringMatching(/^r1-/),
          reason: "tool_call",
          toolCallId: start?.toolCallId,
          message: "Approve deleting /tmp/cache?",
          responseSchema: { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } }, required: ["approved"] },
          metadata: { categories: ["destructive"] },
        },
      ],
    });
    expect(TOOL_APPROVAL_SCHEMA.required).toEqual(["approved"]);
    expect(fold(plan.events).toolCalls.get(start?.toolCallId as string)).toMatchObject({ name: "delete_files", status: "waiting" });
  });

  function decide(entry: Omit<ResumeEntry, "interruptId">) {
    const first = ask("delete");
    const callId = first.open!.interrupts[0]!.toolCallId;
    const plan = resumeAfter(first, [{ interruptId: first.open!.interrupts[0]!.id, ...entry }]);
    const results = eventsOf(plan.events, EventType.TOOL_CALL_RESULT);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: callId, role: "tool" });
    expect(eventsOf(plan.events, EventType.TOOL_CALL_START)).toEqual([]); // the call is not made again
    expect(plan.open).toBeUndefined();
    const thread = fold([...first.events, ...plan.events]);
    expect(thread.toolCalls.get(callId!)?.resultMessageId).toBe(results[0]?.messageId);
    return { content: JSON.parse(results[0]?.content as string), text: textOf(plan.events), order: plan.events.map((e) => e.event.type) };
  }

  it("on approval: the call's result, then the text", () => {
    const approved = decide({ status: "resolved", payload: { approved: true } });
    expect(approved.content).toEqual({ deleted: ["/tmp/cache"] });
    expect(approved.text).toBe("Deleted /tmp/cache.");
    expect(approved.order.indexOf(EventType.TOOL_CALL_RESULT)).toBeLessThan(approved.order.indexOf(EventType.TEXT_MESSAGE_START));
  });

  it("on approval with edits: the edited paths replace the arguments", () => {
    const edited = decide({ status: "resolved", payload: { approved: true, editedArgs: { paths: ["/tmp/cache/thumbs"] } } });
    expect(edited.content).toEqual({ deleted: ["/tmp/cache/thumbs"] });
    expect(edited.text).toBe("Deleted /tmp/cache/thumbs.");
    const broken = decide({ status: "resolved", payload: { approved: true, editedArgs: { path: "/" } } });
    expect(broken.content).toMatchObject({ deleted: [] });
    expect(broken.text).toContain("left /tmp/cache alone");
  });

  it("declined or cancelled: an empty result and the cache left alone", () => {
    for (const entry of [{ status: "resolved", payload: { approved: false } }, { status: "cancelled" }] as const) {
      const declined = decide(entry);
      expect(declined.content).toEqual({ deleted: [], declined: true });
      expect(declined.text).toBe("Left /tmp/cache alone.");
    }
  });
});

describe("failure and notify: parley.interaction envelopes", () => {
  it("failure says a text, then sends an error envelope, and finishes normally", () => {
    const plan = ask("failure");
    const order = plan.events.map((e) => e.event.type);
    expect(order.indexOf(EventType.TEXT_MESSAGE_END)).toBeLessThan(order.indexOf(EventType.CUSTOM));
    const [custom] = eventsOf(plan.events, EventType.CUSTOM);
    expect(custom).toEqual({
      type: EventType.CUSTOM,
      name: PARLEY_INTERACTION,
      value: {
        messageId: expect.stringMatching(/^r1-/),
        messageType: "error",
        timestamp: NOW,
        allowInterrupt: true,
        context: { sessionId: "t1", relatedSkill: "export_report" },
        payload: { content: "The export failed: the storage quota is full.", code: "quota-exceeded", actions: ["retry", "undo", "report"] },
      },
    });
    expect(finished(plan.events)).toEqual({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" });
  });

  it.each([
    ["answered", { action: "retry" }, "Retried: the export worked this time."],
    ["answered", { action: "undo" }, "Undone: the draft is back as it was."],
    ["answered", { action: "report" }, "Reported. Reference #PL-1042."],
    ["declined", undefined, "Understood: I left the export as it is; it has not run."],
    ["timed_out", undefined, "No answer came, so I left the export as it is; it has not run."],
  ] as const)("failure continues from forwardedProps.parley.responses: %s %j", (status, response, reply) => {
    const first = ask("failure");
    const envelope = eventsOf(first.events, EventType.CUSTOM)[0]?.value as { messageId: string };
    const messages: Message[] = [...input(trigger("failure")).messages, ...replay(first.events), { id: "u2", role: "user", content: "Retry the export (failure)" }];
    const forwardedProps = {
      parley: { responses: [{ messageId: envelope.messageId, messageType: "error", status, ...(response ? { response } : {}), at: "2026-01-05T09:31:00.000Z", how: "click" }] },
    };
    const plan = planRun(input("", { runId: "r2", messages, forwardedProps }), { now: NOW });
    // Recognised by its input, not by the words (which name the failure scenario again).
    expect(plan).toMatchObject({ kind: "responses", scenario: "failure", open: undefined });
    expect(eventsOf(plan.events, EventType.CUSTOM)).toEqual([]);
    expect(textOf(plan.events)).toBe(reply);
  });

  it("notify sends a success notification, then a short text, and needs no answer", () => {
    const plan = ask("notify");
    const order = plan.events.map((e) => e.event.type);
    expect(order.indexOf(EventType.CUSTOM)).toBeLessThan(order.indexOf(EventType.TEXT_MESSAGE_START));
    expect(eventsOf(plan.events, EventType.CUSTOM)[0]).toMatchObject({
      name: PARLEY_INTERACTION,
      value: { messageType: "notification", timestamp: NOW, allowInterrupt: true, payload: { content: "Your weekly report is ready.", level: "success" } },
    });
    expect(textOf(plan.events).length).toBeGreaterThan(0);
    expect(finished(plan.events).outcome).toBeUndefined();
    expect(plan.open).toBeUndefined();
  });
});

describe("interrupt refusals", () => {
  const lone = (plan: ReturnType<typeof planRun>) => {
    expect(plan.events.map((e) => e.event.type)).toEqual([EventType.RUN_ERROR]);
    for (const { event } of plan.events) expect(EventSchema.safeParse(event).success).toBe(true);
    return plan.events[0]?.event as unknown as { message: string; code: string };
  };

  it("refuses a run that does not resume every open interrupt, and keeps them open", () => {
    const first = ask("approvals");
    const [charge, note] = first.open!.interrupts.map((i) => i.id) as [string, string];
    const none = resumeAfter(first, undefined);
    expect(lone(none)).toMatchObject({ code: "interrupt-not-resumed", message: expect.stringContaining(charge) });
    expect(none.open).toBe(first.open);
    // A new message on the thread is refused too: it is not played as a new scenario.
    const fresh = planRun(input(trigger("markdown"), { runId: "r3" }), { now: NOW, open: first.open });
    expect(fresh).toMatchObject({ kind: "resume", scenario: "approvals" });
    expect(lone(fresh).code).toBe("interrupt-not-resumed");
    const half = resumeAfter(first, [{ interruptId: charge, status: "resolved", payload: { approved: true } }]);
    expect(lone(half)).toMatchObject({ code: "interrupt-not-resumed", message: expect.stringContaining(note) });
    expect(half.open).toBe(first.open);
  });

  it("refuses resume entries for interrupts that are not open, and malformed entries", () => {
    const first = ask("address");
    const id = first.open!.interrupts[0]!.id;
    expect(lone(resumeAfter(first, [{ interruptId: id, status: "cancelled" }, { interruptId: "nope", status: "cancelled" }])).code).toBe("interrupt-unknown");
    const forgotten = planRun(input("", { runId: "r2", resume: [{ interruptId: id, status: "cancelled" }] }), { now: NOW });
    expect(lone(forgotten).code).toBe("interrupt-unknown");
    expect(forgotten.open).toBeUndefined();
    expect(lone(resumeAfter(first, [{ interruptId: id, status: "maybe" } as unknown as ResumeEntry])).code).toBe("resume-invalid");
    expect(lone(resumeAfter(first, [{ interruptId: id, status: "cancelled" }, { interruptId: id, status: "cancelled" }])).code).toBe("resume-invalid");
  });

  it("refuses an expired interrupt answered other than cancelled, and accepts it cancelled", () => {
    const first = ask("address", { forwardedProps: { expiresInMs: 1_000 } });
    const id = first.open!.interrupts[0]!.id;
    const values = { street: "1 Main St", city: "Lyon", postcode: "69001" };
    // Before the deadline: answered.
    expect(textOf(resumeAfter(first, [{ interruptId: id, status: "resolved", payload: values }], NOW + 999).events)).toContain("1 Main St");
    // At or after it: refused, and still open.
    const late = resumeAfter(first, [{ interruptId: id, status: "resolved", payload: values }], NOW + 1_000);
    expect(lone(late)).toMatchObject({ code: "interrupt-expired", message: expect.stringContaining(id) });
    expect(late.open).toBe(first.open);
    const cancelled = resumeAfter(first, [{ interruptId: id, status: "cancelled" }], NOW + 60_000);
    expect(textOf(cancelled.events)).toBe("No address, no delivery; ask again when you're ready.");
    expect(cancelled.open).toBeUndefined();
  });

  it("checks coverage before expiry", () => {
    const first = ask("approvals", { forwardedProps: { expiresInMs: 0 } });
    const [charge] = first.open!.interrupts.map((i) => i.id) as [string];
    expect(lone(resumeAfter(first, [{ interruptId: charge, status: "resolved", payload: { approved: true } }])).code).toBe("interrupt-not-resumed");
  });
});

describe("describeRun", () => {
  it("recognises a continuation by its input: resume, then a trailing tool result, then parley responses", () => {
    const open: OpenInterrupts = { scenario: "delete", runId: "r0", interrupts: [{ id: "i1", reason: "tool_call" }] };
    const tool: Message = { id: "tm", role: "tool", toolCallId: "c1", content: "{}" };
    const responses = { parley: { responses: [{ messageId: "m1", messageType: "error", status: "declined", at: "2026-01-05T09:31:00.000Z", how: "click" }] } };
    const messages = [...input("markdown").messages, tool];
    expect(describeRun(input("markdown", { messages, forwardedProps: responses, resume: [{ interruptId: "i1", status: "cancelled" }] }), open)).toEqual({ kind: "resume", scenario: "delete" });
    expect(describeRun(input("markdown", { resume: [{ interruptId: "i1", status: "cancelled" }] }))).toEqual({ kind: "resume", scenario: "default" });
    expect(describeRun(input("markdown", { messages, forwardedProps: responses }))).toEqual({ kind: "tool-result", scenario: "default" });
    expect(describeRun(input("markdown", { forwardedProps: responses }))).toEqual({ kind: "responses", scenario: "failure" });
    expect(describeRun(input("markdown", { resume: [] }))).toEqual({ kind: "new", scenario: "markdown" });
    expect(describeRun(input("hi", { forwardedProps: { scenario: "delete" } }))).toEqual({ kind: "new", scenario: "delete" });
  });
});

describe("permissions: the weekly report, a typed deletion, a revocation", () => {
  /** The run after `first`, with the kit's answer to its (last) tool call as the tool result. */
  /** The next run after the answer `content`; `grants`: the person's live grants, in the context entry the kit writes. */
  function answered(first: ReturnType<typeof ask>, content: object, runId = "r2", grants: Grant[] = []) {
    const messages = [...input(trigger(first.scenario)).messages, ...replay(first.events)];
    const call = eventsOf(first.events, EventType.TOOL_CALL_START).at(-1)!;
    messages.push({ id: `parley-answer:${String(call.toolCallId)}`, role: "tool", toolCallId: String(call.toolCallId), content: JSON.stringify(content) });
    const context = grants.length ? [grantsContext(grants, { now: NOW })] : [];
    return { plan: planRun(input("", { runId, messages, context }), { now: NOW }), messages };
  }
  const grant = (operation: string, scope: Grant["scope"], extra: Partial<Grant> = {}): Grant => ({ id: `g-${operation}`, operation, scope, grantedBy: "ana", grantedAt: NOW, uses: 1, ...extra });
  const approved = { status: "answered", response: { approved: true } };

  it("report: asks to read customer data (privacy), then to mail the report (irreversible), then sends it", () => {
    const first = ask("report");
    expect(JSON.parse(String(eventsOf(first.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("")))).toMatchObject({ operation: "read_customers", categories: ["privacy"] });
    const { plan: second, messages } = answered(first, approved);
    expect(textOf(second.events)).toContain("Read 412 customers");
    expect(eventsOf(second.events, EventType.TOOL_CALL_START).at(-1)).toMatchObject({ toolCallName: "parley_request_permission" });
    expect(JSON.parse(String(eventsOf(second.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("")))).toMatchObject({ operation: "send_mail", categories: ["irreversible"] });
    const mailCall = String(eventsOf(second.events, EventType.TOOL_CALL_START).at(-1)!.toolCallId);
    const third = planRun(input("", { runId: "r3", messages: [...messages, ...replay(second.events), { id: "a3", role: "tool", toolCallId: mailCall, content: JSON.stringify(approved) }] }), { now: NOW });
    expect(textOf(third.events)).toContain("Sent to 4 regional managers");
    expect(textOf(answered(first, { status: "declined" }).plan.events)).toContain("no report");
  });

  it("purge: a destructive request that must be typed; revoke: the agent's revoke tool", () => {
    const purge = ask("purge");
    expect(JSON.parse(String(eventsOf(purge.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("")))).toMatchObject({ operation: "delete_file", confirmText: "report_2024_final.pdf" });
    expect(textOf(answered(purge, approved).plan.events)).toContain("Deleted report_2024_final.pdf");
    const revoke = ask("revoke");
    expect(eventsOf(revoke.events, EventType.TOOL_CALL_START)[0]).toMatchObject({ toolCallName: "parley_revoke_grant" });
    expect(textOf(answered(revoke, { status: "revoked", grantIds: ["g"] }).plan.events)).toContain("permission is gone");
  });

  it("archive: offers a batch grant for 100 mails", () => {
    const archive = ask("archive");
    expect(JSON.parse(String(eventsOf(archive.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("")))).toMatchObject({ operation: "archive_mail", scopes: ["once", "batch"] });
    // How far the approval reached is not in the answer: the run's context lists the live grant.
    expect(textOf(answered(archive, approved, "r2", [grant("archive_mail", "batch", { limit: 100 })]).plan.events)).toContain("with one approval");
    expect(textOf(answered(archive, approved).plan.events)).toContain("Archived the first newsletter");
  });

  it("testmail: asks to mail the test inbox, and says when test mail was allowed for now", () => {
    const mail = ask("testmail");
    expect(JSON.parse(String(eventsOf(mail.events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("")))).toMatchObject({ operation: "send_mail", details: { to: ["test-inbox@example.com"] } });
    expect(textOf(answered(mail, approved, "r2", [grant("send_mail", "conditional", { condition: { "context.mode": "test" } })]).plan.events)).toContain("Sent to the test inbox. You allowed test mail for now");
    expect(textOf(answered(mail, approved).plan.events)).toContain("Sent to the test inbox.");
    expect(textOf(answered(mail, { status: "declined" }).plan.events)).toContain("Not sent.");
  });
});
