#!/usr/bin/env bash
# Runs Python with the motive package importable: builds the extension when it is missing or out of
# date (scripts/build-native.sh motive_python), then runs the set-up's environment's python
# (.venv, made by scripts/setup.sh) with the arguments given.
#   scripts/python.sh                       an interactive session: import motive
#   scripts/python.sh -m jupyter notebook   (if Jupyter's notebook server is installed)
#   scripts/python.sh my_sweep.py
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$root/.venv/bin/python" ] || "$root/scripts/setup.sh" >&2
"$root/scripts/build-native.sh" motive_python >/dev/null
exec "$root/.venv/bin/python" "$@"
