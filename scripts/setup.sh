#!/usr/bin/env bash
# Installs everything Motive needs on a fresh Debian bookworm machine: the native toolchain and
# libraries, Emscripten for the wasm module, Chromium for the page tests, and the page's npm packages
# (from the committed lock file). Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config ccache
  libeigen3-dev nlohmann-json3-dev googletest libgtest-dev libbenchmark-dev
  emscripten chromium
  # The sanitizer and fuzzing build (clang with ASan, UBSan and libFuzzer; lld links it), its seed
  # gathering (python3) and the C++ formatter.
  clang-14 libclang-rt-14-dev lld python3 clang-format-14
  # The Python package (docs/python.md): the extension's build (pybind11), pandas for its tables,
  # pytest for its suite, Dask's distributed for batch runs on a cluster, Jupyter's kernel and
  # nbconvert for the notebooks, matplotlib for their plots, venv for the user's environment.
  python3-dev pybind11-dev python3-pybind11 python3-pandas python3-pytest python3-distributed
  python3-nbconvert python3-ipykernel python3-matplotlib python3-venv)
# Node.js and npm may come from elsewhere than Debian (the machine image ships its own build, whose
# nodejs package also provides npm): only ask Debian for them when the commands are missing.
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The page's tools (Vite 8) need Node.js 20.19 or later, and Debian bookworm's nodejs is 18: then
# install a newer one from the npm registry into /usr/local (scripts/install-node.sh).
node_new_enough() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number);
           process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null
}
if ! node_new_enough; then
  "${sudo_cmd[@]}" scripts/install-node.sh /usr/local
  hash -r
  if ! node_new_enough; then
    echo "setup: installed /usr/local/bin/node ($(/usr/local/bin/node --version)), but the PATH finds" \
      "$(command -v node) first: put /usr/local/bin before it" >&2
    exit 1
  fi
fi

if [ -f web/package-lock.json ]; then
  if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    echo "setup: installing the page's npm packages"
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi

# `import motive` for the user without PYTHONPATH and without pip (Debian's python refuses
# system-wide installs and there is no package index): a virtual environment .venv (git-ignored) made
# from Debian's python with its site packages (pandas, Dask, Jupyter), in which a .pth file puts the
# native build's package folder (build/native/python, made by scripts/build-native.sh or
# scripts/python.sh) on the path, and a Jupyter kernel running the environment's python.
if [ ! -x .venv/bin/python ]; then
  echo "setup: making the Python environment .venv"
  /usr/bin/python3 -m venv --system-site-packages .venv
fi
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$PWD/build/native/python" >"$site/motive-build.pth"
if [ ! -f .venv/share/jupyter/kernels/python3/kernel.json ]; then
  .venv/bin/python -Xfrozen_modules=off -m ipykernel install --sys-prefix >/dev/null
fi
