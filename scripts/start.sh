#!/usr/bin/env bash
# npm start: builds the web app and the server, then runs the compiled server on the supported Node.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtime.sh
npm run build
# React renders the server's PDFs (invoices, receipts, certificates): its production build unless told otherwise
NODE_ENV="${NODE_ENV:-production}" exec node --enable-source-maps apps/server/dist/main.js
