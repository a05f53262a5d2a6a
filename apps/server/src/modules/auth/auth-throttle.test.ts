import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { AuthThrottle } from './auth-throttle.ts';

let app: App;
let t: TestTenant;
let now = Date.now();
let throttle: AuthThrottle;
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startTestApp();
  t = await newTenant(app);
  throttle = new AuthThrottle(
    app.platform.db,
    { perAccountAndIp: 2, perAccount: 5, perIp: 100, perTenant: 6, windowMs: 15 * MINUTE },
    () => now,
  );
});

describe('login throttle', () => {
  it('waits 1, 2, 4 minutes after each further failure of one account from one IP, and a success clears it', async () => {
    const fail = () => throttle.loginFailed(t.tenantId, 'ann@x.test', '10.0.0.1');
    const wait = () => throttle.loginWait(t.tenantId, 'ann@x.test', '10.0.0.1');
    await fail();
    expect(await wait()).toBe(0);
    await fail();
    expect(await wait()).toBe(MINUTE);
    now += MINUTE;
    expect(await wait()).toBe(0);
    await fail();
    expect(await wait()).toBe(2 * MINUTE);
    now += 2 * MINUTE;
    await fail();
    expect(await wait()).toBe(4 * MINUTE);
    expect(await throttle.loginWait(t.tenantId, 'ann@x.test', '10.0.0.2')).toBe(0);
    await throttle.loginSucceeded(t.tenantId, 'ann@x.test', '10.0.0.1');
    expect(await wait()).toBe(0);
  });

  it('over the tenant-wide ceiling, only pairs that signed in before may try', async () => {
    await throttle.loginSucceeded(t.tenantId, 'bob@x.test', '10.1.0.1');
    for (let i = 0; i < 6; i++) await throttle.loginFailed(t.tenantId, `spray${i}@x.test`, `10.2.0.${i}`);
    expect(await throttle.loginWait(t.tenantId, 'bob@x.test', '10.1.0.9')).toBeGreaterThan(0);
    expect(await throttle.loginWait(t.tenantId, 'bob@x.test', '10.1.0.1')).toBe(0);
    const other = await newTenant(app);
    expect(await throttle.loginWait(other.tenantId, 'bob@x.test', '10.1.0.9')).toBe(0);
    now += 15 * MINUTE;
    expect(await throttle.loginWait(t.tenantId, 'bob@x.test', '10.1.0.9')).toBe(0);
  });
});

describe('pruning (the hourly job)', () => {
  it('drops, in every tenant, what no limit reads any more and keeps the rest', async () => {
    const other = await newTenant(app);
    const start = now;
    await throttle.loginFailed(t.tenantId, 'old@x.test', '10.9.0.1');
    await throttle.loginFailed(other.tenantId, 'old@x.test', '10.9.0.1');
    await throttle.loginSucceeded(other.tenantId, 'known@x.test', '10.9.0.2');
    now += 16 * MINUTE;
    await throttle.loginFailed(t.tenantId, 'fresh@x.test', '10.9.0.3');
    expect(await throttle.prune()).toBeGreaterThanOrEqual(2);
    // The fresh failure still counts; the sign-in still makes its IP known.
    await throttle.loginFailed(t.tenantId, 'fresh@x.test', '10.9.0.3');
    expect(await throttle.loginWait(t.tenantId, 'fresh@x.test', '10.9.0.3')).toBe(MINUTE);
    const left = await app.platform.database.sql.query(
      "select count(*)::int as n from auth_attempts where account = 'known@x.test' and action = 'login_ok'",
    );
    expect(left.rows[0]).toEqual({ n: 1 });
    now = start + 31 * 24 * 60 * MINUTE;
    await throttle.prune();
    const after = await app.platform.database.sql.query(
      "select count(*)::int as n from auth_attempts where account in ('known@x.test', 'fresh@x.test')",
    );
    expect(after.rows[0]).toEqual({ n: 0 });
  });
});

describe('taking a limited action', () => {
  it('counts parallel requests one by one: 20 at once for one address get exactly 3 through', async () => {
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        throttle.take(t.tenantId, 'forgot_password', 'parallel@x.test', `10.8.0.${i}`, { perAccount: 3, perIp: 100 }),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
  });
});
