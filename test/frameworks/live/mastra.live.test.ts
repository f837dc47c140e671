import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pending, problems, replies, settled, startMastra, storeFor, type Server } from "./support";

/**
 * Mastra (`@mastra/core`) with a scripted model (the AI SDK's MockLanguageModelV3), served through
 * `@ag-ui/mastra` (test/frameworks/mastra). Its tools record what they really did (`/effects`):
 * the proof that the framework did what the person chose.
 */

let server: Server;
beforeAll(async () => {
  server = await startMastra();
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  await fetch(`${server.url}/reset`, { method: "POST" });
});

type Effect = { tool: string; args?: Record<string, unknown>; skipped?: boolean };
const effects = async (): Promise<Effect[]> => ((await (await fetch(`${server.url}/effects`)).json()) as { effects: Effect[] }).effects;

async function asked(text: string) {
  const store = storeFor(`${server.url}/agent`);
  store.getState().sendMessage(text);
  await settled(store);
  expect(problems(store).join("\n")).toBe("");
  const cards = pending(store);
  // Mastra announces a suspended tool twice (CUSTOM on_interrupt and the RUN_FINISHED interrupt): one card.
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

describe("Mastra through @ag-ui/mastra", () => {
  it("streams a reply", async () => {
    const store = storeFor(`${server.url}/agent`);
    store.getState().sendMessage("Hi there");
    expect(await finished(store)).toBe('Hello from the scripted Mastra agent. You said: "hi there".');
  });

  it("runs a server-side tool, then answers", async () => {
    const store = storeFor(`${server.url}/agent`);
    store.getState().sendMessage("What is the weather?");
    expect(await finished(store)).toMatch(/^Tool results: get_weather -> /);
    expect(await effects()).toEqual([{ tool: "get_weather", args: { city: "Paris" } }]);
  });

  it("a tool that asks first (suspend with a resume schema): a permission card with its arguments; approve runs it", async () => {
    const { store, card } = await asked("Send an email to Bob");
    expect(card.envelope).toMatchObject({
      messageType: "permission_request",
      payload: { operation: "send_email", summary: "Send this e-mail to bob@example.com?", args: { to: "bob@example.com", subject: "Hi", body: "Hello Bob" }, editable: true },
    });
    store.getState().answer(card.id, { approved: true });
    await finished(store);
    expect(await effects()).toEqual([{ tool: "send_email", args: { to: "bob@example.com", subject: "Hi", body: "Hello Bob" } }]);
  });

  it("… approve with edited arguments sends them", async () => {
    const { store, card } = await asked("Send an email to Bob");
    store.getState().answer(card.id, { approved: true, editedArgs: { to: "carol@example.com", subject: "Hi", body: "Hello Carol" } });
    await finished(store);
    expect(await effects()).toEqual([{ tool: "send_email", args: { to: "carol@example.com", subject: "Hi", body: "Hello Carol" } }]);
  });

  it("… decline: the tool is told no, and sends nothing", async () => {
    const { store, card } = await asked("Send an email to Bob");
    store.getState().decline(card.id);
    expect(await finished(store)).toContain('"sent":false');
    expect(await effects()).toEqual([{ tool: "send_email", skipped: true }]);
  });

  it("a form (suspend for values): the values are what the tool validates", async () => {
    const { store, card } = await asked("Please book a table");
    expect(card.messageType).toBe("input_request");
    store.getState().answer(card.id, { values: { name: "Ana", partySize: 2, time: "19:30" } });
    await finished(store);
    expect(await effects()).toEqual([{ tool: "book_table", args: { restaurant: "Chez Parley", name: "Ana", partySize: 2, time: "19:30" } }]);
  });

  it("a front-end tool: the app's handler answers, Mastra reads the result", async () => {
    const store = storeFor(`${server.url}/agent`);
    const handler = vi.fn(({ background }: { background: string }) => ({ painted: background }));
    store.getState().registerTool({ name: "change_background", parameters: { type: "object", properties: { background: { type: "string" } } }, handler });
    store.getState().sendMessage("Change the background");
    expect(await finished(store)).toBe('Tool results: change_background -> {"type":"text","value":"{\\"painted\\":\\"linear-gradient(#00f, #0ff)\\"}"}. Done.');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("Parley's own advise tool: the person's choice is the tool's result", async () => {
    const { store, card } = await asked("Please advise a departure");
    expect(card.messageType).toBe("advice");
    store.getState().reply(String(card.numbers[1]));
    expect(await finished(store)).toContain("dep-1840");
  });
});
