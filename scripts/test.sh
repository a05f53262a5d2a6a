#!/usr/bin/env bash
# Every test, on the supported Node (scripts/node-runtime.sh): the shared rules' unit tests
# (packages/contracts), the server suite whole on PostgreSQL when TEST_DATABASE_URL is set (with two server
# processes sharing it, and PGlite's engine files) or else whole on PGlite, the engine files again under the
# Node binary EXTRA_NODE names when set, the web unit tests, and the browser tests against a production build
# served from PGlite.
# The browser tests run alongside the rest (their output is printed when they end), the rest at a lower
# priority. TEST_SEQUENTIAL=1 runs the parts one after another. Prints each part's time, then ends with one
# line "N passed, N failed".
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
# Beside the browser run the other suites yield the processor (nice): a page waits 10 s for what it
# shows, a server test 90 s, so the browser run goes first and the suites take what it leaves
# (decisions/platform.md "CI's matrix").
yield=()
if [ "${TEST_SEQUENTIAL:-}" != 1 ] && command -v nice >/dev/null; then yield=(nice -n 15); fi

# The custom-domain TLS test runs Debian's caddy: installed here when missing (without apt the test
# is skipped and says so).
bash scripts/ensure-caddy.sh || echo "caddy could not be installed: the custom-domain TLS test will be skipped"

run "contracts unit tests" "${yield[@]}" npx vitest run --root packages/contracts \
  --reporter=default --reporter=json --outputFile="$results/contracts.json"
# PGlite's engine files: its WebAssembly, its extensions (pg_trgm, btree_gin), the migrations, row-level
# security, pg-boss and the contact search.
pglite_engine_files=(src/db src/modules/jobs src/modules/contacts/contact-list.test.ts)
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # With PostgreSQL the whole server suite runs once, on it (production's database, under this Node);
  # the embedded default gets its engine files here and the whole app in the browser run, which serves
  # from PGlite. Without PostgreSQL (a laptop's `npm test`) the whole suite runs on PGlite below.
  run "server tests on PostgreSQL (Node $(node -v))" "${yield[@]}" npx vitest run --root apps/server "$server_workers" \
    --reporter=default --reporter=json --outputFile="$results/server-postgres.json"
  run "server tests on PGlite (Node $(node -v): database, jobs, contact list)" env -u TEST_DATABASE_URL \
    "${yield[@]}" npx vitest run --root apps/server "${pglite_engine_files[@]}" \
    --reporter=default --reporter=json --outputFile="$results/server-pglite.json"
  run "two server processes on PostgreSQL" "${yield[@]}" npx vitest run --root apps/server --config vitest.multiprocess.config.ts \
    --reporter=default --reporter=json --outputFile="$results/server-two-processes.json"
  # A second Node binary (.ci/run sets it to Node 22, the oldest supported line): both databases' engine
  # files under it (the database layer, jobs, the contact search).
  if [ -n "${EXTRA_NODE:-}" ]; then
    extra_version=$("$EXTRA_NODE" --version)
    run "server tests on PostgreSQL under Node $extra_version (database, jobs, contact list)" "${yield[@]}" \
      "$EXTRA_NODE" node_modules/vitest/vitest.mjs run --root apps/server "${pglite_engine_files[@]}" \
      --reporter=default --reporter=json --outputFile="$results/server-postgres-extra-node.json"
    run "server tests on PGlite under Node $extra_version (database, jobs, contact list)" env -u TEST_DATABASE_URL \
      "${yield[@]}" "$EXTRA_NODE" node_modules/vitest/vitest.mjs run --root apps/server "${pglite_engine_files[@]}" \
      --reporter=default --reporter=json --outputFile="$results/server-pglite-extra-node.json"
  fi
else
  run "server tests on PGlite (Node $(node -v))" "${yield[@]}" npx vitest run --root apps/server "$server_workers" \
    --reporter=default --reporter=json --outputFile="$results/server-pglite.json"
  echo "== server tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them; .ci/run does)"
fi
run "web unit tests" "${yield[@]}" npx vitest run --root apps/web \
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
