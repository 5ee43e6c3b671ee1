#!/usr/bin/env bash
# Fails when apps/studio/schema.json or apps/web/app/content/sanity.types.ts is stale: regenerates
# both into a scratch folder from the schema and the queries, and compares with the committed files.
set -euo pipefail
cd "$(dirname "$0")/../apps/studio"
# A relative scratch path: `sanity schema extract --path` does not accept an absolute one.
scratch=".typegen-check"
mkdir -p "$scratch"
trap 'rm -rf "$scratch"' EXIT
npx sanity schema extract --enforce-required-fields --path "$scratch/schema.json" >"$scratch/log" 2>&1 || { cat "$scratch/log"; exit 1; }
TYPEGEN_SCHEMA="$scratch/schema.json" TYPEGEN_OUT="$scratch/sanity.types.ts" npx sanity typegen generate >"$scratch/log" 2>&1 ||
  { cat "$scratch/log"; exit 1; }
status=0
diff -q schema.json "$scratch/schema.json" >/dev/null || { echo "apps/studio/schema.json is stale: run pnpm typegen" >&2; status=1; }
# The generated header names the schema file it read; compare everything else.
without_source() { grep -v '^// Source: ' "$1"; }
diff -q <(without_source ../web/app/content/sanity.types.ts) <(without_source "$scratch/sanity.types.ts") >/dev/null || {
  echo "apps/web/app/content/sanity.types.ts is stale: run pnpm typegen" >&2; status=1; }
[ "$status" -eq 0 ] && echo "Generated schema and query types are up to date."
exit "$status"
