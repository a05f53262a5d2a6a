import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';

describe('the test-only clock route', () => {
  it('does not exist unless TEST_CLOCK_ROUTE=true, and the flag is refused in production', async () => {
    const app = await startTestApp();
    expect((await app.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: 1000 } })).statusCode).toBe(
      404,
    );
    expect(loadConfig({}).testClockRoute).toBe(false);
    expect(loadConfig({ TEST_CLOCK_ROUTE: 'true' }).testClockRoute).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK_ROUTE: 'true', NODE_ENV: 'production' })).toThrow(/production/);
  });

  it('moves the business clock when enabled', async () => {
    const app = await startTestApp({ testClockRoute: true });
    const moved = await app.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: 8 * 86_400_000 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const ahead = new Date(moved.json<{ now: string }>().now).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(7.9 * 86_400_000);
    expect(app.platform.clock.now().getTime() - Date.now()).toBeGreaterThan(7.9 * 86_400_000);
    const bad = await app.inject({ method: 'POST', url: '/test/clock', payload: {} });
    expect(bad.statusCode).toBe(400);
    const ran = await app.inject({ method: 'POST', url: '/test/jobs/membership-renewals' });
    expect(ran.statusCode, ran.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/test/jobs/class-sessions-extend' })).statusCode).toBe(400);
    const reset = await app.inject({ method: 'POST', url: '/test/clock', payload: { reset: true } });
    expect(Math.abs(new Date(reset.json<{ now: string }>().now).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
