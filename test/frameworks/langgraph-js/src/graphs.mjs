// LangGraph JS graphs for the conformance scenarios. Loaded by the LangGraph API
// server (langgraph.json-style graph specs "./src/graphs.mjs:<export>").
//
//   chat          a. streamed text reply
//   tools         b. server-side tool (ToolNode) then a final reply
//   confirm       c. interrupt({reason:"confirmation", ...}) before running delete_file
//   tool_call     d. interrupt({reason:"tool_call", toolCallId, ...}) before delete_file, editedArgs supported
//   form          e. interrupt({reason:"input_required", responseSchema}) for values (zod-validated resume)
//   middleware       LangChain createAgent + humanInTheLoopMiddleware (actionRequests / decisions)
//   plain            interrupt("Delete /tmp/x?") — a bare string value
//   parallel         two parallel nodes interrupting in the same step (two open interrupts)
//   frontend_tool    the model calls a tool declared by the client in RunAgentInput.tools
import { z } from "zod";
import { StateGraph, StateSchema, MessagesValue, ReducedValue, START, END, interrupt, Command } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { tool } from "@langchain/core/tools";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { ScriptedChatModel, lastMessage, typeOf, textOf } from "./scripted-model.mjs";

// ---------------------------------------------------------------- tools
const getWeather = tool(async ({ city }) => `Sunny, 21°C in ${city}.`, {
  name: "get_weather",
  description: "Current weather for a city",
  schema: z.object({ city: z.string() }),
});

const deleteFile = tool(async ({ path }) => `Deleted ${path}.`, {
  name: "delete_file",
  description: "Delete a file (scripted: touches nothing)",
  schema: z.object({ path: z.string() }),
});

const bookTable = tool(
  async ({ name, partySize, time }) => `Booked a table for ${partySize} at ${time} under ${name}.`,
  {
    name: "book_table",
    description: "Book a restaurant table",
    schema: z.object({ name: z.string(), partySize: z.number(), time: z.string() }),
  },
);

// ---------------------------------------------------------------- state
// StateSchema (not Annotation) so the API server derives the graph schemas at
// runtime instead of type-checking this file in a worker with TypeScript.
const State = new StateSchema({
  messages: MessagesValue,
  tools: z.array(z.any()).optional(), // the client's tools (RunAgentInput.tools), filled in by @ag-ui/langgraph
  received: z.array(z.any()).optional(), // every resume value the graph read, in order (for the transcripts)
  decision: z.string().optional(), // approved | declined | cancelled | unrecognised | values
});

const isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const lastAI = (messages) => [...messages].reverse().find((m) => typeOf(m) === "ai");

// ---------------------------------------------------------------- scripts
// Each graph gets its own scripted model. After a tool result, reply in text.
function finalReplyAfterTool(messages) {
  const last = lastMessage(messages);
  if (typeOf(last) !== "tool") return null;
  const content = textOf(last);
  if (last.name === "get_weather") return { text: `Here is the weather: ${content}` };
  if (last.name === "book_table") return { text: content.startsWith("Booked") ? `Done. ${content}` : `OK, no booking made.` };
  if (content.startsWith("Deleted")) return { text: `Done: ${content}` };
  return { text: `OK, I did not delete anything. (${content})` };
}

const chatModel = new ScriptedChatModel({
  modelName: "chat",
  script: (messages) => ({
    text: `Hello! You said: "${textOf(lastMessage(messages))}". This reply is streamed in chunks.`,
  }),
});

const toolsModel = new ScriptedChatModel({
  modelName: "tools",
  script: (messages) => finalReplyAfterTool(messages) ?? { toolCalls: [{ name: "get_weather", args: { city: "Paris" } }] },
});

