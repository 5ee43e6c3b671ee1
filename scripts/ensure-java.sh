#!/usr/bin/env bash
# The W3C Nu HTML Checker (npm vnu-jar, in the build-output tests) runs on Java; Debian's headless JRE when missing.
set -euo pipefail
if command -v java >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's headless Java runtime for the W3C HTML checker ..." >&2
if [ "$(id -u)" -eq 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
export DEBIAN_FRONTEND=noninteractive
$apt_get update -qq
$apt_get install -y -qq --no-install-recommends default-jre-headless >/dev/null
java -version >&2
