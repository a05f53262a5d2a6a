#!/usr/bin/env bash
# Playwright drives Debian's chromium package; install it with apt when it is missing (never a browser download).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's chromium (needed by the browser tests)..."
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
