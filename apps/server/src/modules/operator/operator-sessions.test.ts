import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { contacts } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { solveChallenge } from '../forms/human-check.ts';
import { startOperatorApp } from './operator-fixtures.ts';

// The operator's audit screen (paged, searched), the impersonated session (its banner's call, its end,
// audited) and a member's own studios on the operator's site (student /tenant), issue 28.

let app: App;
let operatorSite: TestTenant;
let studio: TestTenant;
let opAdmin: string;
const net = `10.${randomInt(1, 255)}`;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  ({ app, operatorSite, studio } = await startOperatorApp(net));
  opAdmin = (await loginAs(app, operatorSite, 'admin')).access_token;
});

type Method = 'GET' | 'POST';
const call = (tenant: TestTenant, token: string | null, method: Method, url: string, agent = 'OperatorBrowser/1.0') =>
  app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token, tenant.host) : { host: tenant.host }), 'user-agent': agent },
    remoteAddress: `${net}.3.1`,
  });

/** The operator impersonates the tenant; its one-time code exchanged in the same browser: the session's token. */
async function impersonate(target: TestTenant): Promise<string> {
  const answer = await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${target.tenantId}/impersonate`);
  expect(answer.statusCode, answer.body).toBe(200);
  const code = new URL(json<any>(answer).url).hash.replace('#studioWelcome=', '');
  const session = await app.inject({
    method: 'POST',
    url: '/public/studio/welcome',
    headers: { host: target.host, 'user-agent': 'OperatorBrowser/1.0' },
    remoteAddress: `${net}.3.1`,
    payload: { code },
  });
  expect(session.statusCode, session.body).toBe(200);
  return json<any>(session).access_token;
}

describe('the impersonated session', () => {
  it('says who is acting to that session only, and ends it with an audit line', async () => {
    const target = await newTenant(app);
    const token = await impersonate(target);
    const state = json<any>(await call(target, token, 'GET', '/rest/operator/impersonation'));
    expect(state.impersonation).toEqual({
      operatorName: `admin ${operatorSite.orgId}`,
      studioName: `Studio ${target.orgId}`,
      returnUrl: expect.stringMatching(new RegExp(`^http://${operatorSite.orgId}\\.[^/]+/tenant$`)),
    });
    // The studio's own admin, signed in as usual: no banner, nothing to end.
    const own = (await loginAs(app, target, 'admin')).access_token;
    expect(json<any>(await call(target, own, 'GET', '/rest/operator/impersonation')).impersonation).toBeNull();
    expect((await call(target, own, 'POST', '/rest/operator/impersonation/end')).statusCode).toBe(404);
    // Students and visitors: not theirs to ask.
    const student = (await loginAs(app, target, 'student')).access_token;
    expect((await call(target, student, 'GET', '/rest/operator/impersonation')).statusCode).toBe(403);
    expect((await call(target, student, 'POST', '/rest/operator/impersonation/end')).statusCode).toBe(403);
    expect((await call(target, null, 'GET', '/rest/operator/impersonation')).statusCode).toBe(401);

    const ended = await call(target, token, 'POST', '/rest/operator/impersonation/end');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(json<any>(ended).returnUrl).toBe(state.impersonation.returnUrl);
    // The session is over; the studio admin's own goes on.
    expect((await call(target, token, 'GET', '/rest/reInitInfo')).statusCode).toBe(401);
    expect((await call(target, own, 'GET', '/rest/reInitInfo')).statusCode).toBe(200);
    const audit = json<any>(await call(operatorSite, opAdmin, 'GET', `/rest/operator/audit?search=${target.orgId}`));
    expect(audit.data.map((line: any) => line.action)).toEqual(['end_impersonation', 'impersonate']);
    expect(audit.recordsTotal).toBe(2);
  });
});

