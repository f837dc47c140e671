"""Record Microsoft Agent Framework (agent_framework_ag_ui) AG-UI transcripts into fixtures/maf/.

Usage:  . ./env.sh && python record_maf.py
"""

from __future__ import annotations

import copy
import json
from typing import Any, Optional

import httpx

from recordlib import SOURCE_COMMITS, Server, events_of, pkg_versions, post_run, terminal, write_fixture

PORT = 8702
VERSIONS = {
    "sources": {"microsoft/agent-framework": SOURCE_COMMITS["microsoft/agent-framework"],
                "ag-ui-protocol/ag-ui": SOURCE_COMMITS["ag-ui-protocol/ag-ui"]},
    "agent-framework-core": "1.13.0 (python/packages/core @ commit above)",
    "agent-framework-ag-ui": "1.0.1 (python/packages/ag-ui @ commit above)",
    "ag_ui (python sdk)": "0.1.20 (sdks/python @ ag-ui commit above)",
    **pkg_versions("fastapi", "sse-starlette", "pydantic", "msgspec", "uvicorn"),
}
FRAMEWORK = "microsoft-agent-framework-python via agent_framework_ag_ui"

PARLEY_ADVISE_TOOL = {
    "name": "parley_advise",
    "description": "Offer the person options to choose from.",
    "parameters": {
        "type": "object",
        "properties": {
            "content": {"type": "string"},
            "options": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "string"}, "label": {"type": "string"}}, "required": ["id", "label"]}},
        },
        "required": ["content"],
    },
}


def body(thread: str, run: str, messages: list, *, tools=None, forwarded=None, resume=None, state=None) -> dict:
    b = {"threadId": thread, "runId": run, "protocolVersion": "1.0", "state": state if state is not None else {},
         "messages": messages, "tools": tools or [], "context": [], "forwardedProps": forwarded or {}}
    if resume is not None:
        b["resume"] = resume
    return b


def snapshot_messages(turn: dict, fallback: list) -> list:
    s = events_of(turn, "MESSAGES_SNAPSHOT")
    return copy.deepcopy(s[-1]["messages"]) if s else copy.deepcopy(fallback)


def outcome_interrupts(turn: dict) -> list:
    fin = events_of(turn, "RUN_FINISHED")
    oc = fin[-1].get("outcome") if fin else None
    return (oc or {}).get("interrupts", []) if (oc or {}).get("type") == "interrupt" else []


def summarize(turn: dict, tool_call_id: Optional[str]) -> dict:
    s: dict[str, Any] = {"terminal": terminal(turn)}
    res = [e for e in events_of(turn, "TOOL_CALL_RESULT") if tool_call_id is None or e["toolCallId"] == tool_call_id]
    s["tool_ran"] = bool(res)
    if res:
        s["tool_result"] = res[-1]["content"]
    snap = events_of(turn, "MESSAGES_SNAPSHOT")
    if snap and tool_call_id:
        tool_msgs = [m for m in snap[-1]["messages"] if m.get("role") == "tool" and m.get("toolCallId") == tool_call_id]
        if tool_msgs:
            s["tool_message_in_snapshot"] = tool_msgs[-1].get("content")
    ints = outcome_interrupts(turn)
    if ints:
        s["interrupts"] = [{"id": i["id"], "reason": i["reason"]} for i in ints]
    text = "".join(e["delta"] for e in events_of(turn, "TEXT_MESSAGE_CONTENT"))
    if text:
        s["assistant_text"] = text
    return s


AGENT_OF = {"chat": "chat", "server-tool": "server_tool", "approval": "approval",
            "approval-no-confirm": "approval_no_confirm", "state-update": "state_update", "predictive": "predictive",
            "client-tool": "client_tool", "predictive-confirm": "predictive_confirm", "slow": "slow"}


def post(client, url: str, b: dict, keep_raw: bool = False) -> dict:
    """POST one run; attach what the scripted model saw during it (GET /debug/model-inputs)."""
    base, endpoint = url.split("/maf/")
    agent = AGENT_OF[endpoint]
    client.get(f"{base}/debug/model-inputs", params={"agent": agent, "clear": True})
    t = {"request": b, **post_run(client, url, b, keep_raw=keep_raw)}
    t["model_inputs (debug: what the scripted model saw; not on the wire)"] = client.get(
        f"{base}/debug/model-inputs", params={"agent": agent, "clear": True}).json()
    return t


