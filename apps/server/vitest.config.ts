import { configDefaults, defineConfig } from 'vitest/config';

// A file that replaces a module with vi.mock must run alone: name it *.isolated.test.ts.
const ISOLATED = 'src/**/*.isolated.test.ts';

export default defineConfig({
  test: {
    // Needs PostgreSQL and spawns servers: its own run (vitest.multiprocess.config.ts, scripts/test.sh).
    exclude: [...configDefaults.exclude, 'test/multi-process/**'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/close-apps.ts'],
    // CI runs the browser tests beside this suite on two cores: a test that takes 5 s alone has taken
    // over 30 s there (a timeout is then a failure that says nothing about the code).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/multi-process/**', ISOLATED],
          // A worker process runs many files in one module graph, so they share one embedded
          // database (test/helpers.ts): opening and migrating PGlite per file was half the suite's time.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server-isolated', include: [ISOLATED] } },
    ],
  },
});
