// Builds the server for production: one ES module (dist/main.js) from src/main.ts with esbuild, the
// workspace's own TypeScript packages (@atrium/*) bundled in, every npm package left to node_modules
// (native addons, WebAssembly and font files stay where their packages expect them). The migrations
// are copied beside it, where db/migrate.ts looks for them relative to the running module.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url).pathname;
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });

/** Bare imports are npm packages (external), except the workspace's own, which are TypeScript source. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@atrium/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
const result = await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${dist}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Stack traces in the logs name the source files and lines.
  sourcesContent: false,
  legalComments: 'none',
  plugins: [npmPackagesExternal],
  metafile: true,
  logLevel: 'warning',
});
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
const bytes = Object.values(result.metafile.outputs).find((output) => output.entryPoint)?.bytes ?? 0;
console.log(
  `server built: dist/main.js ${(bytes / 1024).toFixed(0)} KB in ${(performance.now() - started).toFixed(0)} ms`,
);
