// The Mastra side: one Agent with four server tools, registered on a Mastra
// instance with in-memory storage (suspended runs are kept as workflow
// snapshots there, which resumeStream needs). No Memory: the AG-UI client
// re-sends the whole history each run, so none is needed.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import { createScriptedModel } from "./mock-model.mjs";

/** What the tools really did, in order: the proof that a tool ran or not. */
export const effects = [];

export const modelCalls = [];

const getWeather = createTool({
  id: "get_weather",
  description: "Current weather for a city (server-side tool).",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    effects.push({ tool: "get_weather", args: { city } });
    return { city, tempC: 21, conditions: "sunny" };
  },
});

// (c) Mastra's own approval gate: requireApproval on the tool.
const deleteFile = createTool({
  id: "delete_file",
  description: "Delete a file. Needs the person's approval.",
  inputSchema: z.object({ path: z.string() }),
  requireApproval: true,
  execute: async ({ path }) => {
    effects.push({ tool: "delete_file", args: { path } });
    return { deleted: path };
  },
});

// (d) Approval with editable arguments, built on suspend()/resume: the tool
// pauses with its arguments; the answer may carry editedArgs.
const sendEmail = createTool({
  id: "send_email",
  description: "Send an e-mail. Asks the person first; they may edit it.",
  inputSchema: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
  suspendSchema: z.object({ message: z.string(), args: z.record(z.string(), z.any()) }),
  resumeSchema: z.object({
    approved: z.boolean(),
    editedArgs: z
      .object({ to: z.string().optional(), subject: z.string().optional(), body: z.string().optional() })
      .optional(),
  }),
  execute: async (input, ctx) => {
    const { resumeData, suspend } = ctx?.agent ?? {};
    if (!resumeData) {
      return suspend?.({ message: `Send this e-mail to ${input.to}?`, args: input });
    }
    if (!resumeData.approved) {
      effects.push({ tool: "send_email", skipped: true });
      return { sent: false, reason: "declined by the person" };
    }
    const finalArgs = { ...input, ...(resumeData.editedArgs ?? {}) };
    effects.push({ tool: "send_email", args: finalArgs });
    return { sent: true, ...finalArgs };
  },
});

// (f) A form: suspend() with a resumeSchema the client renders as a form.
const bookTable = createTool({
  id: "book_table",
  description: "Book a table. Asks the person for the booking details.",
  inputSchema: z.object({ restaurant: z.string() }),
  suspendSchema: z.object({ message: z.string() }),
  resumeSchema: z.object({
    name: z.string().min(1),
    partySize: z.number().int().min(1).max(12),
    time: z.string(),
  }),
  execute: async ({ restaurant }, ctx) => {
    const { resumeData, suspend } = ctx?.agent ?? {};
    if (!resumeData) {
      return suspend?.({ message: `Who is the booking at ${restaurant} for?` });
    }
    effects.push({ tool: "book_table", args: { restaurant, ...resumeData } });
    return { booked: true, restaurant, ...resumeData };
  },
});

export function createMastra() {
  const agent = new Agent({
    id: "parley",
    name: "parley",
    instructions: "You are a scripted test agent.",
    model: createScriptedModel({ log: (c) => modelCalls.push(c) }),
    tools: { get_weather: getWeather, delete_file: deleteFile, send_email: sendEmail, book_table: bookTable },
  });
  const mastra = new Mastra({
    agents: { parley: agent },
    storage: new InMemoryStore(),
    logger: false,
  });
  return mastra;
}
