#!/usr/bin/env bash
# Checks or applies the code style: clang-format (.clang-format: Google style, 110 columns) for the C++
# of engine/, cli/, wasm/, tests/, bench/ and python/, and Prettier (from the page's lock file, configured in
# web/package.json) for web/src, web/index.html, web/vite.config.js and tests/web.
#
#   scripts/format.sh --check     lists the files that are not formatted; exits 1 if there are any
#   scripts/format.sh --fix       formats them in place
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

mode=${1:-}
case $mode in
  --check | --fix) ;;
  *) echo "usage: scripts/format.sh --check | --fix" >&2; exit 2 ;;
esac

clang_format=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$clang_format" ] || { echo "format: clang-format not found; run scripts/setup.sh" >&2; exit 1; }
prettier=web/node_modules/.bin/prettier
[ -x "$prettier" ] || { echo "format: $prettier not found; run scripts/setup.sh" >&2; exit 1; }

mapfile -t cxx < <(git ls-files -co --exclude-standard -- 'engine/*.cc' 'engine/*.h' 'cli/*.cc' 'cli/*.h' \
  'wasm/*.cc' 'wasm/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' 'bench/*.h' 'python/*.cc' | sort -u)
mapfile -t web < <(git ls-files -co --exclude-standard -- 'web/src/*' 'web/index.html' 'web/vite.config.js' \
  'tests/web/*.mjs' 'scripts/*.mjs' | sort -u)

status=0
if [ "$mode" = --fix ]; then
  ((${#cxx[@]})) && "$clang_format" -i "${cxx[@]}"
  ((${#web[@]})) && "$prettier" --config web/package.json --log-level warn --write "${web[@]}" >/dev/null
  echo "format: formatted ${#cxx[@]} C++ and ${#web[@]} page files"
  exit 0
fi

unformatted=()
for f in "${cxx[@]}"; do
  "$clang_format" --dry-run --Werror "$f" >/dev/null 2>&1 || unformatted+=("$f")
done
if ((${#web[@]})); then
  mapfile -t -O "${#unformatted[@]}" unformatted < <("$prettier" --config web/package.json --list-different "${web[@]}")
fi
if ((${#unformatted[@]})); then
  printf 'format: not formatted: %s\n' "${unformatted[@]}"
  echo "format: ${#unformatted[@]} files differ from the style; scripts/format.sh --fix formats them"
  status=1
else
  echo "format: ${#cxx[@]} C++ and ${#web[@]} page files are formatted"
fi
exit $status
