import { defineConfig } from 'vitest/config';

/** Two real server processes on TEST_DATABASE_URL (scripts/test.sh runs this only when it is set). */
export default defineConfig({
  test: {
    include: ['test/multi-process/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
