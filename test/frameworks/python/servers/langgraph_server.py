"""LangGraph (Python) graphs served over AG-UI by ag_ui_langgraph, with a scripted chat model.

No LLM: ``ScriptedChatModel`` picks a canned reply / tool call by inspecting the incoming
messages, and streams it as chunks (text word by word, tool-call args in pieces) so the
integration sees real ``on_chat_model_stream`` events.

Endpoints: POST /lg/<graph>/<mode>  (mode = one of MODES below)
Run:  python -m uvicorn servers.langgraph_server:app --host 127.0.0.1 --port 8701
"""

from __future__ import annotations

import json
import os
from typing import Annotated, Any, AsyncIterator, Iterator, List, Optional

from fastapi import FastAPI
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.types import interrupt

from ag_ui_langgraph import LangGraphAgent, add_langgraph_fastapi_endpoint

EMIT_RAW = os.environ.get("LG_EMIT_RAW_EVENTS", "0") == "1"

# --------------------------------------------------------------------------------------
# Scripted chat model
# --------------------------------------------------------------------------------------


def _text_of(m: BaseMessage) -> str:
    c = m.content
    if isinstance(c, str):
        return c
    return " ".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in c)


def decide(messages: List[BaseMessage]) -> dict:
    """Return {"text": str} or {"tool_call": {name, args, id}} from the conversation so far."""
    last = messages[-1]
    if isinstance(last, ToolMessage):
        content = _text_of(last)
        status = getattr(last, "status", "success")
        if status == "error" or content.startswith("Not run") or "reject" in content.lower():
            return {"text": f"Okay, I did not run {last.name or 'the tool'}. ({content})"}
        return {"text": f"Done. {last.name or 'tool'} said: {content}"}
    if isinstance(last, SystemMessage) and _text_of(last).startswith("ANSWER "):
        answer = json.loads(_text_of(last)[len("ANSWER "):])
        return {"text": f"Thanks, I received your answer: {json.dumps(answer)}"}
    human = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
    said = _text_of(human).lower() if human else ""
    if "delete" in said:
        return {
            "tool_call": {
                "name": "delete_file",
                "args": {"path": "/tmp/cache", "recursive": True},
                "id": "call_delete_file_1",
            }
        }
    return {"text": "Hello! I am a scripted LangGraph agent streaming this reply word by word."}


