#!/usr/bin/env bash
# Runs the pinned pnpm. A fresh machine has only Node and npm, and corepack cannot verify pnpm's
# signature offline, so pnpm is installed from the npm registry into .tools/ on first use.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="10.34.9"
if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$version" ]; then
  exec pnpm "$@"
fi
bin="$root/.tools/node_modules/.bin/pnpm"
if [ ! -x "$bin" ] || [ "$("$bin" --version)" != "$version" ]; then
  echo "Installing pnpm $version into .tools/ ..." >&2
  npm install --silent --no-audit --no-fund --prefix "$root/.tools" "pnpm@$version" >&2
fi
export PATH="$root/.tools/node_modules/.bin:$PATH"
exec "$bin" "$@"