describe('the audit screen', () => {
  it('pages the lines newest first, searches them, refuses a bad page, and is the operator’s admins’ only', async () => {
    const target = await newTenant(app);
    for (const action of ['suspend', 'resume', 'suspend', 'resume', 'suspend'] as const) {
      const done = await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${target.tenantId}/${action}`);
      expect(done.statusCode).toBe(200);
    }
    const page = (start: number) =>
      call(operatorSite, opAdmin, 'GET', `/rest/operator/audit?search=${target.orgId}&start=${start}&length=2`);
    const first = json<any>(await page(0));
    expect(first.recordsTotal).toBe(5);
    expect(first.data.map((l: any) => l.action)).toEqual(['suspend', 'resume']);
    const last = json<any>(await page(4));
    expect(last.data.map((l: any) => l.action)).toEqual(['suspend']);
    expect(last.data[0]).toMatchObject({ orgId: target.orgId, operatorName: `admin ${operatorSite.orgId}` });
    const byName = json<any>(
      await call(operatorSite, opAdmin, 'GET', `/rest/operator/audit?search=${operatorSite.orgId}&length=200`),
    );
    expect(byName.recordsTotal).toBeGreaterThanOrEqual(5);
    const bad = await call(operatorSite, opAdmin, 'GET', '/rest/operator/audit?length=500');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors.field).toContain('length');
    const staff = (await loginAs(app, operatorSite, 'staff')).access_token;
    expect((await call(operatorSite, staff, 'GET', '/rest/operator/audit')).statusCode).toBe(403);
    const studioAdmin = (await loginAs(app, studio, 'admin')).access_token;
    expect((await call(studio, studioAdmin, 'GET', '/rest/operator/audit')).statusCode).toBe(404);
  });
});

describe("a member's own studios on the operator's site", () => {
  it('lists the studios whose owner has their verified email, on the operator’s site only', async () => {
    const challenge = await app.inject({
      url: '/public/studio/humanCheck?plan=1',
      headers: { host: operatorSite.host },
    });
    const orgId = `ms-${tag}`;
    const email = `owner-${tag}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/public/studio/signup',
      headers: { host: operatorSite.host, 'user-agent': 'OperatorTest/1.0' },
      remoteAddress: `${net}.4.1`,
      payload: {
        businessName: 'Cliffside Yoga',
        orgId,
        firstName: 'Mara',
        lastName: 'Lind',
        email,
        password: 'Cliffside-yoga-1',
        rToken: solveChallenge(json<any>(challenge)),
        planName: 'free_plan',
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    // The same person is a member of the operator's site (e.g. signed up there to read its news).
    await createUsers(app.platform.db, operatorSite.tenantId, [
      { email: email.toUpperCase(), password: PASSWORD, name: 'Mara', lastName: 'Lind', role: 'student' },
    ]);
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: operatorSite.host },
      payload: { userId: email, password: PASSWORD },
    });
    const member = json<any>(login).access_token;
    const mine = json<any>(await call(operatorSite, member, 'GET', '/rest/operator/my-studios'));
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      orgId,
      name: 'Cliffside Yoga',
      planLabel: 'Free Plan',
      paymentState: 'free',
      suspended: false,
    });
    expect(mine.data[0].url).toMatch(new RegExp(`^http://${orgId}\\.`));
    // Another member: none; unverified: none; signed out: 401; on any other studio: 404.
    const other = (await loginAs(app, operatorSite, 'student')).access_token;
    expect(json<any>(await call(operatorSite, other, 'GET', '/rest/operator/my-studios')).data).toEqual([]);
    await app.platform.db
      .update(contacts)
      .set({ isEmailVerified: false })
      .where(and(eq(contacts.tenantId, operatorSite.tenantId), sql`lower(${contacts.email}) = ${email}`));
    expect(json<any>(await call(operatorSite, member, 'GET', '/rest/operator/my-studios')).data).toEqual([]);
    expect((await call(operatorSite, null, 'GET', '/rest/operator/my-studios')).statusCode).toBe(401);
    const studioStudent = (await loginAs(app, studio, 'student')).access_token;
    expect((await call(studio, studioStudent, 'GET', '/rest/operator/my-studios')).statusCode).toBe(404);
  });
});
