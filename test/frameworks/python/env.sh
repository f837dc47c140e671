# source me: sets PYTHONPATH to the fetched sources and activates the venv
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
S="$HERE/src"
export PYTHONPATH="$HERE:$S/sdks/python:$S/sdks/python/a2ui_toolkit:$S/integrations/langgraph/python:$S/streaming/py:$S/python/packages/core:$S/python/packages/ag-ui"
. "$HERE/.venv/bin/activate"
