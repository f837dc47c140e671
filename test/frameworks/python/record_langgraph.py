"""Record LangGraph (ag_ui_langgraph) AG-UI transcripts into fixtures/langgraph/.

Usage:  . ./env.sh && python record_langgraph.py [--raw]
  --raw  additionally records confirm-tool with emit_raw_events=True (the integration's default)
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any, Callable, Optional

import httpx

from recordlib import SOURCE_COMMITS, Server, events_of, pkg_versions, post_run, terminal, write_fixture

PORT = 8701
MODES = {
    "legacy-default": {"enable_legacy_on_interrupt_event": True, "emit_interrupt_outcome": False},
    "both": {"enable_legacy_on_interrupt_event": True, "emit_interrupt_outcome": True},
    "outcome-only": {"enable_legacy_on_interrupt_event": False, "emit_interrupt_outcome": False},
    "outcome-only-explicit": {"enable_legacy_on_interrupt_event": False, "emit_interrupt_outcome": True},
}
VERSIONS = {
    "sources": {k: SOURCE_COMMITS[k] for k in ("ag-ui-protocol/ag-ui", "langchain-ai/agent-protocol")},
    "ag_ui_langgraph": "0.0.43 (integrations/langgraph/python @ ag-ui commit above)",
    "ag_ui (python sdk)": "0.1.20 (sdks/python @ ag-ui commit above)",
    **pkg_versions("langgraph", "langchain-core", "langchain", "langgraph-checkpoint", "fastapi", "pydantic"),
}
UNKNOWN_ID = "no-id-on-the-wire"  # used for resume[] when the mode emits no interrupt id


def base_body(thread: str, run: str, messages: list, forwarded: Optional[dict] = None, resume=None,
              drop_forwarded: bool = False) -> dict:
    b = {"threadId": thread, "runId": run, "protocolVersion": "1.0", "state": {}, "messages": messages,
         "tools": [], "context": [], "forwardedProps": forwarded if forwarded is not None else {}}
    if drop_forwarded:
        del b["forwardedProps"]
    if resume is not None:
        b["resume"] = resume
    return b


def interrupts_of(turn: dict) -> dict:
    """Both interrupt routes of a run: CUSTOM on_interrupt values and the RUN_FINISHED outcome."""
    customs = [e for e in events_of(turn, "CUSTOM") if e.get("name") == "on_interrupt"]
    fin = events_of(turn, "RUN_FINISHED")
    outcome = fin[-1].get("outcome") if fin else None
    return {
        "on_interrupt_values": [c.get("value") for c in customs],
        "outcome_interrupts": (outcome or {}).get("interrupts", []) if (outcome or {}).get("type") == "interrupt" else [],
    }


def ctx_of(turn: dict) -> dict:
    """What a client could know about the open interrupts after this run: ids (outcome only) and messages."""
    ints = interrupts_of(turn)
    if ints["outcome_interrupts"]:
        lst = [{"id": i["id"], "message": i.get("message")} for i in ints["outcome_interrupts"]]
    else:
        lst = []
        for n, v in enumerate(ints["on_interrupt_values"]):
            try:
                val = json.loads(v)
            except ValueError:
                val = v
            msg = val.get("message") if isinstance(val, dict) else val
            lst.append({"id": UNKNOWN_ID if n == 0 else f"{UNKNOWN_ID}-{n}", "message": msg})
    return {"iid": lst[0]["id"] if lst else UNKNOWN_ID, "ints": lst}


def last_snapshot_messages(turn: dict) -> Optional[list]:
    snaps = events_of(turn, "MESSAGES_SNAPSHOT")
    return snaps[-1]["messages"] if snaps else None


def last_state(turn: dict) -> dict:
    snaps = events_of(turn, "STATE_SNAPSHOT")
    return snaps[-1]["snapshot"] if snaps else {}


def summarize(turn: dict, first: dict, tool_call_id: Optional[str] = None) -> dict:
    st = last_state(turn)
    ints = interrupts_of(turn)
    first_ints = interrupts_of(first)
    s: dict[str, Any] = {"terminal": terminal(turn)}
    if "resume_seen" in st or "decision" in st:
        s["graph_received (interrupt() returned)"] = st.get("resume_seen")
        s["graph_decision"] = st.get("decision")
    results = [e for e in events_of(turn, "TOOL_CALL_RESULT") if tool_call_id is None or e["toolCallId"] == tool_call_id]
    if tool_call_id:
        s["tool_ran"] = bool(results)
        if results:
            s["tool_result"] = results[-1]["content"]
    s["re_asked"] = bool(ints["on_interrupt_values"] or ints["outcome_interrupts"])
    if s["re_asked"]:
        s["same_question"] = ints["on_interrupt_values"] == first_ints["on_interrupt_values"] and [
            i["id"] for i in ints["outcome_interrupts"]] == [i["id"] for i in first_ints["outcome_interrupts"]]
        s["graph_ran_again"] = bool(events_of(turn, "STEP_STARTED"))
    texts = "".join(e["delta"] for e in events_of(turn, "TEXT_MESSAGE_CONTENT"))
    if texts:
        s["assistant_text"] = texts
    return s


# --------------------------------------------------------------------------------------
# variants: (label, intent, builder) ; builder(ctx) -> dict(forwarded=..., resume=..., extra_messages=...)
# ctx = {"iid": interrupt id or placeholder}
# --------------------------------------------------------------------------------------

def fp(resume_value):
    return lambda ctx: {"forwarded": {"command": {"resume": resume_value}}}


def rs(status="resolved", payload=..., iid=None):
    def build(ctx):
        e = {"interruptId": iid or ctx["iid"], "status": status}
        if payload is not ...:
            e["payload"] = payload
        return {"resume": [e]}
    return build


EDIT = {"approved": True, "editedArgs": {"path": "/tmp/other"}}

CONFIRM_VARIANTS = [
    ("fp-approve-object", "approve", fp({"approved": True})),
    ("fp-approve-true", "approve", fp(True)),
    ("fp-approve-json-string", "approve", fp('{"approved": true}')),
    ("fp-approve-edit", "edit", fp(EDIT)),
    ("fp-decline-object", "decline", fp({"approved": False})),
    ("fp-decline-false", "decline", fp(False)),
    ("fp-null", "none", fp(None)),
    ("fp-command-without-resume", "none", lambda ctx: {"forwarded": {"command": {}}}),
    ("no-resume-at-all", "none", lambda ctx: {}),
    ("resume-approve", "approve", rs(payload={"approved": True})),
    ("resume-approve-true", "approve", rs(payload=True)),
    ("resume-approve-edit", "edit", rs(payload=EDIT)),
    ("resume-decline", "decline", rs(payload={"approved": False})),
    ("resume-cancelled", "cancel", rs(status="cancelled")),
    ("resume-resolved-no-payload", "approve", rs()),
    ("resume-wrong-interrupt-id", "approve", rs(payload={"approved": True}, iid="not-the-interrupt-id")),
    ("resume-empty-list", "none", lambda ctx: {"resume": []}),
    ("resume-approve-plus-fp-decline", "approve",
     lambda ctx: {**rs(payload={"approved": True})(ctx), "forwarded": {"command": {"resume": {"approved": False}}}}),
    ("resume-maf-shape-accepted", "approve", rs(payload={"accepted": True})),
    ("new-user-message-without-resume", "none",
     lambda ctx: {"extra_messages": [{"id": "u-2", "role": "user", "content": "Actually, never mind."}]}),
]

FORM_VALUES = {"name": "Ana Lima", "city": "Lisbon", "express": True}
FORM_VARIANTS = [
    ("fp-values", "answer", fp(FORM_VALUES)),
    ("fp-values-json-string", "answer", fp(json.dumps(FORM_VALUES))),
    ("fp-null", "none", fp(None)),
    ("resume-values", "answer", rs(payload=FORM_VALUES)),
    ("resume-cancelled", "cancel", rs(status="cancelled")),
    ("resume-string-payload", "answer", rs(payload="Lisbon")),
    ("resume-wrong-interrupt-id", "answer", rs(payload=FORM_VALUES, iid="not-the-interrupt-id")),
]

FORM_NATIVE_VARIANTS = [
    ("fp-values", "answer", fp({"seats": 2})),
    ("resume-values", "answer", rs(payload={"seats": 2})),
    ("resume-values-wrong-type", "answer", rs(payload={"seats": "two"})),
]

STRING_VARIANTS = [
    ("fp-string", "answer", fp("Ana Lima")),
    ("fp-json-quoted-string", "answer", fp('"Ana Lima"')),
    ("fp-numeric-string", "answer", fp("42")),
    ("fp-string-true", "answer", fp("true")),
    ("fp-null", "none", fp(None)),
    ("resume-string", "answer", rs(payload="Ana Lima")),
    ("resume-numeric-string", "answer", rs(payload="42")),
    ("resume-cancelled", "cancel", rs(status="cancelled")),
]

HITL_APPROVE = {"decisions": [{"type": "approve"}]}
HITL_EDIT = {"decisions": [{"type": "edit", "edited_action": {"name": "delete_file",
                                                                "args": {"path": "/tmp/other", "recursive": False}}}]}
HITL_REJECT = {"decisions": [{"type": "reject", "message": "Not now, please."}]}
HITL_VARIANTS = [
    ("fp-decisions-approve", "approve", fp(HITL_APPROVE)),
    ("fp-decisions-edit", "edit", fp(HITL_EDIT)),
    ("fp-decisions-reject", "decline", fp(HITL_REJECT)),
    ("fp-null", "none", fp(None)),
    ("fp-true", "approve", fp(True)),
    ("resume-decisions-approve", "approve", rs(payload=HITL_APPROVE)),
    ("resume-decisions-edit", "edit", rs(payload=HITL_EDIT)),
    ("resume-decisions-reject", "decline", rs(payload=HITL_REJECT)),
    ("resume-parley-approved-true", "approve", rs(payload={"approved": True})),
    ("resume-cancelled", "cancel", rs(status="cancelled")),
]

def two_payload(i: dict):
    return {"seat": "12A"} if "seat" in (i.get("message") or "") else {"meal": "vegetarian"}


def rs_all(statuses=("resolved", "resolved")):
    def build(ctx):
        out = []
        for i, st in zip(ctx["ints"], statuses):
            e = {"interruptId": i["id"], "status": st}
            if st == "resolved":
                e["payload"] = two_payload(i)
            out.append(e)
        return {"resume": out}
    return build


TWO_VARIANTS = [
    ("resume-both", "answer", rs_all()),
    ("resume-first-only", "answer", rs_all(statuses=("resolved",))),
    ("resume-one-cancelled", "answer", rs_all(statuses=("resolved", "cancelled"))),
    ("fp-map-by-interrupt-id", "answer",
     lambda ctx: {"forwarded": {"command": {"resume": {i["id"]: two_payload(i) for i in ctx["ints"]}}}}),
    ("fp-single-object", "answer", fp({"seat": "12A", "meal": "vegetarian"})),
    ("fp-null", "none", fp(None)),
]

SCENARIOS: dict[str, dict] = {
    "confirm-tool": {
        "prompt": "Please delete the cache folder.",
        "tool_call_id": "call_delete_file_1",
        "variants": CONFIRM_VARIANTS,
        "canonical": "resume-approve",
        "describe": "agent node streams a delete_file tool call; confirm node calls interrupt({reason:'tool_call', "
                    "message, toolCallId, toolName, args, responseSchema:{approved, editedArgs}, metadata}) and then runs "
                    "the tool (approved / approved with editedArgs) or appends a 'Not run: <decision>' ToolMessage; the "
                    "agent node then streams a reply. The graph's own reading of the resume: True or {approved:true} = "
                    "approve (+editedArgs), {approved:false} or False = decline, {__agui_cancelled__:true} = cancelled, "
                    "anything else = 'unrecognised' (not run).",
    },
    "form": {
        "prompt": "Order the blue mug.",
        "variants": FORM_VARIANTS,
        "canonical": "resume-values",
        "describe": "ask node calls interrupt({reason:'input_required', message, responseSchema:{name, city, express}}); "
                    "the reply node streams a message echoing what interrupt() returned.",
    },
    "form-native-schema": {
        "prompt": "Book a table.",
        "variants": FORM_NATIVE_VARIANTS,
        "canonical": "resume-values",
        "describe": "interrupt({message:'How many seats?'}, response_schema={...}) - LangGraph 1.2's native "
                    "response_schema argument instead of a responseSchema key inside the value.",
    },
    "string": {
        "prompt": "Book the 18:40 train.",
        "variants": STRING_VARIANTS,
        "canonical": "resume-string",
        "describe": "interrupt('What name should the booking be under?') - a plain string value.",
    },
    "two-interrupts": {
        "prompt": "Book me on the 18:40.",
        "variants": TWO_VARIANTS,
        "canonical": "resume-both",
        "describe": "START fans out to ask_seat and ask_meal, each calling interrupt({reason:'input_required', message, "
                    "responseSchema}); join streams a reply once both answered. Tests multi-interrupt resume.",
    },
    "hitl-middleware": {
        "prompt": "Please delete the cache folder.",
        "tool_call_id": "call_delete_file_1",
        "variants": HITL_VARIANTS,
        "canonical": "resume-decisions-approve",
        "describe": "langchain.agents.create_agent(model, tools=[delete_file], middleware=[HumanInTheLoopMiddleware("
                    "interrupt_on={'delete_file': True})]) - LangChain's prebuilt HITL: interrupt value "
                    "{action_requests:[{name,args,description}], review_configs:[{action_name, allowed_decisions}]}, "
                    "resume {decisions:[{type:'approve'|'edit'|'reject'|'respond', ...}]}.",
    },
}


COMMON_NOTES = [
    "CUSTOM on_interrupt.value = json.dumps(interrupt value) - a JSON *string* - when the value is a dict; when the "
    "value is a plain str it is that string verbatim (NOT JSON-quoted, so JSON.parse fails on it). The value carries "
    "no interrupt id. With emit_raw_events=True (the integration default) the CUSTOM event also has rawEvent = "
    "{value, id, response_schema}; that id equals RUN_FINISHED.outcome.interrupts[].id (see *-raw-events.json).",
    "RUN_FINISHED.outcome.interrupts[] (ag_ui_langgraph/interrupts.py lg_interrupt_to_agui): id = LangGraph "
    "Interrupt.id (32 hex chars, xxh3 of the checkpoint ns); reason = value.reason, else 'langgraph:interrupt'; "
    "message = value.message, or the value itself when it is a str; toolCallId = value.toolCallId ?? "
    "value.tool_call_id; responseSchema = value.responseSchema ?? value.response_schema; expiresAt = value.expiresAt "
    "?? value.expires_at; metadata = {langgraph: {raw: <whole value>, ns: null, resumable: null, when: null}}. Any "
    "other key of the value (e.g. metadata, toolName, args) is NOT lifted; it is only inside metadata.langgraph.raw. "
    "LangGraph 1.2's native interrupt(value, response_schema=...) is not surfaced (see form-native-schema).",
    "Modes (LangGraphAgent(enable_legacy_on_interrupt_event=True, emit_interrupt_outcome=False) are the defaults): "
    "legacy-default = CUSTOM on_interrupt + RUN_FINISHED *without* outcome; both = CUSTOM on_interrupt then "
    "RUN_FINISHED with outcome (same interrupt, the CUSTOM one has no id); outcome-only / outcome-only-explicit = "
    "no CUSTOM, outcome only (disabling the legacy event forces the outcome on, emit_interrupt_outcome is then moot).",
    "Resume reading (agent.py prepare_stream/_build_command_from_agui_resume): a non-empty RunAgentInput.resume wins "
    "over forwardedProps.command.resume (a warning is logged). One 'resolved' entry -> interrupt() returns its payload "
    "verbatim; the interruptId is NOT checked (a wrong id still resumes). One 'cancelled' entry -> interrupt() returns "
    "{'__agui_cancelled__': true, 'interrupt_id': <id>} and the graph must branch on it. Several entries -> one value "
    "{'__agui_resume_map__': {id: {status, payload}}} (see two-interrupts: LangGraph then refuses it).",
    "forwardedProps.command.resume: any non-null value -> Command(resume=value); a *string* value is json.loads'd "
    "first when it parses ('42' -> 42, 'true' -> true, '\\\"Ana\\\"' -> 'Ana', '{...}' -> object; 'Ana Lima' stays a string). "
    "resume null, command without resume, no command, and resume: [] all count as NO resume: the run short-circuits "
    "to RUN_STARTED, (CUSTOM on_interrupt), RUN_FINISHED re-asking the same interrupt with the same id; the graph "
    "does not run and no STATE/MESSAGES_SNAPSHOT is sent.",
    "A resume entry with status 'resolved' and no payload becomes Command(resume=None), which crashes LangGraph "
    "(UnboundLocalError 'resume_is_map'). Exceptions are not turned into RUN_ERROR by this integration: the HTTP "
    "chunked body is cut after the events already sent (httpx: RemoteProtocolError incomplete chunked read).",
    "A new user message sent while an interrupt is pending, without a resume, is silently dropped (never reaches the "
    "checkpoint) and the interrupt is re-asked.",
    "When a resumed node runs a tool, TOOL_CALL_START/ARGS/END for the *same* toolCallId are emitted again in the "
    "resume run (parentMessageId = the tool call id, not the assistant message id) before TOOL_CALL_RESULT. "
    "TOOL_CALL_RESULT.messageId is the tool call id, but the tool message in MESSAGES_SNAPSHOT has a different id "
    "(uuid from add_messages) - reconcile tool results by toolCallId.",
    "STATE_SNAPSHOT carries the graph state incl. LangChain-format messages ({type:'human'|'ai'|'tool', ...}); a "
    "mid-run STATE_SNAPSHOT can contain only the partial node update.",
    "SSE framing: 'data: <json>\\n\\n' (LF), no comments, no event:/id: fields.",
]

SCENARIO_NOTES = {
    "confirm-tool": ["The graph's resume reading is this server's own code (LangGraph has no approval contract); "
                     "graph_received in each variant's result is exactly what interrupt() returned."],
    "string": ["on_interrupt.value is the bare string 'What name should the booking be under?'; the outcome "
               "interrupt has reason 'langgraph:interrupt' and message = that string."],
    "form-native-schema": ["interrupt({'message': ...}, response_schema={...}): the outcome interrupt has NO "
                           "responseSchema and reason 'langgraph:interrupt'; resume values are not validated "
                           "against a dict response_schema."],
    "two-interrupts": ["Two pending interrupts (parallel branches): the AG-UI resume[] with both entries becomes "
                       "{'__agui_resume_map__': ...}, and LangGraph raises 'When there are multiple pending "
                       "interrupts, you must specify the interrupt id when resuming' - stream cut after RUN_STARTED. "
                       "A single entry fails the same way. Only forwardedProps.command.resume = {<interruptId>: "
                       "<value>, ...} (LangGraph's native resume map) works, which needs the ids - absent from the "
                       "wire in legacy-default mode unless emit_raw_events (rawEvent.id)."],
    "hitl-middleware": ["LangChain HumanInTheLoopMiddleware: the outcome interrupt has reason 'langgraph:interrupt', "
                        "no message, no toolCallId, no responseSchema - everything is in "
                        "metadata.langgraph.raw.action_requests/review_configs. Only {decisions:[...]} resumes it; "
                        "{approved:true}, true and the cancelled sentinel raise in the middleware -> stream cut, no "
                        "RUN_ERROR. A reject decision adds an error ToolMessage without any TOOL_CALL_RESULT event."],
}


def worked(intent: str, s: dict, scenario: str) -> bool:
    t = s["terminal"]
    ok_finish = t["kind"] == "RUN_FINISHED" and t.get("outcome") in (None, "success") and not s["re_asked"]
    if not ok_finish:
        return False
    dec = s.get("graph_decision")
    if scenario == "hitl-middleware":
        res = s.get("tool_result") or ""
        if intent == "approve":
            return s.get("tool_ran", False) and "/tmp/cache" in res
        if intent == "edit":
            return s.get("tool_ran", False) and "/tmp/other" in res
        if intent == "decline":
            return not s.get("tool_ran", False)
        return False
    if intent == "approve":
        return dec == "approved" and s.get("tool_ran", False)
    if intent == "edit":
        return dec == "approved_with_edits" and "/tmp/other" in (s.get("tool_result") or "")
    if intent == "decline":
        return dec == "declined" and not s.get("tool_ran", False)
    if intent == "cancel":
        return dec == "cancelled"
    if intent == "answer":
        return dec == "answered"
    return False


def run_scenario(client: httpx.Client, base: str, scenario: str, mode: str, path_mode: Optional[str] = None,
                 tag: str = "") -> dict:
    spec = SCENARIOS[scenario]
    url = f"{base}/lg/{scenario}/{path_mode or mode}"
    user_msg = [{"id": "u-1", "role": "user", "content": spec["prompt"]}]
    variants_out = []
    canonical_turns = None
    for label, intent, build in spec["variants"]:
        thread = f"lg-{scenario}-{mode}{tag}-{label}"
        b1 = base_body(thread, "run-1", copy.deepcopy(user_msg))
        t1 = post_run(client, url, b1)
        t1 = {"request": b1, **t1}
        parts = build(ctx_of(t1))
        msgs = copy.deepcopy(last_snapshot_messages(t1) or user_msg) + parts.get("extra_messages", [])
        b2 = base_body(thread, "run-2", msgs, forwarded=parts.get("forwarded"), resume=parts.get("resume"))
        t2 = post_run(client, url, b2)
        t2 = {"request": b2, **t2}
        summary = summarize(t2, t1, spec.get("tool_call_id"))
        turns = [t1, t2]
        # after a re-ask, prove the re-asked interrupt is still answerable (and with which id)
        if summary["re_asked"] and summary["terminal"]["kind"] == "RUN_FINISHED":
            canon = dict((v[0], v) for v in spec["variants"])[spec["canonical"]]
            p3 = canon[2](ctx_of(t2))
            msgs3 = copy.deepcopy(last_snapshot_messages(t2) or msgs)
            b3 = base_body(thread, "run-3", msgs3, forwarded=p3.get("forwarded"), resume=p3.get("resume"))
            t3 = {"request": b3, **post_run(client, url, b3)}
            turns.append(t3)
            summary["then_answered_with_canonical"] = {"sent": p3, "result": summarize(t3, t1, spec.get("tool_call_id"))}
        v = {"label": label, "intent": intent, "sent": parts, "result": summary,
             "worked": worked(intent, summary, scenario), "turns": turns}
        variants_out.append(v)
        if label == spec["canonical"]:
            canonical_turns = turns
    first = variants_out[0]["turns"][0]
    accepted: dict[str, list] = {}
    rejected = []
    for v in variants_out:
        entry = {"label": v["label"], "sent": v["sent"]}
        if v["worked"]:
            accepted.setdefault(v["intent"], []).append(entry)
        else:
            rejected.append({**entry, "intent": v["intent"], "result": v["result"]})
    return {
        "interrupt_routes_run1": interrupts_of(first),
        "canonical_turns": canonical_turns,
        "variants": variants_out,
        "accepted": accepted,
        "rejected": rejected,
    }


def record_chat(client, base, mode) -> dict:
    url = f"{base}/lg/chat/{mode}"
    b = base_body(f"lg-chat-{mode}", "run-1", [{"id": "u-1", "role": "user", "content": "Hi there!"}])
    t = {"request": b, **post_run(client, url, b)}
    return {
        "framework": "langgraph-python via ag_ui_langgraph",
        "scenario": "chat",
        "mode": mode,
        "versions": VERSIONS,
        "settings": {"LangGraphAgent": {**MODES[mode], "emit_raw_events": False}, "endpoint": f"/lg/chat/{mode}",
                     "graph": "START -> agent (scripted model streams text word by word) -> END"},
        "turns": [t],
        "accepted": {},
        "rejected": [],
        "notes": ["Text streams as TEXT_MESSAGE_START/CONTENT*/END with the LangChain message id (lc_run--<uuid> "
                  "for a model without provider ids); MESSAGES_SNAPSHOT at the end reuses that id."] + COMMON_NOTES[-2:],
    }


def record_probes(client, base) -> dict:
    probes = []
    for label, mutate in [
        ("no forwardedProps", lambda b: b.pop("forwardedProps")),
        ("no tools", lambda b: b.pop("tools")),
        ("no context", lambda b: b.pop("context")),
        ("forwardedProps null", lambda b: b.update(forwardedProps=None)),
    ]:
        b = base_body(f"lg-probe-{label.replace(' ', '-')}", "run-1", [{"id": "u-1", "role": "user", "content": "Hi"}])
        mutate(b)
        t = post_run(client, f"{base}/lg/chat/legacy-default", b)
        probes.append({"label": label, "request": b, "result": terminal(t), "events": t.get("events")})
    return {
        "framework": "langgraph-python via ag_ui_langgraph",
        "scenario": "request-validation-probes",
        "versions": VERSIONS,
        "settings": {"endpoint": "/lg/chat/legacy-default"},
        "turns": [],
        "accepted": {},
        "rejected": [{"sent": p["request"], "result": p["result"]} for p in probes if p["result"]["kind"] != "RUN_FINISHED"],
        "probes": probes,
        "notes": ["ag_ui.core.RunAgentInput (python SDK) declares tools, context and forwardedProps without defaults, "
                  "so FastAPI answers 422 when any of them is missing."],
    }


def main():
    raw = "--raw" in sys.argv
    written = []
    with Server("servers.langgraph_server:app", PORT) as srv, httpx.Client() as client:
        written.append(write_fixture("langgraph", "request-validation-probes", record_probes(client, srv.base)))
        for mode in MODES:
            fx = record_chat(client, srv.base, mode)
            written.append(write_fixture("langgraph", f"chat-{mode}", fx))
            for scenario, spec in SCENARIOS.items():
                r = run_scenario(client, srv.base, scenario, mode)
                fx = {
                    "framework": "langgraph-python via ag_ui_langgraph",
                    "scenario": scenario,
                    "mode": mode,
                    "versions": VERSIONS,
                    "settings": {"LangGraphAgent": {**MODES[mode], "emit_raw_events": False},
                                 "endpoint": f"/lg/{scenario}/{mode}", "graph": spec["describe"],
                                 "run2_messages": "the last MESSAGES_SNAPSHOT of run 1 (what HttpAgent would hold)",
                                 "resume_interrupt_id": "taken from RUN_FINISHED.outcome when the mode emits one, "
                                                        f"otherwise the placeholder '{UNKNOWN_ID}'"},
                    "interrupt_routes": r["interrupt_routes_run1"],
                    "turns": r["canonical_turns"],
                    "accepted": r["accepted"],
                    "rejected": r["rejected"],
                    "variants": r["variants"],
                    "notes": SCENARIO_NOTES.get(scenario, []) + COMMON_NOTES,
                }
                written.append(write_fixture("langgraph", f"{scenario}-{mode}", fx))
                print(scenario, mode, "ok:", sorted(r["accepted"]), "rejected:", [x["label"] for x in r["rejected"]],
                      flush=True)
    if raw:
        with Server("servers.langgraph_server:app", PORT, env={"LG_EMIT_RAW_EVENTS": "1"}) as srv, httpx.Client() as client:
            for mode in ("legacy-default", "both"):
                spec = SCENARIOS["confirm-tool"]
                keep = {"resume-approve", "fp-approve-object"}
                saved = spec["variants"]
                spec["variants"] = [v for v in saved if v[0] in keep]
                try:
                    r = run_scenario(client, srv.base, "confirm-tool", mode, tag="-raw")
                finally:
                    spec["variants"] = saved
                fx = {
                    "framework": "langgraph-python via ag_ui_langgraph",
                    "scenario": "confirm-tool",
                    "mode": mode + "+raw-events",
                    "versions": VERSIONS,
                    "settings": {"LangGraphAgent": {**MODES[mode], "emit_raw_events": True},
                                 "endpoint": f"/lg/confirm-tool/{mode}", "graph": spec["describe"]},
                    "interrupt_routes": r["interrupt_routes_run1"],
                    "turns": r["canonical_turns"],
                    "accepted": r["accepted"],
                    "rejected": r["rejected"],
                    "variants": r["variants"],
                    "notes": ["emit_raw_events=True (the integration's default): RAW events and rawEvent fields included."],
                }
                written.append(write_fixture("langgraph", f"confirm-tool-{mode}-raw-events", fx))
    print("\n".join(str(p) for p in written))


if __name__ == "__main__":
    main()
