import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Needs PostgreSQL and spawns servers: its own run (vitest.multiprocess.config.ts, scripts/test.sh).
    exclude: [...configDefaults.exclude, 'test/multi-process/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own embedded database (or shares the migrated PostgreSQL one).
    pool: 'forks',
  },
});
