import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The app's index.html as the web build writes it (its head's description, title and entry script). */
export const WEB_INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="" /><title></title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

/** A web build folder holding only that index.html: what the server pages and the app shell are served from in tests. */
export function webDistWithIndex(indexHtml = WEB_INDEX_HTML): string {
  const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  return dist;
}