class ScriptedChatModel(BaseChatModel):
    """A BaseChatModel that streams canned chunks; bind_tools is accepted and ignored."""

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools, **kwargs):  # noqa: D401 - the script knows its tools
        return self

    def _message(self, plan: dict) -> AIMessage:
        if "text" in plan:
            return AIMessage(content=plan["text"])
        tc = plan["tool_call"]
        return AIMessage(content="", tool_calls=[{**tc, "type": "tool_call"}])

    def _generate(self, messages, stop=None, run_manager: Optional[CallbackManagerForLLMRun] = None, **kwargs):
        return ChatResult(generations=[ChatGeneration(message=self._message(decide(messages)))])

    def _chunks(self, messages) -> Iterator[ChatGenerationChunk]:
        plan = decide(messages)
        if "text" in plan:
            words = plan["text"].split(" ")
            for i, w in enumerate(words):
                yield ChatGenerationChunk(message=AIMessageChunk(content=w + (" " if i < len(words) - 1 else "")))
            return
        tc = plan["tool_call"]
        args = json.dumps(tc["args"])
        pieces = [args[: len(args) // 2], args[len(args) // 2:]]
        yield ChatGenerationChunk(
            message=AIMessageChunk(
                content="",
                tool_call_chunks=[{"name": tc["name"], "args": "", "id": tc["id"], "index": 0, "type": "tool_call_chunk"}],
            )
        )
        for p in pieces:
            yield ChatGenerationChunk(
                message=AIMessageChunk(
                    content="",
                    tool_call_chunks=[{"name": None, "args": p, "id": None, "index": 0, "type": "tool_call_chunk"}],
                )
            )

    def _stream(self, messages, stop=None, run_manager=None, **kwargs) -> Iterator[ChatGenerationChunk]:
        yield from self._chunks(messages)

    async def _astream(self, messages, stop=None, run_manager=None, **kwargs) -> AsyncIterator[ChatGenerationChunk]:
        for c in self._chunks(messages):
            yield c


MODEL = ScriptedChatModel()


@tool
def delete_file(path: str, recursive: bool = False) -> str:
    """Delete a file or directory (scripted: nothing is deleted)."""
    return f"deleted {path}" + (" (recursive)" if recursive else "")


# --------------------------------------------------------------------------------------
# Graphs
# --------------------------------------------------------------------------------------


class State(MessagesState):
    resume_seen: Any
    decision: str


async def agent_node(state: State, config):
    msg = await MODEL.ainvoke(state["messages"], config)
    return {"messages": [msg]}


# (1) streamed reply ------------------------------------------------------------------

def build_chat():
    g = StateGraph(State)
    g.add_node("agent", agent_node)
    g.add_edge(START, "agent")
    g.add_edge("agent", END)
    return g


# (2) confirmation before a tool ----------------------------------------------------

CONFIRM_SCHEMA = {
    "type": "object",
    "properties": {
        "approved": {"type": "boolean"},
        "editedArgs": {
            "type": "object",
            "properties": {"path": {"type": "string"}, "recursive": {"type": "boolean"}},
        },
    },
    "required": ["approved"],
}


def interpret_confirmation(ans: Any) -> tuple[str, Optional[dict]]:
    """This graph's own reading of the resume value (LangGraph has no contract of its own)."""
    if isinstance(ans, dict) and ans.get("__agui_cancelled__"):
        return "cancelled", None
    if ans is True:
        return "approved", None
    if isinstance(ans, dict) and ans.get("approved") is True:
        edited = ans.get("editedArgs")
        return ("approved_with_edits" if edited else "approved"), (edited if isinstance(edited, dict) else None)
    if isinstance(ans, dict) and ans.get("approved") is False or ans is False:
        return "declined", None
    return "unrecognised", None


def route_after_agent(state: State):
    last = state["messages"][-1]
    return "confirm" if isinstance(last, AIMessage) and last.tool_calls else END


async def confirm_node(state: State, config):
    tc = state["messages"][-1].tool_calls[0]
    ans = interrupt(
        {
            "reason": "tool_call",
            "message": f"Delete {tc['args'].get('path')}? This cannot be undone.",
            "toolCallId": tc["id"],
            "toolName": tc["name"],
            "args": tc["args"],
            "responseSchema": CONFIRM_SCHEMA,
            "metadata": {"categories": ["destructive"], "confirmText": tc["args"].get("path")},
        }
    )
    decision, edited = interpret_confirmation(ans)
    if decision in ("approved", "approved_with_edits"):
        args = {**tc["args"], **(edited or {})}
        tm = await delete_file.ainvoke({"type": "tool_call", "name": tc["name"], "args": args, "id": tc["id"]}, config)
    else:
        tm = ToolMessage(content=f"Not run: {decision}", tool_call_id=tc["id"], name=tc["name"])
    return {"messages": [tm], "resume_seen": ans, "decision": decision}


def build_confirm_tool():
    g = StateGraph(State)
    g.add_node("agent", agent_node)
    g.add_node("confirm", confirm_node)
    g.add_edge(START, "agent")
    g.add_conditional_edges("agent", route_after_agent, ["confirm", END])
    g.add_edge("confirm", "agent")
    return g


# (3) a form ----------------------------------------------------------------------------

FORM_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Recipient"},
        "city": {"type": "string", "title": "City"},
        "express": {"type": "boolean", "title": "Express shipping"},
    },
    "required": ["name", "city"],
}


async def form_ask(state: State):
    ans = interrupt(
        {
            "reason": "input_required",
            "message": "Where should we ship the order?",
            "responseSchema": FORM_SCHEMA,
        }
    )
    if isinstance(ans, dict) and ans.get("__agui_cancelled__"):
        decision = "cancelled"
    elif isinstance(ans, dict) and "city" in ans:
        decision = "answered"
    else:
        decision = "unrecognised"
    return {"resume_seen": ans, "decision": decision}


async def answer_reply(state: State, config):
    note = SystemMessage(content="ANSWER " + json.dumps(state.get("resume_seen")))
    msg = await MODEL.ainvoke(state["messages"] + [note], config)
    return {"messages": [msg]}


def build_form():
    g = StateGraph(State)
    g.add_node("ask", form_ask)
    g.add_node("reply", answer_reply)
    g.add_edge(START, "ask")
    g.add_edge("ask", "reply")
    g.add_edge("reply", END)
    return g


# (3b) a form whose schema uses LangGraph 1.2's native interrupt(response_schema=...) --------

async def form_native_ask(state: State):
    ans = interrupt(
        {"message": "How many seats?"},
        response_schema={"type": "object", "properties": {"seats": {"type": "integer"}}, "required": ["seats"]},
    )
    return {"resume_seen": ans, "decision": "answered" if isinstance(ans, dict) and "seats" in ans else "unrecognised"}


