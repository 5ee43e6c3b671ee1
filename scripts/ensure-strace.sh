#!/usr/bin/env bash
# The durability test (tests/leads/durability.test.ts) watches the lead server's system calls for the flush
# before each answer: install Debian's strace where it is missing.
set -euo pipefail
if command -v strace >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's strace for the lead durability test ..." >&2
if [ "$(id -u)" -eq 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
export DEBIAN_FRONTEND=noninteractive
$apt_get update -qq
$apt_get install -y -qq --no-install-recommends strace >/dev/null
command -v strace >&2
