import { beforeAll } from 'vitest';
import type { App } from '../src/app.ts';
import type { NewPage } from '../src/seed/tenants.ts';
import { bearer, loginAs, newTenant, startTestApp, type TestTenant } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The file's app and three studios in `ctx`, set before the tests run: a `master`, its `franchise`,
 * and an `other` studio of no group, with each one's admin token (`adminM`, `adminF`, `adminO`);
 * `pages(name)` gives each its website pages (none by default). `call` as a token on that app.
 */
export function franchiseStudios(pages: (name: 'Master' | 'Franchise' | 'Other') => NewPage[] = () => []) {
  const ctx = {} as {
    app: App;
    master: TestTenant;
    franchise: TestTenant;
    other: TestTenant;
    adminM: string;
    adminF: string;
    adminO: string;
  };
  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.master = await newTenant(ctx.app, { pages: pages('Master') });
    ctx.franchise = await newTenant(ctx.app, { masterOrgId: ctx.master.orgId, pages: pages('Franchise') });
    ctx.other = await newTenant(ctx.app, { pages: pages('Other') });
    ctx.adminM = (await loginAs(ctx.app, ctx.master, 'admin')).access_token;
    ctx.adminF = (await loginAs(ctx.app, ctx.franchise, 'admin')).access_token;
    ctx.adminO = (await loginAs(ctx.app, ctx.other, 'admin')).access_token;
  });
  const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token, tenant.host), payload });
  return { ctx, call };
}
