"""Shared helpers for the recorders: start a server subprocess, post RunAgentInput, parse SSE."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import sys
import time
from pathlib import Path
from typing import Any, Optional

import httpx

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"

# Commits the sources in src/ were extracted from (README.md, "Sources").
SOURCE_COMMITS = {
    "ag-ui-protocol/ag-ui": "821b8c227c6fe7b78de2c8259173dd7cbbdf181b",
    "microsoft/agent-framework": "5eb3eb745e16324ac7bffb1dbe006d8f13c8d993",
    "langchain-ai/agent-protocol": "d9fd23d762bf4cffe876890a854fb79bcdd14f1a",
}


def pkg_versions(*names: str) -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for n in names:
        try:
            out[n] = version(n)
        except PackageNotFoundError:
            out[n] = "source (PYTHONPATH)"
    return out


class Server:
    """A uvicorn subprocess on 127.0.0.1 that we started and will stop by its pid."""

    def __init__(self, app: str, port: int, env: Optional[dict] = None, log: Optional[Path] = None):
        self.app, self.port = app, port
        self.env = {**os.environ, **(env or {})}
        self.log = log or Path(tempfile.gettempdir()) / f"parley-{port}.log"
        self.proc: Optional[subprocess.Popen] = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", self.app, "--host", "127.0.0.1", "--port", str(self.port),
             "--log-level", "warning"],
            cwd=str(HERE), env=self.env, stdout=open(self.log, "w"), stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 180
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited; see {self.log}")
            try:
                if httpx.get(self.base + "/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise RuntimeError("server did not come up")

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def parse_sse(raw: str) -> tuple[list[dict], dict]:
    """Split on blank lines the way @ag-ui/client does (LF only) and also report framing facts."""
    framing = {
        "crlf": "\r\n" in raw,
        "comment_lines": sum(1 for line in raw.split("\n") if line.startswith(":")),
        "non_data_fields": sorted({line.split(":", 1)[0] for line in raw.replace("\r", "").split("\n")
                                   if line and not line.startswith(("data:", ":"))}),
    }
    events = []
    for frame in raw.replace("\r\n", "\n").split("\n\n"):
        data = [line[5:].lstrip(" ") if line.startswith("data:") else None for line in frame.split("\n")]
        data = [d for d in data if d is not None]
        if not data:
            continue
        events.append(json.loads("\n".join(data)))
    return events, framing


def post_run(client: httpx.Client, url: str, body: dict, keep_raw: bool = False) -> dict:
    """POST a RunAgentInput; return {status, events, framing, transport_error?, body_text?}."""
    raw_parts: list[str] = []
    out: dict[str, Any] = {}
    try:
        with client.stream("POST", url, json=body, headers={"accept": "text/event-stream"}, timeout=60) as r:
            out["http_status"] = r.status_code
            out["content_type"] = r.headers.get("content-type")
            for chunk in r.iter_text():
                raw_parts.append(chunk)
    except httpx.HTTPError as e:  # e.g. RemoteProtocolError when the server dies mid-stream
        out["transport_error"] = f"{type(e).__name__}: {e}"
    raw = "".join(raw_parts)
    if out.get("http_status", 200) != 200 or not out.get("content_type", "").startswith("text/event-stream"):
        try:
            out["body"] = json.loads(raw)
        except ValueError:
            out["body_text"] = raw
        out["events"] = []
        return out
    out["events"], out["framing"] = parse_sse(raw)
    if keep_raw:
        out["raw_sse"] = raw
    return out


def write_fixture(framework_dir: str, name: str, data: dict) -> Path:
    d = FIXTURES / framework_dir
    d.mkdir(parents=True, exist_ok=True)
    p = d / f"{name}.json"
    p.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return p


def events_of(turn: dict, type_: str) -> list[dict]:
    return [e for e in turn.get("events", []) if e.get("type") == type_]


def terminal(turn: dict) -> dict:
    """Short description of how a run ended."""
    if turn.get("http_status") not in (None, 200):
        return {"kind": "http_error", "status": turn["http_status"], "body": turn.get("body", turn.get("body_text"))}
    ev = turn.get("events", [])
    last = ev[-1] if ev else None
    if turn.get("transport_error"):
        return {"kind": "transport_error", "error": turn["transport_error"],
                "last_event": last and last.get("type")}
    if not last:
        return {"kind": "no_events"}
    if last["type"] == "RUN_ERROR":
        return {"kind": "RUN_ERROR", "code": last.get("code"), "message": last.get("message")}
    if last["type"] == "RUN_FINISHED":
        oc = last.get("outcome")
        return {"kind": "RUN_FINISHED", "outcome": oc.get("type") if oc else None,
                "interrupt_ids": [i["id"] for i in oc.get("interrupts", [])] if oc else []}
    return {"kind": "ended_without_terminal_event", "last_event": last["type"]}