def run1(client, url, thread, prompt, tools=None, state=None):
    msgs = [{"id": "u-1", "role": "user", "content": prompt}]
    b = body(thread, "run-1", msgs, tools=tools, state=state)
    return post(client, url, b)


# --------------------------------------------------------------------------------------
# Approval
# --------------------------------------------------------------------------------------

CALL = "call_delete_1"


def entry(payload=..., status="resolved", iid=None):
    def build(ctx):
        e = {"interruptId": iid or ctx["iid"], "status": status}
        if payload is not ...:
            e["payload"] = payload
        return {"resume": [e]}
    return build


def confirm_changes_id(turn) -> Optional[str]:
    for e in events_of(turn, "TOOL_CALL_START"):
        if e["toolCallName"] == "confirm_changes":
            return e["toolCallId"]
    return None


APPROVAL_VARIANTS = [
    # label, intent, builder(ctx) -> {resume?, forwarded?, extra_messages?}
    ("resume-approved-true", "approve", entry({"approved": True})),
    ("resume-accepted-true", "approve", entry({"accepted": True})),
    ("resume-payload-json-string", "approve", entry('{"accepted": true}')),
    ("resume-edit-by-argument-name", "edit", entry({"accepted": True, "path": "/tmp/other"})),
    ("resume-edit-approved-plus-argument", "edit", entry({"approved": True, "path": "/tmp/other", "recursive": False})),
    ("resume-declined-approved-false", "decline", entry({"approved": False})),
    ("resume-declined-accepted-false", "decline", entry({"accepted": False})),
    ("resume-cancelled", "decline", entry(status="cancelled")),
    ("resume-parley-editedArgs", "edit", entry({"approved": True, "editedArgs": {"path": "/tmp/other"}})),
    ("resume-approved-with-scope", "approve", entry({"approved": True, "scope": "once"})),
    ("resume-edit-wrong-type", "edit", entry({"accepted": True, "recursive": "yes"})),
    ("resume-payload-true", "approve", entry(True)),
    ("resume-no-payload", "approve", entry()),
    ("resume-accepted-string", "approve", entry({"accepted": "true"})),
    ("resume-unknown-interrupt-id", "approve", entry({"approved": True}, iid="call_unknown")),
    ("resume-confirm-changes-id", "approve", lambda ctx: entry({"approved": True}, iid=ctx["confirm_id"])(ctx)),
    ("resume-duplicate-entry", "approve",
     lambda ctx: {"resume": entry({"approved": True})(ctx)["resume"] * 2}),
    ("resume-extra-unknown-entry", "approve",
     lambda ctx: {"resume": entry({"approved": True})(ctx)["resume"]
                  + [{"interruptId": "call_unknown", "status": "resolved", "payload": {"approved": True}}]}),
    ("resume-entry-without-status", "approve", lambda ctx: {"resume": [{"interruptId": ctx["iid"], "payload": {"approved": True}}]}),
    ("resume-object-not-list", "approve", lambda ctx: {"resume": {"interruptId": ctx["iid"], "accepted": True}}),
    ("fp-command-resume-entries", "approve",
     lambda ctx: {"forwarded": {"command": {"resume": entry({"approved": True})(ctx)["resume"]}}}),
    ("fp-command-resume-bare-value", "approve", lambda ctx: {"forwarded": {"command": {"resume": {"approved": True}}}}),
    ("fp-command-resume-true", "approve", lambda ctx: {"forwarded": {"command": {"resume": True}}}),
    ("fp-resume-entries", "approve", lambda ctx: {"forwarded": {"resume": entry({"approved": True})(ctx)["resume"]}}),
    ("no-resume-same-messages", "none", lambda ctx: {}),
    ("no-resume-new-user-message", "none",
     lambda ctx: {"extra_messages": [{"id": "u-2", "role": "user", "content": "Actually, never mind."}]}),
    ("tool-message-confirm-changes", "approve", lambda ctx: {"extra_messages": [
        {"id": "t-confirm", "role": "tool", "toolCallId": ctx["confirm_id"],
         "content": json.dumps({"accepted": True, "steps": [{"description": "Execute delete_file", "status": "enabled"}]})}]}),
    ("tool-message-for-the-call", "approve", lambda ctx: {"extra_messages": [
        {"id": "t-call", "role": "tool", "toolCallId": CALL, "content": json.dumps({"accepted": True})}]}),
]

