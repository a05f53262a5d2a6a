// Adds up the JSON reports of every suite into the one closing line CI reads: "N passed, N failed", preceded by
// the name and first lines of the error of each failed test, so the end of CI's output says which ones failed
// (a long run's early lines may be all a reader keeps).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flakyBrowserTests = 0;
const failures = [];
const flakyNames = [];

function firstLines(message, count = 6) {
  return String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*at .*node_modules/.test(line))
    .slice(0, count)
    .map((line) => `      ${line.slice(0, 240)}`)
    .join('\n');
}

function playwrightFailures(suite, titles, part) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'flaky')
        flakyNames.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      if (test.status !== 'unexpected' && test.status !== 'skipped') continue;
      const last = test.results?.at(-1);
      failures.push({
        part,
        name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
        error: test.status === 'skipped' ? 'skipped' : firstLines(last?.error?.message ?? last?.errors?.[0]?.message),
      });
    }
  }
  for (const child of suite.suites ?? [])
    playwrightFailures(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles, part);
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const part = file.replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.success === false && report.numFailedTests === 0) failed += 1; // a suite that failed to load
    for (const fileResult of report.testResults ?? []) {
      const tests = fileResult.assertionResults ?? [];
      for (const test of tests) {
        if (test.status === 'passed') continue;
        failures.push({
          part,
          name: `${fileResult.name} › ${test.fullName}`,
          error: test.status === 'failed' ? firstLines(test.failureMessages?.[0]) : test.status,
        });
      }
      if (fileResult.status === 'failed' && !tests.some((test) => test.status === 'failed'))
        failures.push({ part, name: fileResult.name, error: firstLines(fileResult.message) });
    }
  } else if (report.stats) {
    // playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    if (report.stats.flaky) flakyBrowserTests += report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, [], part);
  }
}
if (!existsSync(dir)) failed += 1;
if (failures.length > 0) {
  console.log('== failed tests');
  for (const failure of failures) console.log(`  ✗ [${failure.part}] ${failure.name}\n${failure.error}`);
}
if (flakyBrowserTests > 0)
  console.log(
    `browser tests that passed only on their retry: ${flakyBrowserTests}\n${flakyNames.map((name) => `  ~ ${name}`).join('\n')}`,
  );
// A skipped test is a failing test (DESIGN.md).
console.log(`tests: ${passed} passed, ${failed + skipped} failed`);
process.exit(failed + skipped > 0 ? 1 : 0);
