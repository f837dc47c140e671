"""Copy what the conformance suite replays from the full recordings (fixtures/ beside this file,
written by record.py) into test/frameworks/fixtures/: for each scenario, the first turn and the
variants whose answer shape Parley sends, each with its requests and events as the server streamed
them (the scripted model's debug inputs are left out: they are not on the wire).

    python select_fixtures.py [path/to/full/fixtures]
"""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "fixtures"
TARGET = HERE.parent / "fixtures"

KEEP = {
    "langgraph": {
        "chat": [],
        "confirm-tool": ["resume-approve", "resume-approve-edit", "resume-decline", "fp-approve-object", "fp-approve-edit", "fp-decline-object"],
        "form": ["resume-values", "resume-cancelled", "fp-values"],
        "string": ["resume-string", "resume-cancelled", "fp-string"],
        "hitl-middleware": ["resume-decisions-approve", "resume-decisions-edit", "resume-decisions-reject", "fp-decisions-approve", "fp-decisions-edit", "fp-decisions-reject"],
    },
    "maf": {
        "chat": [],
        "server-tool": [],
        "state-update": [],
        "predictive-state": [],
        "approval": ["resume-accepted-true", "resume-edit-by-argument-name", "resume-declined-accepted-false"],
        # Its decline is proven by "approval" (declined-accepted-false): the same server path.
        "approval-no-confirm": ["resume-accepted-true", "resume-edit-by-argument-name"],
        "client-tool": ["tool-message-answer"],
    },
}
MODES = ["both", "legacy-default", "outcome-only", "outcome-only-explicit"]


def turns(items):
    return [{"request": t["request"], "events": t["events"]} for t in items]


def select(framework, scenario, path):
    full = json.loads(path.read_text())
    labels = KEEP[framework][scenario]
    out = {k: full[k] for k in ("framework", "scenario", "mode", "versions", "settings", "notes") if k in full}
    out["turns"] = turns(full["turns"][:1])
    variants = {v["label"]: v for v in full.get("variants", [])}
    out["variants"] = [
        {"label": label, "intent": variants[label].get("intent"), "sent": variants[label].get("sent"), "worked": variants[label].get("worked"),
         "result": variants[label].get("result"), "turns": turns(variants[label]["turns"])}
        for label in labels if label in variants
    ]
    return out


for framework, scenarios in KEEP.items():
    (TARGET / framework).mkdir(parents=True, exist_ok=True)
    for scenario in scenarios:
        names = [f"{scenario}-{mode}" for mode in MODES] if framework == "langgraph" else [scenario]
        for name in names:
            path = SOURCE / framework / f"{name}.json"
            if not path.exists():
                continue
            (TARGET / framework / f"{name}.json").write_text(json.dumps(select(framework, scenario, path), indent=1, ensure_ascii=False) + "\n")
            print("wrote", framework, name)
