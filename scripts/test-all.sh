#!/usr/bin/env bash
# The one test command (`npm test`): installs what is missing, then runs every check and both test layers.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { bash scripts/pnpm.sh "$@"; }
started=$SECONDS
step() { printf '\n=== %s (at %ds) ===\n' "$*" "$((SECONDS - started))"; }

step "install"
pnpm install --frozen-lockfile
bash scripts/ensure-chromium.sh
bash scripts/ensure-java.sh

step "dependency audit (production dependencies, high and critical)"
bash scripts/audit.sh

step "house style: formatter, linter, unused code (biome, knip)"
pnpm lint

step "types"
pnpm typecheck

step "studio: schema validate, generated types up to date, build"
pnpm schema:validate
bash scripts/check-typegen.sh
pnpm studio:build

step "unit tests (vitest)"
pnpm test:unit

step "production build for the browser tests"
# The browser tests' webhook recorder listens on this port (tests/e2e/support/webhookRecorder.ts).
recorder="http://127.0.0.1:4599"
production_build() {
  VITE_CONTACT_WEBHOOK_URL="$recorder/hooks/contact" \
  VITE_GUIDE_WEBHOOK_URL="$recorder/hooks/guide" \
  VITE_QUALIFY_WEBHOOK_URL="$recorder/hooks/qualify" \
  VITE_GIVEAWAY_WEBHOOK_URL="$recorder/hooks/giveaway" \
  VITE_APP_URL="https://app.example.test" \
  SITE_URL="https://www.example.test" \
    pnpm build
}
production_build

step "the build is deterministic: a second build of the same content is the same, byte for byte"
rm -rf apps/web/dist-repeat
SITE_BUILD_DIR=build-repeat SITE_OUT_DIR=dist-repeat production_build >/dev/null
diff -r apps/web/dist apps/web/dist-repeat
rm -rf apps/web/dist-repeat apps/web/build-repeat

step "preview build (visual editing), then checks of both builds: stega and overlays only in the preview; the W3C HTML checker and Google's CSP Evaluator on the production build"
pnpm preview:build
pnpm test:build-output
pnpm test:preview-e2e

step "browser tests (playwright + chromium)"
pnpm test:e2e

step "the real Sanity Studio on the local Content Lake (playwright + chromium)"
pnpm test:studio-e2e

printf '\nAll checks passed in %d s.\n' "$((SECONDS - started))"
