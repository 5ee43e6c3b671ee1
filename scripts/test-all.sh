#!/usr/bin/env bash
# The one test command (`npm test`): installs what is missing, then runs every check and both test layers.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { bash scripts/pnpm.sh "$@"; }
started=$SECONDS
step() { printf '\n=== %s (at %ds) ===\n' "$*" "$((SECONDS - started))"; }

# Steps that spend most of their time waiting run beside the others: `start_beside NAME COMMAND...` starts
# one with its output kept aside, `await_beside NAME WHAT` prints that output and fails the run if it failed.
declare -A beside_pid beside_log
trap 'kill "${beside_pid[@]}" 2>/dev/null || true; rm -f "${beside_log[@]}"' EXIT
start_beside() {
  local name=$1
  shift
  beside_log[$name]=$(mktemp)
  "$@" >"${beside_log[$name]}" 2>&1 &
  beside_pid[$name]=$!
}
await_beside() {
  local status=0
  wait "${beside_pid[$1]}" || status=$?
  cat "${beside_log[$1]}"
  if [ "$status" -ne 0 ]; then
    echo "$2 failed (exit $status)."
    exit "$status"
  fi
}

step "install (Node 24 from the npm registry beside it, for the unit and lead tests' second run)"
start_beside node24 bash scripts/ensure-node24.sh
pnpm install --frozen-lockfile
bash scripts/ensure-chromium.sh
bash scripts/ensure-java.sh
bash scripts/ensure-postgres.sh
bash scripts/ensure-strace.sh
await_beside node24 "Installing Node 24"

step "lead server: endpoint, outbox, durability and faults (killed servers, failing receivers, several processes on one store), on the embedded store and on a PostgreSQL server, on this Node and on Node 24 at once: started here, beside every other step, as most of their time is spent waiting on killed processes, retries and claim windows"
start_beside leads bash scripts/pnpm.sh test:leads
# On Node 24 without freshClone.test.ts: it installs a clone with the machine's Node (the quick start a fresh
# machine runs), and on Node 24 that install would compile better-sqlite3, which the store does not use there.
# Each run has its own PostgreSQL server, stores and ports (tests/leads/support), so the two share nothing.
start_beside leads_node24 bash scripts/ensure-node24.sh bash scripts/pnpm.sh test:leads --exclude tests/leads/freshClone.test.ts

step "the default production build (forms post to the lead server), which the browser tests and the Studio's tests use"
# The browser tests' webhook recorder listens on this port (tests/e2e/support/webhookRecorder.ts), moved by
# E2E_PORT_OFFSET as the browser tests' own ports are. The default build is given the VITE_ webhook addresses
# too: it must not carry them (tests/build-output).
recorder="http://127.0.0.1:$((4599 + ${E2E_PORT_OFFSET:-0}))"
production() {
  VITE_CONTACT_WEBHOOK_URL="$recorder/hooks/contact" \
  VITE_GUIDE_WEBHOOK_URL="$recorder/hooks/guide" \
  VITE_QUALIFY_WEBHOOK_URL="$recorder/hooks/qualify" \
  VITE_GIVEAWAY_WEBHOOK_URL="$recorder/hooks/giveaway" \
  VITE_APP_URL="https://app.example.test" \
  SITE_URL="https://www.example.test" \
    "$@"
}
production pnpm build

step "the real Sanity Studio on the local Content Lake (playwright + chromium): started here, as soon as the site's build exists, before the checks below (its lead server serves it; the suite builds the Studio itself, with its own settings, and serves it as a host would), beside every step below: it is the longest step, one test at a time, and much of its time is spent waiting on publishes, deliveries and its dev servers"
start_beside studio_e2e pnpm test:studio-e2e

step "dependency audit (production dependencies, high and critical)"
bash scripts/audit.sh

step "house style: formatter, linter, unused code (biome, knip)"
pnpm lint

step "types"
# `pnpm typecheck` without its route typegen, which `pnpm lint` has just run.
bash scripts/typecheck.sh

step "studio: the schema valid and the generated types up to date"
# `sanity schema extract` refuses a schema with an error and prints the report `sanity schema validate` would
# (which fails on errors only): running validate too loaded the whole Studio config a second time for nothing.
bash scripts/check-typegen.sh

