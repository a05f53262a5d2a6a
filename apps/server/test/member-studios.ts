import { beforeAll } from 'vitest';
import type { App } from '../src/app.ts';
import { bearer, newMember, startTestApp, type TestTenant, twoStudios } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The file's app and two studios in `ctx`: `a` (named Ayşe Yoga) with tokens for its admin, staff,
 * front desk and student, and `b` with its admin's (`otherAdmin`), all set before the tests run;
 * `call` as a token (or a visitor, `null`) and `member`, a new member of a studio, signed in.
 */
export function memberStudios() {
  const ctx = {} as { app: App; a: TestTenant; b: TestTenant };
  const tokens = { admin: '', staff: '', frontdesk: '', student: '', otherAdmin: '' };
  beforeAll(async () => {
    ctx.app = await startTestApp();
    const studios = await twoStudios(ctx.app, ['admin', 'staff', 'frontdesk', 'student'] as const, {
      tenant: { name: 'Ayşe Yoga' },
    });
    ({ tenant: ctx.a, other: ctx.b } = studios);
    const { admin, staff, frontdesk, student, otherAdmin } = studios;
    Object.assign(tokens, { admin, staff, frontdesk, student, otherAdmin });
  });
  const call = (tenant: TestTenant, token: string | null, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token, tenant.host) : { host: tenant.host }, payload });
  const member = (tenant: TestTenant, name: string, lastName: string) => newMember(ctx.app, tenant, name, lastName);
  return { ctx, tokens, call, member };
}
