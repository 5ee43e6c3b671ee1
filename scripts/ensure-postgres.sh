#!/usr/bin/env bash
# The lead tests run against a real PostgreSQL server as well as the embedded store: install Debian's
# server where its binaries are missing (tests/leads/support/postgres.ts starts a throw-away one).
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's PostgreSQL server for the lead tests ..." >&2
if [ "$(id -u)" -eq 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
export DEBIAN_FRONTEND=noninteractive
$apt_get update -qq
$apt_get install -y -qq --no-install-recommends postgresql >/dev/null
ls /usr/lib/postgresql/*/bin/initdb >&2