NO_CONFIRM_VARIANTS = [v for v in APPROVAL_VARIANTS if v[0] in {
    "resume-approved-true", "resume-accepted-true", "resume-edit-by-argument-name", "resume-declined-approved-false",
    "resume-cancelled", "resume-approved-with-scope", "resume-parley-editedArgs", "no-resume-same-messages",
    "tool-message-for-the-call"}]


def approval_worked(intent: str, s: dict) -> bool:
    t = s["terminal"]
    if not (t["kind"] == "RUN_FINISHED" and t.get("outcome") in (None, "success")):
        return False
    if intent == "approve":
        return s["tool_ran"] and s.get("tool_result", "").startswith("deleted /tmp/cache")
    if intent == "edit":
        return s["tool_ran"] and "/tmp/other" in s.get("tool_result", "")
    if intent == "decline":
        return not s["tool_ran"]
    return False


def record_approval(client, base, endpoint, variants) -> dict:
    url = f"{base}/maf/{endpoint}"
    out = []
    canonical = None
    for label, intent, build in variants:
        thread = f"maf-{endpoint}-{label}"
        t1 = run1(client, url, thread, "Please delete the cache folder.")
        ints = outcome_interrupts(t1)
        ctx = {"iid": ints[0]["id"] if ints else CALL, "confirm_id": confirm_changes_id(t1) or "no-confirm-changes"}
        parts = build(ctx)
        msgs = snapshot_messages(t1, t1["request"]["messages"]) + parts.get("extra_messages", [])
        b2 = body(thread, "run-2", msgs, forwarded=parts.get("forwarded"), resume=parts.get("resume"))
        t2 = post(client, url, b2)
        s = summarize(t2, CALL)
        turns = [t1, t2]
        ok = approval_worked(intent, s)
        # run 3: prove whether the approval is still pending (after a refusal) or already consumed (after success)
        b3 = body(thread, "run-3", snapshot_messages(t2, msgs),
                  resume=[{"interruptId": ctx["iid"], "status": "resolved", "payload": {"approved": True}}])
        t3 = post(client, url, b3)
        turns.append(t3)
        s["then_resume_approved_true_again"] = summarize(t3, CALL)
        v = {"label": label, "intent": intent, "sent": parts, "result": s, "worked": ok, "turns": turns}
        out.append(v)
        if label == "resume-approved-true":
            canonical = turns[:2]
    accepted: dict[str, list] = {}
    rejected = []
    for v in out:
        e = {"label": v["label"], "sent": v["sent"]}
        if v["worked"]:
            accepted.setdefault(v["intent"], []).append(e)
        else:
            rejected.append({**e, "intent": v["intent"], "result": v["result"]})
    return {"canonical": canonical, "variants": out, "accepted": accepted, "rejected": rejected}


