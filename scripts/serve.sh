#!/usr/bin/env bash
# Builds the engine and the page and serves the page on http://localhost:8080/ (or the next free
# port). The built page, web/dist/index.html, also works opened straight from disk.
#   scripts/serve.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/build-wasm.sh motive_wasm
npm --prefix web run build
exec node scripts/serve.mjs web/dist "${1:-8080}"
