#!/usr/bin/env bash
# The TLS end-to-end test runs Debian's caddy package in front of the server; install it with apt when
# it is missing (never a binary download). Exits 0 when caddy is on the PATH afterwards.
set -euo pipefail
if command -v caddy >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's caddy (needed by the custom-domain TLS test)..."
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq caddy >/dev/null
command -v caddy >/dev/null