APPROVAL_NOTES = [
    "Interrupt (RUN_FINISHED.outcome): {type:'interrupt', interrupts:[{id:<the function call id>, reason:'tool_call', "
    "message:'Approve running delete_file?', toolCallId:<same id>, responseSchema:{type:'object', properties:{accepted:"
    "{type:'boolean'}, <one optional property per tool argument, typed from its current value>}, required:['accepted'], "
    "additionalProperties:false}, metadata:{agent_framework:{type:'function_approval_request', function_call:{call_id, "
    "name, arguments}, value:{...same...}}}}]} (_run_common._approval_interrupt_for_function_call / "
    "_approval_response_schema).",
    "Before RUN_FINISHED the run also streams CUSTOM 'function_approval_request' {id, function_call:{call_id, name, "
    "arguments}} and, with require_confirmation=True (the default), a synthetic front-end tool call 'confirm_changes' "
    "(TOOL_CALL_START/ARGS/END, args {function_name, function_call_id, function_arguments, steps:[{description:'Execute "
    "delete_file', status:'enabled'}]}) that also appears in MESSAGES_SNAPSHOT next to the real call. "
    "require_confirmation=False drops only the confirm_changes call.",
    "What reads the resume: _run_common._extract_resume_payload takes RunAgentInput.resume, else "
    "forwardedProps.command.resume, else forwardedProps.resume; _agent_run._canonical_approval_resume_messages then "
    "validates it strictly against the server-side pending-approval registry (in-process memory of the "
    "AgentFrameworkAgent: same process needed): every pending interruptId exactly once (else "
    "APPROVAL_RESUME_MISSING_INTERRUPT / APPROVAL_RESUME_NOT_FOUND / APPROVAL_RESUME_INVALID for duplicates), status "
    "'resolved'|'cancelled', payload an object (or a JSON string of one) with a boolean `accepted` or `approved`, and "
    "any other key must be one of the tool's own argument names with a value of the same JSON type "
    "(APPROVAL_RESUME_INVALID 'unsupported edited arguments' / APPROVAL_RESUME_INVALID_RESPONSE 'invalid type'). "
    "Edited arguments are merged over the original ones and the tool runs with them.",
    "status 'cancelled' ends the run with RUN_ERROR APPROVAL_RESUME_CANCELLED (after RUN_STARTED) and drops the pending "
    "approval; a decline that lets the agent continue is {accepted:false} / {approved:false}: the tool is not run, the "
    "model sees a rejected function result and replies.",
    "While an approval is pending, ANY run on that thread without a resume (same messages, a new user message, or a "
    "tool message answering confirm_changes / the call the CopilotKit way) ends with RUN_STARTED + RUN_ERROR "
    "APPROVAL_RESUME_REQUIRED; the approval stays pending.",
    "RUN_ERROR events come after RUN_STARTED, have code + message, and the HTTP stream ends normally.",
    "AGUIRequest coerces a resume object (not list) or an entry without status into [{interruptId, status:'resolved', "
    "payload}] (_types._coerce_legacy_resume).",
    "Approve run: RUN_STARTED, TOOL_CALL_RESULT (no new TOOL_CALL_START), the reply, MESSAGES_SNAPSHOT, RUN_FINISHED. "
    "Decline run: no TOOL_CALL_RESULT event; the snapshot's tool message says 'Error: Tool call invocation was rejected "
    "by user.' (what the model sees). TOOL_CALL_RESULT.messageId differs from the tool message id in MESSAGES_SNAPSHOT. "
    "After an edit the snapshot (and the model) still show the ORIGINAL arguments while the tool ran with the edited "
    "ones. The confirm_changes call stays in the snapshot without a result.",
    "After success or a cancel the approval is consumed: resuming again gives APPROVAL_RESUME_NOT_FOUND (run 3). After "
    "any other RUN_ERROR the approval is still pending and a correct resume then works.",
    "Each interrupt's id is the model's function call id (here the scripted 'call_delete_1').",
]


# --------------------------------------------------------------------------------------
# Other scenarios
# --------------------------------------------------------------------------------------

def fixture(scenario: str, settings: dict, turns: list, notes: list, accepted=None, rejected=None, **extra) -> dict:
    return {"framework": FRAMEWORK, "scenario": scenario, "versions": VERSIONS, "settings": settings, "turns": turns,
            "accepted": accepted or {}, "rejected": rejected or [], **extra, "notes": notes}


def id_notes(turn: dict) -> dict:
    """Which ids the streamed events used vs. the MESSAGES_SNAPSHOT."""
    starts = [e["messageId"] for e in events_of(turn, "TEXT_MESSAGE_START")]
    with_text = sorted({e["messageId"] for e in events_of(turn, "TEXT_MESSAGE_CONTENT")})
    parents = [e.get("parentMessageId") for e in events_of(turn, "TOOL_CALL_START")]
    snap = events_of(turn, "MESSAGES_SNAPSHOT")
    snap_msgs = snap[-1]["messages"] if snap else []
    tool_call_msgs = [m["id"] for m in snap_msgs if m.get("toolCalls")]
    result_ids = [e["messageId"] for e in events_of(turn, "TOOL_CALL_RESULT")]
    snap_ids = {m["id"] for m in snap_msgs}
    return {
        "text_message_start_ids": starts,
        "text_message_ids_with_content": with_text,
        "tool_call_start_parentMessageIds": parents,
        "snapshot_tool_call_message_ids": tool_call_msgs,
        "tool_call_parent_found_in_snapshot": [p in snap_ids for p in parents],
        "tool_call_result_message_ids": result_ids,
        "tool_result_ids_found_in_snapshot": [r in snap_ids for r in result_ids],
        "empty_text_messages": [i for i in starts if i not in with_text],
    }


