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

step "dependency audit (production dependencies, high and critical)"
bash scripts/audit.sh

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
VITE_CONTACT_WEBHOOK_URL="$recorder/hooks/contact" \
VITE_GUIDE_WEBHOOK_URL="$recorder/hooks/guide" \
VITE_QUALIFY_WEBHOOK_URL="$recorder/hooks/qualify" \
VITE_GIVEAWAY_WEBHOOK_URL="$recorder/hooks/giveaway" \
VITE_APP_URL="https://app.example.test" \
SITE_URL="https://www.example.test" \
  pnpm build

step "preview build (visual editing), then checks of both builds: stega and overlays only in the preview"
pnpm preview:build
pnpm test:build-output
pnpm test:preview-e2e

step "browser tests (playwright + chromium)"
pnpm test:e2e

printf '\nAll checks passed in %d s.\n' "$((SECONDS - started))"
