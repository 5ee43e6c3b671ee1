#!/usr/bin/env bash
# The Studio and its local Content Lake on a fresh copy of the seed dataset (never the tracked file);
# the ports, token and files come from playwright.config.ts.
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -rf "$(dirname "$CONTENT_SEED_FILE")" && mkdir -p "$(dirname "$CONTENT_SEED_FILE")"
cp content/seed.ndjson "$CONTENT_SEED_FILE"
unset SANITY_STUDIO_PROJECT_ID
# The tests' dataset is a copy: its publishes must not reach the built site the other tests use.
export STUDIO_PUBLISH_SITE=off
# playwright.config.ts starts the preview site on its own port, with the same settings.
export STUDIO_PREVIEW_SITE=off
# The Studio as a host serves it (built with these settings, then `sanity preview`), not its dev server: the
# suite runs beside the others, and the dev server's Studio (modules compiled on a visit, React's development
# build) froze a test's page for minutes at that load.
export STUDIO_SERVE=built
exec bash scripts/pnpm.sh studio
