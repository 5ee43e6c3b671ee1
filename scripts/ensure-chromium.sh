#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell (Playwright cannot download its own browsers here);
# the benchmarks and the screenshot tool drive Debian's full Chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
echo "Installing Debian's chromium and its headless shell for the browser tests ..." >&2
if [ "$(id -u)" -eq 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
export DEBIAN_FRONTEND=noninteractive
$apt_get update -qq
$apt_get install -y -qq --no-install-recommends chromium chromium-headless-shell fonts-liberation >/dev/null
/usr/bin/chromium --version >&2