// preamble: stream some text before the tool call in the same AI message (as models
// often do). @ag-ui/langgraph then does not stream that tool call (see notes).
const deleteModel = (modelName, { preamble = false } = {}) =>
  new ScriptedChatModel({
    modelName,
    script: (messages) =>
      finalReplyAfterTool(messages) ?? {
        ...(preamble ? { text: "I will delete that file." } : {}),
        toolCalls: [{ name: "delete_file", args: { path: "/tmp/x" } }],
      },
  });

const bookingModel = new ScriptedChatModel({
  modelName: "form",
  script: (messages) =>
    finalReplyAfterTool(messages) ?? { toolCalls: [{ name: "book_table", args: {} }] },
});

// ---------------------------------------------------------------- a. chat
export const chat = new StateGraph(State)
  .addNode("agent", async (state) => ({ messages: [await chatModel.invoke(state.messages)] }))
  .addEdge(START, "agent")
  .addEdge("agent", END)
  .compile();

// ---------------------------------------------------------------- b. tools
const routeTools = (state) => (lastAI(state.messages)?.tool_calls?.length && typeOf(lastMessage(state.messages)) === "ai" ? "run_tool" : END);

export const tools = new StateGraph(State)
  .addNode("agent", async (state) => ({ messages: [await toolsModel.invoke(state.messages)] }))
  .addNode("run_tool", new ToolNode([getWeather]))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", routeTools, ["run_tool", END])
  .addEdge("run_tool", "agent")
  .compile();

// ---------------------------------------------------------------- c/d. approval before a tool
// What the graph reads back (the resume value, i.e. what interrupt() returns):
//   {approved: true, editedArgs?: {...}}  -> run the tool (editedArgs replaces the args, if allowed)
//   {approved: false}                      -> skip the tool, tell the model "declined"
//   {"__agui_cancelled__": true, ...}      -> @ag-ui/langgraph's sentinel for a resume[] entry with
//                                             status "cancelled": skip, "cancelled"
//   anything else                          -> not understood: ask again (a new interrupt)
export function readApproval(value) {
  if (isObj(value) && value.__agui_cancelled__ === true) return { kind: "cancelled" };
  if (isObj(value) && typeof value.approved === "boolean") {
    return { kind: value.approved ? "approved" : "declined", editedArgs: isObj(value.editedArgs) ? value.editedArgs : undefined };
  }
  return { kind: "unrecognised" };
}

