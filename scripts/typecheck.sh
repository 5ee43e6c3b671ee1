#!/usr/bin/env bash
# `pnpm typecheck`: every TypeScript project of the repository (each tracked tsconfig.json), strict, with
# TypeScript 7's native compiler, the root's (docs/decisions/0016-native-type-checker.md).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for project in $(git ls-files '*tsconfig.json'); do
  node_modules/.bin/tsc -p "$project" || status=1
done
exit "$status"
