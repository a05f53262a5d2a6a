// Run by `npm run lint`. Fails when a decision was lost: every heading of the old docs/decisions.md (one file in the
// order the work was done, split by area in issue 23) is listed in docs/decisions/.headings.txt, generated once from
// that file, and each must still be a heading (any level from ## to ####, same text) of some docs/decisions/*.md.
// Also fails when docs/decisions.md (now a pointer) gains a section again: new decisions go into their area's file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'docs/decisions');
const headingText = (line) => /^#{2,4} (.+?)\s*$/.exec(line)?.[1];

const expected = readFileSync(join(dir, '.headings.txt'), 'utf8')
  .split('\n')
  .map(headingText)
  .filter((text) => text !== undefined);
if (expected.length === 0) {
  console.error('check-decisions: docs/decisions/.headings.txt lists no headings');
  process.exit(1);
}

const found = new Map();
for (const name of readdirSync(dir).filter((file) => file.endsWith('.md'))) {
  for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
    const text = headingText(line);
    if (text !== undefined && !found.has(text)) found.set(text, name);
  }
}

const problems = expected
  .filter((text) => !found.has(text))
  .map((text) => `missing from docs/decisions/*.md: "${text}"`);
for (const line of readFileSync(join(root, 'docs/decisions.md'), 'utf8').split('\n')) {
  const text = headingText(line);
  if (text !== undefined) {
    problems.push(`docs/decisions.md has a section "${text}": move it into its area's file in docs/decisions/`);
  }
}

if (problems.length > 0) {
  console.error(`check-decisions: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-decisions: all ${expected.length} headings of the old decisions.md are in docs/decisions/`);