function approvalGraph({ reason, modelName, preamble }) {
  const model = deleteModel(modelName, { preamble });
  const approval = async (state) => {
    const ai = lastAI(state.messages);
    const tc = ai.tool_calls[0];
    const reasks = (state.received ?? []).length;
    const again = state.decision === "unrecognised";
    const value =
      reason === "tool_call"
        ? {
            reason: "tool_call",
            toolCallId: tc.id,
            message: again ? `I could not read that answer. Approve deleting ${tc.args.path}?` : `Approve deleting ${tc.args.path}?`,
            responseSchema: {
              type: "object",
              properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } },
              required: ["approved"],
            },
            metadata: { categories: ["destructive"], confirmText: tc.args.path, toolName: tc.name, args: tc.args },
          }
        : {
            reason: "confirmation",
            message: again ? `I could not read that answer. Delete ${tc.args.path}?` : `Delete ${tc.args.path}?`,
            responseSchema: { type: "object", properties: { approved: { type: "boolean" } }, required: ["approved"] },
            metadata: { categories: ["destructive"], details: `delete_file ${JSON.stringify(tc.args)}` },
          };
    const answer = interrupt(value);
    const read = readApproval(answer);
    const received = [...(state.received ?? []), answer === undefined ? "<undefined>" : answer];
    if (read.kind === "unrecognised") {
      // Ask again, as a new task (new interrupt id). Bounded so a client stuck
      // sending the wrong shape cannot loop forever.
      if (reasks >= 3) {
        return new Command({
          goto: "agent",
          update: {
            received,
            decision: "unrecognised",
            messages: [new ToolMessage({ tool_call_id: tc.id, name: tc.name, content: "No usable answer after 3 tries: not run." })],
          },
        });
      }
      return new Command({ goto: "approval", update: { received, decision: "unrecognised" } });
    }
    if (read.kind === "approved") {
      const update = { received, decision: "approved" };
      if (read.editedArgs && reason === "tool_call") {
        // Approve-with-edits: editedArgs replaces the arguments (same message id -> replaced in state).
        update.messages = [
          new AIMessage({
            id: ai.id,
            content: ai.content,
            tool_calls: [{ ...tc, args: read.editedArgs }],
          }),
        ];
        update.decision = "approved_with_edits";
      }
      return new Command({ goto: "run_tool", update });
    }
    return new Command({
      goto: "agent",
      update: {
        received,
        decision: read.kind,
        messages: [
          new ToolMessage({
            tool_call_id: tc.id,
            name: tc.name,
            content: read.kind === "cancelled" ? "Cancelled by the user: not run." : "Declined by the user: not run.",
          }),
        ],
      },
    });
  };

  return new StateGraph(State)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("approval", approval, { ends: ["run_tool", "agent", "approval"] })
    .addNode("run_tool", new ToolNode([deleteFile]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", (s) => (routeTools(s) === "run_tool" ? "approval" : END), ["approval", END])
    .addEdge("run_tool", "agent")
    .compile();
}

export const confirm = approvalGraph({ reason: "confirmation", modelName: "confirm", preamble: true });
export const tool_call = approvalGraph({ reason: "tool_call", modelName: "tool_call", preamble: false });

// ---------------------------------------------------------------- e. form (values)
const BookingValues = z.object({
  name: z.string().min(1),
  partySize: z.number().int().min(1).max(12),
  time: z.string().regex(/^\d\d:\d\d$/),
});
const bookingJsonSchema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    partySize: { type: "integer", minimum: 1, maximum: 12, title: "Party size" },
    time: { type: "string", pattern: "^\\d\\d:\\d\\d$", title: "Time (HH:MM)" },
  },
  required: ["name", "partySize", "time"],
};

export const form = new StateGraph(State)
  .addNode("agent", async (state) => ({ messages: [await bookingModel.invoke(state.messages)] }))
  .addNode(
    "details",
    async (state) => {
      const ai = lastAI(state.messages);
      const tc = ai.tool_calls[0];
      // The AG-UI integration reads reason/message/toolCallId/responseSchema from the
      // interrupt *value*; LangGraph's own `responseSchema` option validates the
      // resume (a mismatch fails the run and leaves the interrupt open).
      const answer = interrupt(
        {
          reason: "input_required",
          message: "Who is the booking for, how many people, and when?",
          toolCallId: tc.id,
          responseSchema: bookingJsonSchema,
        },
        {
          responseSchema: z.union([
            BookingValues,
            z.object({ __agui_cancelled__: z.literal(true), interrupt_id: z.string().optional() }),
          ]),
        },
      );
      const received = [...(state.received ?? []), answer];
      if (answer.__agui_cancelled__) {
        return new Command({
          goto: "agent",
          update: {
            received,
            decision: "cancelled",
            messages: [new ToolMessage({ tool_call_id: tc.id, name: tc.name, content: "Cancelled by the user: no booking." })],
          },
        });
      }
      return new Command({
        goto: "run_tool",
        update: {
          received,
          decision: "values",
          messages: [new AIMessage({ id: ai.id, content: ai.content, tool_calls: [{ ...tc, args: answer }] })],
        },
      });
    },
    { ends: ["run_tool", "agent"] },
  )
  .addNode("run_tool", new ToolNode([bookTable]))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", (s) => (routeTools(s) === "run_tool" ? "details" : END), ["details", END])
  .addEdge("run_tool", "agent")
  .compile();

