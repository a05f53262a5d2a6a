#!/usr/bin/env bash
# Builds the web app and runs Playwright (Debian's chromium) against the production server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run build --silent
if [ -n "${1:-}" ]; then export PLAYWRIGHT_JSON_OUTPUT_NAME="$1"; fi
npx playwright test -c e2e/playwright.config.ts
