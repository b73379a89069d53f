#!/usr/bin/env bash
# Runs the unit and integration tests on another Node.js major (default 24) without touching the
# machine's Node: the npm registry's `node` package (the official binaries, as an npm package) is
# installed into a temporary folder and put first on PATH for this run only, so vitest, its workers
# and the child processes tests spawn (process.execPath) all run on it. The native add-ons (sharp,
# onnxruntime-node, @node-rs/argon2) use Node-API and need no rebuild.
# Usage: bash scripts/ci-node24.sh [vitest arguments, e.g. a few test files]
#        NODE_MAJOR=22 bash scripts/ci-node24.sh
set -euo pipefail
cd "$(dirname "$0")/.."

major="${NODE_MAJOR:-24}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "node@$major" >/dev/null
bin="$dir/node_modules/node/bin"
if ! "$bin/node" --version >/dev/null 2>&1; then
  echo "node@$major from the registry did not install a working binary in $bin" >&2
  exit 1
fi
export PATH="$bin:$PATH"
version="$(node --version)"
case "$version" in
  "v$major".*) echo "Tests on Node $version (from the npm registry's node package, in $dir)" ;;
  *) echo "expected Node $major on PATH, found $version" >&2; exit 1 ;;
esac
npx vitest run "$@"