// ---------------------------------------------------------------- LangChain HITL middleware
// The pattern LangChain 1.x documents for approve/edit/reject before a tool.
// Interrupt value: {actionRequests:[{name,args,description}], reviewConfigs:[{actionName, allowedDecisions}]}
// Resume value:    {decisions:[{type:"approve"} | {type:"edit", editedAction:{name,args}} | {type:"reject", message?}]}
export const middleware = createAgent({
  model: deleteModel("middleware"),
  tools: [deleteFile],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { delete_file: true } })],
});

// ---------------------------------------------------------------- bare string interrupt
export const plain = new StateGraph(State)
  .addNode("ask", async (state) => {
    const answer = interrupt("Delete /tmp/x?");
    const ok = answer === true || answer === "yes" || (isObj(answer) && answer.approved === true);
    return {
      received: [...(state.received ?? []), answer],
      decision: ok ? "approved" : "declined",
      messages: [new AIMessage({ id: `ai-plain-${state.messages.length}`, content: ok ? "Deleted /tmp/x." : "Left /tmp/x alone." })],
    };
  })
  .addEdge(START, "ask")
  .addEdge("ask", END)
  .compile();

// ---------------------------------------------------------------- two interrupts at once
const askNode = (key, path) => async (_state) => {
  const answer = interrupt({ reason: "confirmation", message: `Delete ${path}?`, metadata: { key } });
  const read = readApproval(answer);
  return { received: [{ [key]: answer }], decision: `${key}:${read.kind}` };
};
export const parallel = new StateGraph(
  new StateSchema({
    messages: MessagesValue,
    tools: z.array(z.any()).optional(),
    // both branches write in the same step, so these need reducers
    received: new ReducedValue(z.array(z.any()).default(() => []), {
      reducer: (a, b) => [...(a ?? []), ...(b ?? [])],
    }),
    decision: new ReducedValue(z.array(z.string()).default(() => []), {
      inputSchema: z.string(),
      reducer: (a, b) => [...(a ?? []), b],
    }),
  }),
)
  .addNode("ask_a", askNode("a", "/tmp/a"))
  .addNode("ask_b", askNode("b", "/tmp/b"))
  .addNode("report", async (state) => ({
    messages: [new AIMessage({ id: `ai-parallel-${state.messages.length}`, content: `Decisions: ${(state.decision ?? []).join(", ")}` })],
  }))
  .addEdge(START, "ask_a")
  .addEdge(START, "ask_b")
  .addEdge(["ask_a", "ask_b"], "report")
  .addEdge("report", END)
  .compile();

// ---------------------------------------------------------------- client-declared (frontend) tool
// If the client declared parley_request_permission in RunAgentInput.tools, the model
// calls it and the run ends with the call unanswered; the answer comes back as a
// `tool` message in the next run.
const frontendModel = new ScriptedChatModel({
  modelName: "frontend",
  script: (messages, { boundTools }) => {
    const last = lastMessage(messages);
    if (typeOf(last) === "tool") return { text: `Got your answer: ${textOf(last)}` };
    if (boundTools.includes("parley_request_permission")) {
      return {
        toolCalls: [
          {
            name: "parley_request_permission",
            args: { operation: "delete_file", summary: "Delete /tmp/x", categories: ["destructive"], args: { path: "/tmp/x" } },
          },
        ],
      };
    }
    return { text: "No client tool was declared, so I cannot ask." };
  },
});

export const frontend_tool = new StateGraph(State)
  .addNode("agent", async (state) => {
    const clientTools = (state.tools ?? []).map((t) => ({
      type: "function",
      function: { name: t.function?.name ?? t.name, description: t.function?.description ?? t.description ?? "", parameters: t.function?.parameters ?? t.parameters ?? {} },
    }));
    const model = frontendModel.bindTools(clientTools);
    return { messages: [await model.invoke(state.messages)] };
  })
  .addEdge(START, "agent")
  .addEdge("agent", END)
  .compile();
