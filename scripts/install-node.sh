#!/usr/bin/env bash
# Installs Node.js from the npm registry into PREFIX (default /usr/local): the node-linux-<arch>
# package there holds the official build, so no host other than the registry is needed. scripts/setup.sh
# runs it when the machine's node is older than the page's tools need (Debian bookworm's is 18; Vite 8
# needs 20.19): Debian's npm fetches the package, and PREFIX/bin comes before /usr/bin on the PATH.
#   scripts/install-node.sh [PREFIX]
set -euo pipefail

version=20.20.2 # the version the page is tested with
prefix=${1:-/usr/local}
case $(uname -m) in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *)
    echo "install-node: the npm registry has no Node.js build for $(uname -m)" >&2
    exit 1
    ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "setup: installing Node.js $version (node-linux-$arch from the npm registry) into $prefix"
# npm pack checks the tarball against the registry's integrity hash.
(cd "$tmp" && npm pack --loglevel=error "node-linux-$arch@$version" >/dev/null)
tar -xzf "$tmp/node-linux-$arch-$version.tgz" -C "$tmp" package/bin/node
install -D -m 755 "$tmp/package/bin/node" "$prefix/bin/node"
installed=$("$prefix/bin/node" --version)
if [ "$installed" != "v$version" ]; then
  echo "install-node: $prefix/bin/node reports $installed, not v$version" >&2
  exit 1
fi
