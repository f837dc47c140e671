// A scripted AI SDK v6 (LanguageModelV3) model: no LLM, no network.
// Each call looks at the prompt Mastra built (system + messages) and decides,
// deterministically, what to stream back: text, or one/two tool calls.
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** Text of a prompt message's content (string or parts). */
function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((p) => p && p.type === "text")
    .map((p) => p.text)
    .join(" ");
}

/** Split a string into a few chunks so text really streams. */
function pieces(s, n = 3) {
  const size = Math.max(1, Math.ceil(s.length / n));
  const out = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

function textParts(text) {
  return [
    { type: "text-start", id: "txt" },
    ...pieces(text).map((delta) => ({ type: "text-delta", id: "txt", delta })),
    { type: "text-end", id: "txt" },
  ];
}

function toolParts(toolCallId, toolName, args) {
  const json = JSON.stringify(args);
  return [
    { type: "tool-input-start", id: toolCallId, toolName },
    ...pieces(json, 2).map((delta) => ({ type: "tool-input-delta", id: toolCallId, delta })),
    { type: "tool-input-end", id: toolCallId },
    { type: "tool-call", toolCallId, toolName, input: json },
  ];
}

/**
 * The script. `prompt` is the LanguageModelV3Prompt; `tools` the tools Mastra
 * offered (server tools + the client tools from RunAgentInput.tools).
 * Returns { parts, finishReason }.
 */
export function decide(prompt, tools = []) {
  const msgs = prompt.filter((m) => m.role !== "system");
  const last = msgs[msgs.length - 1];
  const turn = msgs.filter((m) => m.role === "assistant").length + 1; // unique ids across turns
  const offered = new Set(tools.map((t) => t.name));

  // After tool results: summarise them (the output object shows exactly what
  // Mastra handed the model: a result, an error, or a denial).
  if (last && last.role === "tool") {
    const results = last.content.filter((p) => p.type === "tool-result");
    const summary = results
      .map((r) => `${r.toolName} -> ${JSON.stringify(r.output)}`)
      .join("; ");
    return { parts: textParts(`Tool results: ${summary}. Done.`), finishReason: "stop" };
  }

  const userText = textOf(last?.content ?? "").toLowerCase();
  const call = (name, args, n = 1) => ({ id: `call_${name}_${turn}_${n}`, name, args });
  let calls = [];
  if (userText.includes("weather")) calls = [call("get_weather", { city: "Paris" })];
  else if (userText.includes("two approvals"))
    calls = [
      call("delete_file", { path: "/tmp/a.txt" }, 1),
      call("delete_file", { path: "/tmp/b.txt" }, 2),
    ];
  else if (userText.includes("two emails"))
    calls = [
      call("send_email", { to: "bob@example.com", subject: "One", body: "First" }, 1),
      call("send_email", { to: "carol@example.com", subject: "Two", body: "Second" }, 2),
    ];
  else if (userText.includes("delete")) calls = [call("delete_file", { path: "/tmp/cache" })];
  else if (userText.includes("email"))
    calls = [call("send_email", { to: "bob@example.com", subject: "Hi", body: "Hello Bob" })];
  else if (userText.includes("book")) calls = [call("book_table", { restaurant: "Chez Parley" })];
  else if (userText.includes("background") && offered.has("change_background"))
    calls = [call("change_background", { background: "linear-gradient(#00f, #0ff)" })];
  else if (userText.includes("advise") && offered.has("parley_advise"))
    calls = [
      call("parley_advise", {
        content: "Which departure?",
        options: [
          { id: "dep-0805", label: "08:05" },
          { id: "dep-1840", label: "18:40" },
        ],
      }),
    ];

  if (calls.length === 0) {
    const hint = userText ? `You said: "${userText}".` : "Nothing to answer.";
    return { parts: textParts(`Hello from the scripted Mastra agent. ${hint}`), finishReason: "stop" };
  }
  return {
    parts: calls.flatMap((c) => toolParts(c.id, c.name, c.args)),
    finishReason: "tool-calls",
  };
}

export function createScriptedModel({ log } = {}) {
  return new MockLanguageModelV3({
    provider: "parley-mock",
    modelId: "scripted-v1",
    doStream: async (options) => {
      const { parts, finishReason } = decide(options.prompt, options.tools ?? []);
      log?.({ prompt: options.prompt, tools: (options.tools ?? []).map((t) => t.name), parts });
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: "stream-start", warnings: [] },
            { type: "response-metadata", id: "resp-1", modelId: "scripted-v1", timestamp: new Date(0) },
            ...parts,
            { type: "finish", finishReason: { unified: finishReason, raw: finishReason }, usage: USAGE },
          ],
        }),
      };
    },
  });
}