def build_form_native():
    g = StateGraph(State)
    g.add_node("ask", form_native_ask)
    g.add_node("reply", answer_reply)
    g.add_edge(START, "ask")
    g.add_edge("ask", "reply")
    g.add_edge("reply", END)
    return g


# (4) a plain-string interrupt ---------------------------------------------------------

async def string_ask(state: State):
    ans = interrupt("What name should the booking be under?")
    if isinstance(ans, dict) and ans.get("__agui_cancelled__"):
        decision = "cancelled"
    elif isinstance(ans, str) and ans:
        decision = "answered"
    else:
        decision = "unrecognised"
    return {"resume_seen": ans, "decision": decision}


def build_string():
    g = StateGraph(State)
    g.add_node("ask", string_ask)
    g.add_node("reply", answer_reply)
    g.add_edge(START, "ask")
    g.add_edge("ask", "reply")
    g.add_edge("reply", END)
    return g


# (4b) two interrupts at once (parallel branches) ------------------------------------------

def _merge(a, b):
    return {**(a or {}), **(b or {})}


class State2(MessagesState):
    answers: Annotated[dict, _merge]
    resume_seen: Any
    decision: str


async def ask_seat(state: State2):
    ans = interrupt({"reason": "input_required", "message": "Which seat?",
                     "responseSchema": {"type": "object", "properties": {"seat": {"type": "string"}}, "required": ["seat"]}})
    return {"answers": {"seat_question": ans}}


async def ask_meal(state: State2):
    ans = interrupt({"reason": "input_required", "message": "Which meal?",
                     "responseSchema": {"type": "object", "properties": {"meal": {"type": "string"}}, "required": ["meal"]}})
    return {"answers": {"meal_question": ans}}


async def join_answers(state: State2, config):
    answers = state.get("answers") or {}
    ok = isinstance(answers.get("seat_question"), dict) and "seat" in answers["seat_question"] and \
        isinstance(answers.get("meal_question"), dict) and "meal" in answers["meal_question"]
    note = SystemMessage(content="ANSWER " + json.dumps(answers))
    msg = await MODEL.ainvoke(state["messages"] + [note], config)
    return {"messages": [msg], "resume_seen": answers, "decision": "answered" if ok else "unrecognised"}


def build_two_interrupts():
    g = StateGraph(State2)
    g.add_node("ask_seat", ask_seat)
    g.add_node("ask_meal", ask_meal)
    g.add_node("join", join_answers)
    g.add_edge(START, "ask_seat")
    g.add_edge(START, "ask_meal")
    g.add_edge(["ask_seat", "ask_meal"], "join")
    g.add_edge("join", END)
    return g


# (5) LangChain's prebuilt HumanInTheLoopMiddleware via create_agent --------------------

def build_hitl_middleware(checkpointer):
    from langchain.agents import create_agent
    from langchain.agents.middleware import HumanInTheLoopMiddleware

    return create_agent(
        model=MODEL,
        tools=[delete_file],
        middleware=[HumanInTheLoopMiddleware(interrupt_on={"delete_file": True})],
        checkpointer=checkpointer,
    )


# --------------------------------------------------------------------------------------
# App
# --------------------------------------------------------------------------------------

MODES = {
    # name: (enable_legacy_on_interrupt_event, emit_interrupt_outcome)
    "legacy-default": (True, False),
    "both": (True, True),
    "outcome-only": (False, False),
    "outcome-only-explicit": (False, True),
}

GRAPHS = {
    "chat": build_chat,
    "confirm-tool": build_confirm_tool,
    "form": build_form,
    "form-native-schema": build_form_native,
    "string": build_string,
    "two-interrupts": build_two_interrupts,
}

app = FastAPI(title="Parley LangGraph ground-truth server")

for graph_name in [*GRAPHS, "hitl-middleware"]:
    for mode, (legacy, outcome) in MODES.items():
        saver = InMemorySaver()  # one checkpointer per endpoint
        if graph_name == "hitl-middleware":
            compiled = build_hitl_middleware(saver)
        else:
            compiled = GRAPHS[graph_name]().compile(checkpointer=saver)
        agent = LangGraphAgent(
            name=f"{graph_name}-{mode}",
            graph=compiled,
            enable_legacy_on_interrupt_event=legacy,
            emit_interrupt_outcome=outcome,
            emit_raw_events=EMIT_RAW,
        )
        add_langgraph_fastapi_endpoint(app, agent, f"/lg/{graph_name}/{mode}")


@app.get("/health")
def health():
    return {"ok": True, "emit_raw_events": EMIT_RAW}
