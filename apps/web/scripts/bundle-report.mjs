// Sums the gzip size of the JavaScript each face loads before its first screen shows:
// the entry chunk, the face chunk and the chunk of the face's first route, with every static
// import of those. Run after `vite build`: node scripts/bundle-report.mjs [--check]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const FACES = {
  // A visitor on the home page: PublicFace renders the page viewer itself.
  public: { budgetKb: 100, modules: ['src/faces/public/PublicFace.tsx'] },
  // A visitor opening /login directly: the Mantine form code loads with that route (reported, no budget).
  'public /login': { budgetKb: null, modules: ['src/faces/public/PublicFace.tsx', 'src/features/auth/LoginPage.tsx'] },
  admin: { budgetKb: 200, modules: ['src/faces/admin/AdminFace.tsx', 'src/faces/admin/DashboardPage.tsx'] },
  student: { budgetKb: 200, modules: ['src/faces/student/StudentFace.tsx'] },
};

function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  seen.add(key);
  for (const child of chunk.imports ?? []) collect(child, seen);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let failed = false;
for (const [face, { budgetKb, modules }] of Object.entries(FACES)) {
  const seen = new Set();
  for (const key of [entry, ...modules]) collect(key, seen);
  const total = [...seen].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
  const entryKb = gzipKb(manifest[entry].file);
  const ok = budgetKb === null || total <= budgetKb;
  if (!ok) failed = true;
  const verdict = budgetKb === null ? 'no budget' : `budget ${budgetKb} KB ${ok ? 'ok' : 'OVER'}`;
  console.log(
    `${face.padEnd(14)} ${total.toFixed(1).padStart(6)} KB gzip in ${String(seen.size).padStart(2)} chunks ` +
      `(entry ${entryKb.toFixed(1)} KB) ${verdict}`,
  );
}
if (failed && process.argv.includes('--check')) process.exit(1);
