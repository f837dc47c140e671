import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pending, problems, replies, settled, startLangGraph, storeFor, type Server } from "./support";

/**
 * LangGraph JS, served as LangGraph deployments are: the LangGraph API server (in memory, as
 * `langgraph dev` runs it) with `@ag-ui/langgraph`'s agent on an AG-UI route, and scripted chat
 * models (test/frameworks/langgraph-js). Every interrupt mode of the integration: `legacy` (its
 * default: `CUSTOM on_interrupt` only), `both` (the event and the `RUN_FINISHED` outcome), `outcome`
 * (the outcome only) and `forced` (both off: the integration forces the outcome on). The person
 * answers through the store; the graph must do what they chose.
 */

let server: Server;
beforeAll(async () => {
  server = await startLangGraph();
});
afterAll(async () => {
  await server?.stop();
});

const MODES = ["legacy", "both", "outcome", "forced"] as const;
const at = (mode: string, graph: string) => `${server.url}/agui/${mode}/${graph}`;

/** Sends `text`, waits for the graph to stop, and expects exactly one card waiting for the person. */
async function asked(mode: string, graph: string, text: string) {
  const store = storeFor(at(mode, graph));
  store.getState().sendMessage(text);
  await settled(store);
  expect(problems(store)).toEqual([]);
  const cards = pending(store);
  expect(cards, "one card per question").toHaveLength(1);
  return { store, card: cards[0]! };
}

async function finished(store: ReturnType<typeof storeFor>) {
  await settled(store);
  expect(problems(store).join("\n")).toBe("");
  expect(pending(store)).toEqual([]);
  expect(store.getState().thread.runs.at(-1)?.status).toBe("finished");
  return replies(store).at(-1);
}

describe("LangGraph JS: replies and server tools", () => {
  it("streams a reply", async () => {
    const store = storeFor(at("legacy", "chat"));
    store.getState().sendMessage("Hi there");
    expect(await finished(store)).toBe('Hello! You said: "Hi there". This reply is streamed in chunks.');
  });

  it("runs a server-side tool, then answers", async () => {
    const store = storeFor(at("legacy", "tools"));
    store.getState().sendMessage("Weather in Paris?");
    expect(await finished(store)).toBe("Here is the weather: Sunny, 21°C in Paris.");
  });
});

describe.each(MODES)("LangGraph JS, %s mode", (mode) => {
  it("interrupt() before a tool (reason tool_call): approve runs it, with the typed confirmation", async () => {
    const { store, card } = await asked(mode, "tool_call", "Delete /tmp/x");
    expect(card.messageType).toBe("permission_request");
    expect(card.envelope).toMatchObject({ payload: { operation: "delete_file", args: { path: "/tmp/x" }, categories: ["destructive"], confirmText: "/tmp/x", editable: true } });
    expect(store.getState().answer(card.id, { approved: true, typedConfirmation: "/tmp/x" })).toEqual({ ok: true });
    expect(await finished(store)).toBe("Done: Deleted /tmp/x.");
  });

  it("… decline skips it", async () => {
    const { store, card } = await asked(mode, "tool_call", "Delete /tmp/x");
    store.getState().decline(card.id);
    expect(await finished(store)).toBe("OK, I did not delete anything. (Declined by the user: not run.)");
  });

  it("… approve with edited arguments runs it on them", async () => {
    const { store, card } = await asked(mode, "tool_call", "Delete /tmp/x");
    store.getState().answer(card.id, { approved: true, typedConfirmation: "/tmp/x", editedArgs: { path: "/tmp/y" } });
    expect(await finished(store)).toBe("Done: Deleted /tmp/y.");
  });

  it("a confirmation: approve and decline", async () => {
    const approved = await asked(mode, "confirm", "Delete /tmp/x");
    expect(approved.card.messageType).toBe("permission_request");
    approved.store.getState().answer(approved.card.id, { approved: true });
    expect(await finished(approved.store)).toBe("Done: Deleted /tmp/x.");
    const declined = await asked(mode, "confirm", "Delete /tmp/x");
    declined.store.getState().decline(declined.card.id);
    expect(await finished(declined.store)).toBe("OK, I did not delete anything. (Declined by the user: not run.)");
  });

  it("a form: the values are what the graph validates; a decline cancels", async () => {
    const filled = await asked(mode, "form", "Book a table");
    expect(filled.card.messageType).toBe("input_request");
    filled.store.getState().answer(filled.card.id, { values: { name: "Ana", partySize: 2, time: "19:30" } });
    expect(await finished(filled.store)).toBe("Done. Booked a table for 2 at 19:30 under Ana.");
    const declined = await asked(mode, "form", "Book a table");
    declined.store.getState().decline(declined.card.id);
    expect(await finished(declined.store)).toBe("OK, no booking made.");
  });

  it("LangChain's human-in-the-loop middleware: approve, edit and reject", async () => {
    const approved = await asked(mode, "middleware", "Delete /tmp/x");
    expect(approved.card.envelope).toMatchObject({ messageType: "permission_request", payload: { operation: "delete_file", args: { path: "/tmp/x" }, editable: true } });
    approved.store.getState().answer(approved.card.id, { approved: true });
    expect(await finished(approved.store)).toBe("Done: Deleted /tmp/x.");
    const edited = await asked(mode, "middleware", "Delete /tmp/x");
    edited.store.getState().answer(edited.card.id, { approved: true, editedArgs: { path: "/tmp/y" } });
    expect(await finished(edited.store)).toMatch(/Deleted \/tmp\/y\./);
    const rejected = await asked(mode, "middleware", "Delete /tmp/x");
    rejected.store.getState().decline(rejected.card.id);
    expect(await finished(rejected.store)).toMatch(/^OK, I did not delete anything/);
  });

  it("a bare interrupt('Delete /tmp/x?'): the words are the answer; a decline is no yes", async () => {
    const yes = await asked(mode, "plain", "Clean up");
    expect(yes.card.envelope).toMatchObject({ messageType: "input_request", payload: { content: "Delete /tmp/x?" } });
    yes.store.getState().answer(yes.card.id, { values: { answer: "yes" } });
    expect(await finished(yes.store)).toBe("Deleted /tmp/x.");
    const no = await asked(mode, "plain", "Clean up");
    no.store.getState().decline(no.card.id);
    expect(await finished(no.store)).toBe("Left /tmp/x alone.");
  });
});

describe("LangGraph JS: a front-end tool the client declares", () => {
  it("Parley's own permission tool, called by the graph's model, is answered by the person's approval", async () => {
    const { store, card } = await asked("legacy", "frontend_tool", "Clean up");
    expect(card.origin.kind).toBe("tool");
    store.getState().answer(card.id, { approved: true });
    expect(await finished(store)).toBe('Got your answer: {"status":"answered","response":{"approved":true}}');
  });
});
