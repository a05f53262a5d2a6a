// Adds up the JSON reports of every suite into the one closing line CI reads: "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flakyBrowserTests = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.success === false && report.numFailedTests === 0) failed += 1; // a suite that failed to load
  } else if (report.stats) {
    // playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    if (report.stats.flaky) flakyBrowserTests += report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
if (!existsSync(dir)) failed += 1;
if (flakyBrowserTests > 0)
  console.log(`browser tests that passed only on their retry: ${flakyBrowserTests} (named "flaky" above)`);
// A skipped test is a failing test (DESIGN.md).
console.log(`tests: ${passed} passed, ${failed + skipped} failed`);
process.exit(failed + skipped > 0 ? 1 : 0);
