"""Microsoft Agent Framework agents served over AG-UI by agent_framework_ag_ui, with a scripted chat client.

No LLM: ``ScriptedChatClient`` (FunctionInvocationLayer + ChatMiddlewareLayer + ChatTelemetryLayer +
BaseChatClient, the same layer stack as the framework's own clients) picks canned text or canned function
calls by inspecting the incoming messages. Tool execution, approvals and client-tool pauses are done by
the framework's own function-invocation layer and the AG-UI package.

Endpoints (POST):
  /maf/chat                      streamed text
  /maf/server-tool               get_weather executed by the framework, then a reply
  /maf/approval                  delete_file(approval_mode="always_require"), require_confirmation=True (default)
  /maf/approval-no-confirm       same, AgentFrameworkAgent(require_confirmation=False)
  /maf/state-update              a tool returning agent_framework_ag_ui.state_update(...)
  /maf/predictive                predict_state_config on write_document (require_confirmation=True default)
  /maf/client-tool               tools declared in RunAgentInput.tools are called by the model
  /maf/predictive-confirm        predict_state_config on a client-declared write_document -> confirm_changes
  /maf/slow                      slow stream, keepalive_seconds=0.5 (SSE framing probe)
  GET /debug/model-inputs?agent= what the scripted model saw on each call (cleared on read)
Run:  python -m uvicorn servers.maf_server:app --host 127.0.0.1 --port 8702
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterable, Awaitable, Mapping, Sequence
from typing import Any

from agent_framework import (
    Agent,
    BaseChatClient,
    ChatResponse,
    ChatResponseUpdate,
    Content,
    Message,
    tool,
)
from agent_framework._middleware import ChatMiddlewareLayer
from agent_framework._tools import FunctionInvocationLayer
from agent_framework._types import ResponseStream
from agent_framework.observability import ChatTelemetryLayer
from fastapi import FastAPI

from agent_framework_ag_ui import AgentFrameworkAgent, add_agent_framework_fastapi_endpoint, state_update

# --------------------------------------------------------------------------------------
# Script
# --------------------------------------------------------------------------------------


def _role(m: Message) -> str:
    r = m.role
    return r.value if hasattr(r, "value") else str(r)


def _last_user_text(messages: Sequence[Message]) -> str:
    for m in reversed(messages):
        if _role(m) == "user":
            t = " ".join(c.text for c in m.contents if getattr(c, "type", None) == "text" and c.text)
            if t:
                return t.lower()
    return ""


def decide(messages: Sequence[Message], tool_names: set[str]) -> dict:
    """{"text": ...} or {"call": {name, call_id, arguments}} from the conversation so far."""
    last = messages[-1] if messages else None
    if last is not None:
        results = [c for c in last.contents if getattr(c, "type", None) == "function_result"]
        if results:
            r = results[-1]
            return {"text": f"The tool answered: {r.result if r.result is not None else r.exception}"}
    said = _last_user_text(messages)
    if "weather" in said:
        return {"call": {"name": "get_weather", "call_id": "call_weather_1", "arguments": {"city": "Lisbon"}}}
    if "delete" in said:
        return {"call": {"name": "delete_file", "call_id": "call_delete_1",
                         "arguments": {"path": "/tmp/cache", "recursive": True}}}
    if "recipe" in said:
        return {"call": {"name": "set_recipe", "call_id": "call_recipe_1",
                         "arguments": {"title": "Pancakes", "servings": 4}}}
    if "document" in said:
        return {"call": {"name": "write_document", "call_id": "call_doc_1",
                         "arguments": {"document": "Dear team, the launch moves to Friday."}}}
    if "departure" in said and "parley_advise" in tool_names:
        return {"call": {"name": "parley_advise", "call_id": "call_advise_1",
                         "arguments": {"content": "Which departure?",
                                       "options": [{"id": "dep-0805", "label": "08:05"},
                                                   {"id": "dep-1240", "label": "12:40"},
                                                   {"id": "dep-1840", "label": "18:40"}]}}}
    return {"text": "Hello! I am a scripted Agent Framework agent streaming this reply word by word."}


MODEL_INPUTS: dict[str, list] = {}  # agent name -> what the scripted model saw on each call (GET /debug/model-inputs)


def _content_view(c: Content) -> dict:
    t = getattr(c, "type", None)
    if t == "text":
        return {"type": t, "text": c.text}
    if t == "function_call":
        return {"type": t, "call_id": c.call_id, "name": c.name, "arguments": c.arguments}
    if t == "function_result":
        return {"type": t, "call_id": c.call_id, "result": c.result if c.result is not None else None,
                "exception": str(c.exception) if getattr(c, "exception", None) else None}
    return {"type": t}


class ScriptedChatClient(FunctionInvocationLayer[Any], ChatMiddlewareLayer[Any], ChatTelemetryLayer[Any],
                         BaseChatClient[Any]):
    OTEL_PROVIDER_NAME = "scripted"

    def __init__(self, name: str = "agent", delay: float = 0.0) -> None:
        super().__init__(middleware=[])
        self.name = name
        self.delay = delay

    def _inner_get_response(self, *, messages: Sequence[Message], stream: bool, options: Mapping[str, Any],
                            **kwargs: Any) -> Awaitable[ChatResponse] | ResponseStream[ChatResponseUpdate, ChatResponse]:
        tool_names = {getattr(t, "name", None) for t in (options.get("tools") or [])}
        plan = decide(messages, tool_names)
        MODEL_INPUTS.setdefault(self.name, []).append({
            "messages": [{"role": _role(m), "contents": [_content_view(c) for c in m.contents]} for m in messages],
            "tools": sorted(n for n in tool_names if n), "plan": plan})

        async def _stream() -> AsyncIterable[ChatResponseUpdate]:
            if "text" in plan:
                words = plan["text"].split(" ")
                for i, w in enumerate(words):
                    if self.delay:
                        await asyncio.sleep(self.delay)
                    yield ChatResponseUpdate(role="assistant", message_id="scripted-msg",
                                             contents=[Content.from_text(text=w + (" " if i < len(words) - 1 else ""))])
                return
            c = plan["call"]
            args = json.dumps(c["arguments"])
            half = len(args) // 2
            yield ChatResponseUpdate(role="assistant", message_id="scripted-msg", contents=[
                Content.from_function_call(call_id=c["call_id"], name=c["name"], arguments=args[:half])])
            yield ChatResponseUpdate(role="assistant", message_id="scripted-msg", contents=[
                Content.from_function_call(call_id=c["call_id"], name=c["name"], arguments=args[half:])])

        if stream:
            return self._build_response_stream(_stream())

        async def _get() -> ChatResponse:
            if "text" in plan:
                return ChatResponse(messages=[Message(role="assistant", contents=[plan["text"]])])
            c = plan["call"]
            return ChatResponse(messages=[Message(role="assistant", contents=[
                Content.from_function_call(call_id=c["call_id"], name=c["name"], arguments=json.dumps(c["arguments"]))])])

        return _get()


# --------------------------------------------------------------------------------------
# Tools
# --------------------------------------------------------------------------------------


@tool(description="Get the weather for a city.")
def get_weather(city: str) -> str:
    return f"Sunny, 24°C in {city}"


@tool(description="Delete a file or directory.", approval_mode="always_require")
def delete_file(path: str, recursive: bool = False) -> str:
    return f"deleted {path}" + (" (recursive)" if recursive else "")


@tool(description="Save a recipe into the shared state.")
def set_recipe(title: str, servings: int) -> Content:
    return state_update(text=f"Recipe '{title}' saved.", state={"recipe": {"title": title, "servings": servings}})


@tool(description="Write the document shown to the user.")
def write_document(document: str) -> str:
    return "Document written."


def make_agent(name: str, tools: list, delay: float = 0.0) -> Agent:
    return Agent(name=name, instructions="You are a scripted test agent.", client=ScriptedChatClient(name, delay),
                 tools=tools)


app = FastAPI(title="Parley MAF ground-truth server")

add_agent_framework_fastapi_endpoint(app, make_agent("chat", []), "/maf/chat")
add_agent_framework_fastapi_endpoint(app, make_agent("server_tool", [get_weather]), "/maf/server-tool")
add_agent_framework_fastapi_endpoint(app, make_agent("approval", [delete_file]), "/maf/approval")
add_agent_framework_fastapi_endpoint(
    app, AgentFrameworkAgent(agent=make_agent("approval_no_confirm", [delete_file]), require_confirmation=False),
    "/maf/approval-no-confirm")
add_agent_framework_fastapi_endpoint(app, make_agent("state_update", [set_recipe]), "/maf/state-update",
                                     state_schema={"recipe": {"type": "object"}})
add_agent_framework_fastapi_endpoint(
    app, make_agent("predictive", [write_document]), "/maf/predictive",
    state_schema={"document": {"type": "string"}},
    predict_state_config={"document": {"tool": "write_document", "tool_argument": "document"}})
add_agent_framework_fastapi_endpoint(app, make_agent("client_tool", []), "/maf/client-tool")
# predictive state on a tool the *client* declares: the server emits confirm_changes + a steps interrupt
add_agent_framework_fastapi_endpoint(
    app, make_agent("predictive_confirm", []), "/maf/predictive-confirm",
    state_schema={"document": {"type": "string"}},
    predict_state_config={"document": {"tool": "write_document", "tool_argument": "document"}})
# framing probe: slow words + a short keepalive to see the SSE comment frames sse-starlette writes
add_agent_framework_fastapi_endpoint(app, make_agent("slow", [], delay=0.4), "/maf/slow", keepalive_seconds=0.5)


@app.get("/debug/model-inputs")
def model_inputs(agent: str, clear: bool = True):
    out = MODEL_INPUTS.get(agent, [])
    if clear:
        MODEL_INPUTS[agent] = []
    return out


@app.get("/health")
def health():
    return {"ok": True}
