import { defineConfig } from 'vitest/config';

// Pure unit tests of the shared rules (money, offers, totals): no database, no server.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