def main():
    written = []
    with Server("servers.maf_server:app", PORT) as srv, httpx.Client() as client:
        base = srv.base
        # (1) chat
        t = run1(client, f"{base}/maf/chat", "maf-chat", "Hi there!")
        written.append(write_fixture("maf", "chat", fixture(
            "chat", {"endpoint": "/maf/chat", "agent": "Agent(ScriptedChatClient) via add_agent_framework_fastapi_endpoint"},
            [t], ["TEXT_MESSAGE_* ids are uuids generated by the AG-UI layer (generate_event_id), not the provider's "
                  "message_id; MESSAGES_SNAPSHOT reuses the streamed id for a text-only reply."],
            ids=id_notes(t))))

        # (2) server tool
        t = run1(client, f"{base}/maf/server-tool", "maf-server-tool", "What's the weather in Lisbon?")
        ids = id_notes(t)
        written.append(write_fixture("maf", "server-tool", fixture(
            "server-tool", {"endpoint": "/maf/server-tool", "tools": ["get_weather (executed by the framework)"]},
            [t], [
                "Tool-only model output opens an EMPTY text message (TEXT_MESSAGE_START ... TEXT_MESSAGE_END with no "
                "CONTENT) whose id is TOOL_CALL_START.parentMessageId; TOOL_CALL_RESULT closes it.",
                "In MESSAGES_SNAPSHOT the tool-calling assistant message gets a NEW id (not the streamed "
                "parentMessageId) once a result closed the streamed message; the final text keeps its streamed id; the "
                "tool message keeps TOOL_CALL_RESULT.messageId. See `ids`.",
            ], ids=ids)))

        # (3) approvals
        for endpoint, variants, extra_note in [
            ("approval", APPROVAL_VARIANTS, "AgentFrameworkAgent default require_confirmation=True."),
            ("approval-no-confirm", NO_CONFIRM_VARIANTS, "AgentFrameworkAgent(require_confirmation=False)."),
        ]:
            r = record_approval(client, base, endpoint, variants)
            first = r["variants"][0]["turns"][0]
            written.append(write_fixture("maf", endpoint, fixture(
                endpoint,
                {"endpoint": f"/maf/{endpoint}", "tools": ["delete_file(path, recursive) approval_mode='always_require'"],
                 "run2_messages": "the last MESSAGES_SNAPSHOT of run 1 (+ extra messages where the variant says so)",
                 "run3": "every variant then posts resume [{interruptId, status:'resolved', payload:{approved:true}}] "
                         "again, to show whether the approval was still pending or already consumed"},
                r["canonical"], [extra_note] + APPROVAL_NOTES,
                accepted=r["accepted"], rejected=r["rejected"],
                interrupt=outcome_interrupts(first), ids=id_notes(first), variants=r["variants"])))
            print(endpoint, "accepted:", {k: [x["label"] for x in v] for k, v in r["accepted"].items()})
            print("  rejected:", [(x["label"], x["result"]["terminal"].get("code") or x["result"]["terminal"]["kind"])
                                  for x in r["rejected"]])

        # (4a) state_update
        t = run1(client, f"{base}/maf/state-update", "maf-state-update", "Save the pancake recipe.")
        written.append(write_fixture("maf", "state-update", fixture(
            "state-update", {"endpoint": "/maf/state-update", "state_schema": {"recipe": {"type": "object"}},
                             "tools": ["set_recipe -> agent_framework_ag_ui.state_update(text, state={'recipe': ...})"]},
            [t], ["state_update(): STATE_SNAPSHOT with the merged state right after the tool's TOOL_CALL_RESULT."],
            ids=id_notes(t))))

        # (4b) predictive state on a server-executed tool
        t = run1(client, f"{base}/maf/predictive", "maf-predictive", "Write the document about the launch.")
        written.append(write_fixture("maf", "predictive-state", fixture(
            "predictive-state", {"endpoint": "/maf/predictive", "state_schema": {"document": {"type": "string"}},
                                 "predict_state_config": {"document": {"tool": "write_document",
                                                                       "tool_argument": "document"}},
                                 "tools": ["write_document (server-side, executed by the framework)"]},
            [t], ["CUSTOM 'PredictState' [{state_key, tool, tool_argument}] right after RUN_STARTED, then STATE_SNAPSHOT "
                  "of the schema defaults (a non-array schema defaults to {} even for type string), then one "
                  "STATE_DELTA [{op:'replace', path:'/document', value:<partial argument>}] per TOOL_CALL_ARGS chunk, "
                  "and a STATE_SNAPSHOT after the TOOL_CALL_RESULT. No confirmation for a server-executed tool."],
            ids=id_notes(t))))

        # (4c) predictive state on a client-declared tool -> confirm_changes + steps interrupt
        url = f"{base}/maf/predictive-confirm"
        doc_tool = {"name": "write_document", "description": "Write the document shown to the user.",
                    "parameters": {"type": "object", "properties": {"document": {"type": "string"}},
                                   "required": ["document"]}}
        steps = [{"description": "Execute write_document", "status": "enabled"}]
        variants = []
        canonical = None
        for label, mk in [
            ("resume-accepted-with-steps", lambda ctx: {"resume": [{"interruptId": ctx["iid"], "status": "resolved",
                                                                     "payload": {"accepted": True, "steps": steps}}]}),
            ("resume-accepted", lambda ctx: {"resume": [{"interruptId": ctx["iid"], "status": "resolved",
                                                          "payload": {"accepted": True}}]}),
            ("resume-rejected-with-steps", lambda ctx: {"resume": [{"interruptId": ctx["iid"], "status": "resolved",
                                                                     "payload": {"accepted": False, "steps": steps}}]}),
            ("resume-cancelled", lambda ctx: {"resume": [{"interruptId": ctx["iid"], "status": "cancelled"}]}),
            ("tool-message-confirm-changes", lambda ctx: {"extra_messages": [
                {"id": "t-confirm", "role": "tool", "toolCallId": ctx["iid"],
                 "content": json.dumps({"accepted": True, "steps": steps})}]}),
            ("no-resume-same-messages", lambda ctx: {}),
        ]:
            th = f"maf-predictive-confirm-{label}"
            a = run1(client, url, th, "Write the document about the launch.", tools=[doc_tool])
            ia = outcome_interrupts(a)
            parts = mk({"iid": ia[0]["id"] if ia else "no-interrupt"})
            msgs = snapshot_messages(a, a["request"]["messages"]) + parts.get("extra_messages", [])
            b2 = body(th, "run-2", msgs, tools=[doc_tool], resume=parts.get("resume"))
            t2 = post(client, url, b2)
            variants.append({"label": label, "sent": parts, "result": summarize(t2, None), "turns": [a, t2]})
            if label == "resume-accepted-with-steps":
                canonical = [a, t2]
        written.append(write_fixture("maf", "predictive-confirm", fixture(
            "predictive-confirm", {"endpoint": "/maf/predictive-confirm", "RunAgentInput.tools": [doc_tool],
                                   "state_schema": {"document": {"type": "string"}},
                                   "predict_state_config": {"document": {"tool": "write_document",
                                                                         "tool_argument": "document"}},
                                   "require_confirmation": True},
            canonical, [
                "Predictive state on a client-declared tool (declaration-only) with require_confirmation=True: STATE_DELTA "
                "per args chunk, STATE_SNAPSHOT, then a synthetic confirm_changes tool call and RUN_FINISHED interrupt "
                "{id:<confirm_changes call id>, reason:'tool_call', message:'Approve the proposed changes from "
                "write_document?', toolCallId:<the write_document call id>, responseSchema:{accepted:boolean, "
                "steps:[{description, status:'enabled'|'disabled'}]} additionalProperties:false, "
                "metadata.agent_framework.confirmation_tool_call_id}.",
                "NOTHING answers it here: every resume[] entry (accepted, rejected, with/without steps, cancelled) gets "
                "RUN_ERROR APPROVAL_RESUME_NOT_FOUND, because confirm_changes interrupts are not put in the "
                "pending-approval registry while _canonical_approval_resume_messages rejects any resume that looks like "
                "an approval decision when nothing is registered. The CopilotKit-style tool message answering "
                "confirm_changes is turned into an approval response for write_document, then dropped as having no "
                "pending request: the model sees the call with no result (model_inputs) and, here, calls the tool "
                "again. Sending nothing makes the framework inject a synthetic result 'Tool execution skipped - "
                "conversation ended before the tool result was available.'",
            ], interrupt=outcome_interrupts(canonical[0]), variants=variants, ids=id_notes(canonical[0]),
            accepted={},
            rejected=[{"label": v["label"], "sent": v["sent"], "result": v["result"]} for v in variants])))

        # (5) client (front-end) tool
        url = f"{base}/maf/client-tool"
        tools = [PARLEY_ADVISE_TOOL]
        answer = {"status": "answered", "response": {"action": "choose", "optionIds": ["dep-1840"], "numbers": [3]}}
        variants = []
        canonical = None
        for label, mk in [
            ("tool-message-answer", lambda a, ctx: {"extra_messages": [
                {"id": "parley-answer:call_advise_1", "role": "tool", "toolCallId": "call_advise_1",
                 "content": json.dumps(answer)}]}),
            ("resume-entry-by-tool-call-id", lambda a, ctx: {"resume": [
                {"interruptId": "call_advise_1", "status": "resolved", "payload": answer}]}),
            ("new-user-message-without-tool-result", lambda a, ctx: {"extra_messages": [
                {"id": "u-2", "role": "user", "content": "Chose 3: 18:40"}]}),
            ("tool-message-with-accepted-key", lambda a, ctx: {"extra_messages": [
                {"id": "parley-answer:call_advise_1", "role": "tool", "toolCallId": "call_advise_1",
                 "content": json.dumps({"accepted": True})}]}),
        ]:
            th = f"maf-client-tool-{label}"
            a = run1(client, url, th, "Which departure should I take?", tools=tools)
            parts = mk(a, {})
            msgs = snapshot_messages(a, a["request"]["messages"]) + parts.get("extra_messages", [])
            b2 = body(th, "run-2", msgs, tools=tools, resume=parts.get("resume"))
            t2 = post(client, url, b2)
            variants.append({"label": label, "sent": parts, "result": summarize(t2, "call_advise_1"), "turns": [a, t2]})
            if label == "tool-message-answer":
                canonical = [a, t2]
        written.append(write_fixture("maf", "client-tool", fixture(
            "client-tool", {"endpoint": "/maf/client-tool", "RunAgentInput.tools": tools,
                            "agent tools": "none (the model calls the client-declared tool)"},
            canonical, [
                "A model call to a tool declared in RunAgentInput.tools streams TOOL_CALL_START/ARGS/END inside an "
                "empty text message and ends with a plain RUN_FINISHED: no outcome, no interrupt, no pendingToolCallIds.",
                "Answer 1: a tool message {role:'tool', toolCallId, content} in the next run's messages (its id is kept "
                "in MESSAGES_SNAPSHOT). Answer 2: resume [{interruptId:<toolCallId>, status:'resolved', payload}] - "
                "_agent_run._resume_to_tool_messages turns it into a tool message (payload JSON-encoded; new uuid id).",
                "A tool message whose JSON content has an `accepted` key is treated as an APPROVAL payload by the "
                "message adapter, not as a tool result: here it was swallowed and the model saw the call with no result "
                "(it called the tool again). Parley's front-end tool results must not carry `accepted`.",
                "A new user message without the tool result: the framework injects the synthetic result 'Tool execution "
                "skipped - user provided follow-up message' for the dangling call (see model_inputs).",
            ], variants=variants, ids=id_notes(canonical[0]),
            accepted={"answer": [{"label": v["label"], "sent": v["sent"]} for v in variants
                                 if v["label"] in ("tool-message-answer", "resume-entry-by-tool-call-id")]},
            rejected=[{"label": v["label"], "sent": v["sent"], "result": v["result"]} for v in variants
                      if v["label"] not in ("tool-message-answer", "resume-entry-by-tool-call-id")])))

        # (6) SSE framing probe: slow stream, keepalive_seconds=0.5
        b = body("maf-slow", "run-1", [{"id": "u-1", "role": "user", "content": "Hi there!"}])
        t = post(client, f"{base}/maf/slow", b, keep_raw=True)
        written.append(write_fixture("maf", "sse-keepalive-framing", fixture(
            "sse-keepalive-framing", {"endpoint": "/maf/slow", "keepalive_seconds": 0.5,
                                      "note": "default keepalive_seconds is 15"},
            [t], ["raw_sse holds the exact bytes: events are 'data: <json>\\n\\n' but the keepalive comments that "
                  "sse-starlette writes are ': keepalive\\r\\n\\r\\n' (CRLF) - see framing."])))
    print("\n".join(str(p) for p in written))


if __name__ == "__main__":
    main()
