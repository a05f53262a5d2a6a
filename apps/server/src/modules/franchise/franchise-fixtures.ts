import { beforeAll } from 'vitest';
import { loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/**
 * The file's app and two franchise groups in `ctx`, set before the tests run: `master` with its
 * `franchise`, `otherMaster` with `otherFranchise`, and the first master's admin token (`adminM`).
 */
export function twoFranchiseGroups() {
  const ctx = {} as {
    app: App;
    master: TestTenant;
    franchise: TestTenant;
    otherMaster: TestTenant;
    otherFranchise: TestTenant;
    adminM: string;
  };
  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.master = await newTenant(ctx.app);
    ctx.franchise = await newTenant(ctx.app, { masterOrgId: ctx.master.orgId });
    ctx.otherMaster = await newTenant(ctx.app);
    ctx.otherFranchise = await newTenant(ctx.app, { masterOrgId: ctx.otherMaster.orgId });
    ctx.adminM = (await loginAs(ctx.app, ctx.master, 'admin')).access_token;
  });
  return ctx;
}
