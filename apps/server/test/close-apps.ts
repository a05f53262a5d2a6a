import { afterAll } from 'vitest';

// Imported when the file's tests are done, not before them: a static import here would load the
// app's modules ahead of the test file's own vi.mock.
afterAll(async () => {
  const { closeOpenApps } = await import('./helpers.ts');
  await closeOpenApps();
});
