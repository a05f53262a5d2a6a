import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { THEME_FONT_FILES } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';

const cache = new Map<string, Buffer>();

/** The latin variable-weight woff2 of an @fontsource-variable package, read once. */
function fontFile(name: string): Buffer {
  const known = cache.get(name);
  if (known) return known;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(`@fontsource-variable/${name}/package.json`));
  const bytes = readFileSync(join(dir, 'files', `${name}-latin-wght-normal.woff2`));
  cache.set(name, bytes);
  return bytes;
}

/**
 * The site theme's fonts, self-hosted (issue 29): `/site/fonts/{name}.woff2` for the names of FONT_PAIRS only, cached a
 * year (a version bump of the package is a new deploy, and the file names carry no version, so a day's revalidation
 * would do; the fonts do not change within a major version).
 */
export function registerThemeFonts(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/site/fonts/:file', { schema: { hide: true } }, (request, reply) => {
    const name = request.params.file.replace(/\.woff2$/, '');
    if (!request.params.file.endsWith('.woff2') || !THEME_FONT_FILES.includes(name)) {
      return reply.code(404).send({ errors: { message: 'Font not found.', code: 'not_found' } });
    }
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Access-Control-Allow-Origin', '*')
      .type('font/woff2')
      .send(fontFile(name));
  });
}
