"""Record every framework: LangGraph (ag_ui_langgraph) and Microsoft Agent Framework (agent_framework_ag_ui).

Usage:  . ./env.sh && python record.py [langgraph] [maf]      (default: both; LangGraph also records *-raw-events)
Each recorder starts its server as a uvicorn subprocess on 127.0.0.1 (8701 / 8702), posts RunAgentInput bodies
with httpx, writes fixtures/<framework>/<scenario>[-<mode>].json and stops the server it started.
"""

import sys

import record_langgraph
import record_maf

if __name__ == "__main__":
    which = [a for a in sys.argv[1:] if not a.startswith("-")] or ["langgraph", "maf"]
    if "langgraph" in which:
        sys.argv = [sys.argv[0], "--raw"]
        record_langgraph.main()
    if "maf" in which:
        record_maf.main()
