#!/usr/bin/env bash
# Every test, on the supported Node (scripts/node-runtime.sh): the shared rules' unit tests
# (packages/contracts), unit and integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set,
# where two server processes also share it; under the Node binary EXTRA_NODE names when set), and the
# browser tests against a production build.
# The browser tests run alongside the rest (their output is printed when they end): most of their time
# is spent waiting on a page or the server, and so is the server suites'. TEST_SEQUENTIAL=1 runs the
# parts one after another. Prints each part's time, then ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtime.sh
echo "== Node.js $(node -v)"
results=$(mktemp -d)
status=0
run() {
  local name=$1 started=$SECONDS
  shift
  echo "== $name"
  "$@" || status=1
  timings+=("$(printf '%5ds  %s' $((SECONDS - started)) "$name")")
}
timings=()

browser_log=$results/browser.log
run_browser_tests() {
  local started=$SECONDS
  bash scripts/e2e.sh "$results/e2e.json" >"$browser_log" 2>&1
  echo $? >"$results/browser.status"
  echo $((SECONDS - started)) >"$results/browser.seconds"
}
if [ "${TEST_SEQUENTIAL:-}" != 1 ]; then
  echo "== browser tests: started alongside the others (their output follows at the end)"
  run_browser_tests &
  browser_pid=$!
fi
# Two server test files at a time (vitest's default is cores minus one, one on a 2-core machine):
# much of a file's time is spent waiting on jobs, mail and the database.
server_workers=--maxWorkers=${SERVER_TEST_WORKERS:-2}

# The custom-domain TLS test runs Debian's caddy: installed here when missing (without apt the test
# is skipped and says so).
bash scripts/ensure-caddy.sh || echo "caddy could not be installed: the custom-domain TLS test will be skipped"

run "contracts unit tests" npx vitest run --root packages/contracts \
  --reporter=default --reporter=json --outputFile="$results/contracts.json"
run "server tests on PGlite (Node $(node -v))" env -u TEST_DATABASE_URL npx vitest run --root apps/server "$server_workers" \
  --reporter=default --reporter=json --outputFile="$results/server-pglite.json"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # On PostgreSQL the whole server suite runs once, under the newer Node when EXTRA_NODE names one
  # (below), else under this one: PGlite's whole run and the two processes stay on this Node
  # (decisions.md "CI's matrix").
  if [ -z "${EXTRA_NODE:-}" ]; then
    run "server tests on PostgreSQL" npx vitest run --root apps/server "$server_workers" \
      --reporter=default --reporter=json --outputFile="$results/server-postgres.json"
  fi
  run "two server processes on PostgreSQL" npx vitest run --root apps/server --config vitest.multiprocess.config.ts \
    --reporter=default --reporter=json --outputFile="$results/server-two-processes.json"
  # A second Node binary (.ci/run sets it to Node 22, the oldest supported line): the server suite on
  # PostgreSQL under it.
  if [ -n "${EXTRA_NODE:-}" ]; then
    run "server tests on PostgreSQL under Node $("$EXTRA_NODE" --version)" "$EXTRA_NODE" node_modules/vitest/vitest.mjs \
      run --root apps/server "$server_workers" --reporter=default --reporter=json --outputFile="$results/server-postgres-extra-node.json"
    # The embedded default under it too: PGlite's WebAssembly, its extensions (pg_trgm, btree_gin),
    # the migrations, row-level security, pg-boss and the contact search (a part; the whole suite runs above).
    run "server tests on PGlite under Node $("$EXTRA_NODE" --version) (database, jobs, contact list)" env -u TEST_DATABASE_URL \
      "$EXTRA_NODE" node_modules/vitest/vitest.mjs run --root apps/server src/db src/modules/jobs \
      src/modules/contacts/contact-list.test.ts --reporter=default --reporter=json \
      --outputFile="$results/server-pglite-extra-node.json"
  fi
else
  echo "== server tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them; .ci/run does)"
fi
run "web unit tests" npx vitest run --root apps/web \
  --reporter=default --reporter=json --outputFile="$results/web.json"
if [ "${TEST_SEQUENTIAL:-}" = 1 ]; then
  run_browser_tests
else
  wait "$browser_pid"
fi
echo "== browser tests"
cat "$browser_log"
[ "$(cat "$results/browser.status")" = 0 ] || status=1
timings+=("$(printf '%5ds  %s' "$(cat "$results/browser.seconds")" "browser tests (alongside the parts above)")")

echo "== time per part"
printf '%s\n' "${timings[@]}"
node scripts/summary.mjs "$results" || status=1
rm -rf "$results"
exit $status