step "unit tests (vitest), on this Node"
pnpm test:unit --maxWorkers=2

step "unit tests that run in Node (not the components' jsdom tests, which test browser code), on Node 24"
bash scripts/ensure-node24.sh bash scripts/pnpm.sh test:unit --project node --maxWorkers=2

step "the direct production build (VITE_LEAD_DELIVERY=direct: forms post to their webhooks)"
VITE_LEAD_DELIVERY=direct SITE_BUILD_DIR=build-direct SITE_OUT_DIR=dist-direct production pnpm build >/dev/null

step "incremental publish: publish:changed on a copy of that build equals a full build of the changed content, byte for byte, and every address ever published still answers; so does a content release staged for review"
# Also proves the build deterministic: every page the change does not touch comes from the first build.
changed="apps/web/build-changed-content"
rm -rf apps/web/dist-changed apps/web/build-changed apps/web/dist-incremental apps/web/build-incremental "$changed"
mkdir -p "$changed"
changed_ids=$(pnpm exec tsx tests/tools/changedSeed.ts "$changed/seed.ndjson" "$changed/live.ndjson")
cp -a apps/web/dist apps/web/dist-incremental
cp -a apps/web/build apps/web/build-incremental
# In two publishes, so the second starts from the site the first replaced (publish/stagedSite.ts): first the
# command line, with the content before the testimonial changed; then the testimonial (on the home page,
# which the first did not render) through the publisher that stays loaded (the webhook's and the Studio's),
# which must read the dataset anew when the Content Lake replaces it.
read -r -a ids <<<"$changed_ids"
incremental() {
  CONTENT_SEED_FILE="$PWD/$changed/live.ndjson" SITE_BUILD_DIR=build-incremental SITE_OUT_DIR=dist-incremental \
    production "$@"
}
incremental pnpm --silent publish:changed "${ids[@]:1}"
incremental pnpm exec tsx tests/tools/publishThroughWorker.ts "$changed/seed.ndjson" "${ids[0]}"
CONTENT_SEED_FILE="$PWD/$changed/seed.ndjson" SITE_BUILD_DIR=build-changed SITE_OUT_DIR=dist-changed \
  production pnpm build >/dev/null
diff -r apps/web/dist-changed apps/web/dist-incremental
# Every address either sitemap lists answers on the updated site, a moved article's through one redirect.
pnpm exec tsx tests/tools/crawlPublishedAddresses.ts apps/web/dist-incremental apps/web/dist/sitemap.xml \
  apps/web/dist-incremental/sitemap.xml
# The same changes held in a content release, staged onto a copy of the first build (publish:changed --release,
# reading through the release's perspective), are the same site too, and the first build is left as it was.
site_files() { (cd apps/web/dist && find . -type f -print0 | sort -z | xargs -0 md5sum) | md5sum; }
live_before=$(site_files)
pnpm exec tsx tests/tools/releaseSeed.ts "$changed/seed.ndjson" "$changed/release.ndjson" rstaging >/dev/null
CONTENT_SEED_FILE="$PWD/$changed/release.ndjson" production pnpm --silent publish:changed --release rstaging >/dev/null
diff -r apps/web/dist-changed apps/web/dist-release-rstaging
[ "$(site_files)" = "$live_before" ] || { echo "Staging a release changed the live site"; exit 1; }
rm -rf apps/web/dist-changed apps/web/build-changed apps/web/dist-incremental apps/web/build-incremental "$changed" \
  apps/web/dist-release-rstaging apps/web/build-release-rstaging

step "preview build (visual editing), then checks of both builds: stega and overlays only in the preview; the W3C HTML checker and Google's CSP Evaluator on the production build"
pnpm preview:build
pnpm test:build-output
pnpm test:preview-e2e

step "browser tests (playwright + chromium)"
pnpm test:e2e

step "lead server tests, on this Node and on Node 24 (started after the install): their results"
await_beside leads "The lead server tests"
await_beside leads_node24 "The lead server tests on Node 24"

step "the real Sanity Studio (started after its builds): its result"
await_beside studio_e2e "The real Studio's tests"

printf '\nAll checks passed in %d s.\n' "$((SECONDS - started))"
