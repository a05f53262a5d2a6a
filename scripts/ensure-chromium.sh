#!/usr/bin/env bash
# Playwright drives Debian's chromium packages; install them with apt when missing (never a browser download):
# chromium-headless-shell for the browser tests (Chromium's old headless mode, as Playwright's own headless
# runs use: about a fifth less processor than the full browser in headless mode, measured in
# decisions/platform.md "CI's matrix") and chromium for Lighthouse (bench/).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} (needed by the browser tests)..."
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
command -v chromium >/dev/null
command -v chromium-headless-shell >/dev/null
