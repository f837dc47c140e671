// A scripted chat model: no LLM, no network. It streams canned text chunks and
// tool_call_chunks, chosen by a `script(messages, ctx)` function that looks at the
// incoming messages, so a multi-turn run is deterministic.
//
// A turn is { text?: string, toolCalls?: [{ name, args, id? }] }.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk } from "@langchain/core/messages";
import { ChatGenerationChunk } from "@langchain/core/outputs";

function splitText(text, parts = 4) {
  const words = text.split(/(?<= )/);
  const size = Math.max(1, Math.ceil(words.length / parts));
  const out = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(""));
  return out;
}

function splitJson(json, parts = 3) {
  const size = Math.max(1, Math.ceil(json.length / parts));
  const out = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out.length ? out : [""];
}

export class ScriptedChatModel extends BaseChatModel {
  static lc_name() {
    return "ScriptedChatModel";
  }

  constructor(fields) {
    super(fields ?? {});
    this.script = fields.script;
    this.modelName = fields.modelName ?? "scripted";
    this.boundTools = fields.boundTools ?? [];
  }

  _llmType() {
    return "scripted";
  }

  // createAgent() and model.bindTools() need this; the script decides which tool
  // to call, so binding only records the names.
  bindTools(tools) {
    return new ScriptedChatModel({
      script: this.script,
      modelName: this.modelName,
      boundTools: tools.map((t) => t?.name ?? t?.function?.name).filter(Boolean),
    });
  }

  turnFor(messages) {
    const turn = this.script(messages, { boundTools: this.boundTools }) ?? { text: "" };
    // Ids are derived from the position in the conversation: unique within a
    // thread (LangGraph's messages reducer replaces by id) and stable across runs.
    const n = messages.length;
    const id = `ai-${this.modelName}-${n}`;
    const toolCalls = (turn.toolCalls ?? []).map((tc, i) => ({
      id: tc.id ?? `call-${tc.name}-${n}${i ? `-${i}` : ""}`,
      name: tc.name,
      args: tc.args ?? {},
    }));
    return { id, text: turn.text ?? "", toolCalls };
  }

  async *_streamResponseChunks(messages, _options, runManager) {
    const { id, text, toolCalls } = this.turnFor(messages);
    const emit = async (chunk) => {
      await runManager?.handleLLMNewToken(chunk.text ?? "", { prompt: 0, completion: 0 }, undefined, undefined, undefined, { chunk });
      return chunk;
    };
    if (text) {
      for (const piece of splitText(text)) {
        yield await emit(
          new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ id, content: piece }) }),
        );
      }
    }
    for (const [index, tc] of toolCalls.entries()) {
      // Like OpenAI/Anthropic streams: a first chunk with the id and name and empty
      // args, then the JSON text of the args in pieces. (@ag-ui/langgraph drops any
      // args carried by the first chunk: it only opens the tool call.)
      const pieces = ["", ...splitJson(JSON.stringify(tc.args))];
      for (const [j, piece] of pieces.entries()) {
        yield await emit(
          new ChatGenerationChunk({
            text: "",
            message: new AIMessageChunk({
              id,
              content: "",
              tool_call_chunks: [
                {
                  type: "tool_call_chunk",
                  index,
                  id: j === 0 ? tc.id : undefined,
                  name: j === 0 ? tc.name : undefined,
                  args: piece,
                },
              ],
            }),
          }),
        );
      }
    }
    // A final empty chunk carrying the finish reason, as provider streams do.
    yield await emit(
      new ChatGenerationChunk({
        text: "",
        message: new AIMessageChunk({
          id,
          content: "",
          response_metadata: { finish_reason: toolCalls.length ? "tool_calls" : "stop", model_name: this.modelName },
        }),
        generationInfo: { finish_reason: toolCalls.length ? "tool_calls" : "stop" },
      }),
    );
  }

  async _generate(messages, options, runManager) {
    let final;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager)) {
      final = final ? final.concat(chunk) : chunk;
    }
    return { generations: [{ text: final.text, message: final.message }] };
  }
}

// Helpers for scripts.
export const lastMessage = (messages) => messages[messages.length - 1];
export const typeOf = (m) => (typeof m?._getType === "function" ? m._getType() : m?.type ?? m?.role);
export const textOf = (m) =>
  typeof m?.content === "string"
    ? m.content
    : Array.isArray(m?.content)
      ? m.content.map((p) => (typeof p === "string" ? p : p?.text ?? "")).join("")
      : "";
