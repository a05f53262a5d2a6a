import { randomBytes, randomInt } from 'node:crypto';
import { SUSPENDED_NOTICE } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { tenants } from '../../db/schema/index.ts';
import { demoPages } from '../../seed/demo-pages.ts';
import { solveChallenge } from '../forms/human-check.ts';
import { startOperatorApp } from './operator-fixtures.ts';

// The platform operator (issue 28): master plans, the /tplan sign-up, tenants, suspend, impersonate.
// master_plans is platform data shared by every test file on one database: this file makes its own
// plans (unique ids) and leaves the seeded ones as they are.

let app: App;
let operatorSite: TestTenant;
let studio: TestTenant;
let franchise: TestTenant;
let opAdmin: string;
let studioAdmin: string;
const net = `10.${randomInt(1, 255)}`;
const tag = randomBytes(3).toString('hex');
const slug = (name: string) => `${name}-${tag}`;

beforeAll(async () => {
  ({ app, operatorSite, studio } = await startOperatorApp(net));
  franchise = await newTenant(app, { masterOrgId: studio.orgId });
  opAdmin = (await loginAs(app, operatorSite, 'admin')).access_token;
  studioAdmin = (await loginAs(app, studio, 'admin')).access_token;
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (tenant: TestTenant, token: string | null, method: Method, url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token, tenant.host) : { host: tenant.host },
    payload,
    remoteAddress: `${net}.0.9`,
  });
const errorOf = (body: string) => JSON.parse(body).errors as { message: string; code: string; field?: string };

const plan = (patch: Record<string, unknown> = {}) => ({
  slug: slug('studio'),
  name: 'Studio',
  features: ['500 contacts', 'Custom domain'],
  monthlyMinor: 4900,
  yearlyMinor: 49000,
  contactsLimit: 500,
  membersLimit: 40,
  trialDays: 14,
  ...patch,
});

describe('who may call the operator', () => {
  const calls: Array<[Method, string, object?]> = [
    ['GET', '/rest/masterplan'],
    ['POST', '/rest/masterplan', plan({ slug: slug('never') })],
    ['PUT', '/rest/masterplan/00000000-0000-4000-8000-000000000000', plan()],
    ['GET', '/rest/operator/tenants'],
    ['POST', '/rest/operator/tenants/00000000-0000-4000-8000-000000000000/suspend'],
    ['POST', '/rest/operator/tenants/00000000-0000-4000-8000-000000000000/resume'],
    ['POST', '/rest/operator/tenants/00000000-0000-4000-8000-000000000000/impersonate'],
    ['GET', '/rest/operator/audit'],
    ['GET', '/public/tplan'],
  ];

  it('is a 404 on any tenant but the operator: another master, a franchise, signed in or not', async () => {
    const franchiseAdmin = (await loginAs(app, franchise, 'admin')).access_token;
    for (const [method, url, body] of calls) {
      for (const [tenant, token] of [
        [studio, studioAdmin],
        [studio, null],
        [franchise, franchiseAdmin],
      ] as const) {
        const response = await call(tenant, token, method, url, body);
        expect(response.statusCode, `${method} ${url} on ${tenant.orgId}`).toBe(404);
      }
    }
  });

  it("is the operator's admins only: 401 signed out, 403 for staff, front desk and students", async () => {
    for (const [method, url, body] of calls.filter(([, url]) => url.startsWith('/rest/'))) {
      expect((await call(operatorSite, null, method, url, body)).statusCode, url).toBe(401);
      for (const role of ['staff', 'frontdesk', 'student'] as const) {
        const token = (await loginAs(app, operatorSite, role)).access_token;
        expect((await call(operatorSite, token, method, url, body)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });

  it('says the operator in ping on its site only', async () => {
    const op = json<any>(await app.inject({ url: '/ping', headers: { host: operatorSite.host } }));
    const other = json<any>(await app.inject({ url: '/ping', headers: { host: studio.host } }));
    expect(op.isPlatformOperator).toBe(true);
    expect(other.isPlatformOperator).toBe(false);
    expect(other.isMasterFranchise).toBe(true);
  });
});

describe('master plans', () => {
  it('refuses bad input naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: 'Bad Id' }, 'slug'],
      [{ slug: undefined }, 'slug'],
      [{ name: '' }, 'name'],
      [{ monthlyMinor: -1 }, 'monthlyMinor'],
      [{ yearlyMinor: 10.5 }, 'yearlyMinor'],
      [{ contactsLimit: 0 }, 'contactsLimit'],
      [{ membersLimit: 0 }, 'membersLimit'],
      [{ trialDays: 400 }, 'trialDays'],
      [{ status: 'gone' }, 'status'],
      [{ inrMonthlyMinor: 100000 }, 'inrYearlyMinor'],
    ];
    for (const [patch, field] of cases) {
      const response = await call(
        operatorSite,
        opAdmin,
        'POST',
        '/rest/masterplan',
        plan({ slug: slug('bad'), ...patch }),
      );
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorOf(response.body).field, JSON.stringify(patch)).toContain(field);
    }
  });

  it('creates a plan, refuses its id twice, lists it with its tenants, and changes it', async () => {
    const created = await call(operatorSite, opAdmin, 'POST', '/rest/masterplan', plan({ slug: slug('create') }));
    expect(created.statusCode, created.body).toBe(201);
    const row = json<any>(created);
    expect(row).toMatchObject({
      slug: slug('create'),
      monthlyMinor: 4900,
      status: 'active',
      tenants: 0,
      byContact: false,
    });
    const again = await call(operatorSite, opAdmin, 'POST', '/rest/masterplan', plan({ slug: slug('create') }));
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body).field).toBe('slug');

    const list = json<any>(await call(operatorSite, opAdmin, 'GET', '/rest/masterplan')).data;
    expect(list.map((p: any) => p.slug)).toEqual(
      expect.arrayContaining(['free', 'organize', 'expand', 'leap', slug('create')]),
    );
    expect(list.find((p: any) => p.slug === 'organize')).toMatchObject({
      monthlyMinor: 2500,
      yearlyMinor: 30000,
      contactsLimit: 2000,
    });

    const { slug: _, ...fields } = plan({ name: 'Studio Plus', monthlyMinor: 5900 });
    const changed = await call(operatorSite, opAdmin, 'PUT', `/rest/masterplan/${row.id}`, fields);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<any>(changed)).toMatchObject({ slug: slug('create'), name: 'Studio Plus', monthlyMinor: 5900 });
    expect((await call(operatorSite, opAdmin, 'PUT', '/rest/masterplan/nope', fields)).statusCode).toBe(404);
  });

  it('keeps the free plan free and on sale', async () => {
    const list = json<any>(await call(operatorSite, opAdmin, 'GET', '/rest/masterplan')).data;
    const free = list.find((p: any) => p.slug === 'free');
    const base = {
      name: free.name,
      features: free.features,
      monthlyMinor: 0,
      yearlyMinor: 0,
      contactsLimit: free.contactsLimit,
      membersLimit: free.membersLimit,
      inrMonthlyMinor: 0,
      inrYearlyMinor: 0,
    };
    const priced = await call(operatorSite, opAdmin, 'PUT', `/rest/masterplan/${free.id}`, {
      ...base,
      monthlyMinor: 100,
    });
    expect(priced.statusCode).toBe(400);
    expect(errorOf(priced.body).field).toBe('monthlyMinor');
    const archived = await call(operatorSite, opAdmin, 'PUT', `/rest/masterplan/${free.id}`, {
      ...base,
      status: 'archived',
    });
    expect(archived.statusCode).toBe(400);
    expect(errorOf(archived.body).field).toBe('status');
  });

  it('is what Settings > Plan sells and what the public plan page shows; archived, neither', async () => {
    const created = json<any>(
      await call(operatorSite, opAdmin, 'POST', '/rest/masterplan', plan({ slug: slug('sold'), name: 'Sold' })),
    );
    const offers = json<any>(await call(studio, studioAdmin, 'GET', '/rest/subscription/plans'));
    expect(offers.currency).toBe('USD');
    expect(offers.plans.find((p: any) => p.type === slug('sold'))).toMatchObject({
      name: 'Sold',
      monthly: 49,
      yearly: 490,
      trialDays: 14,
    });
    expect(offers.plans.find((p: any) => p.type === 'leap')).toMatchObject({ monthly: 129, byContact: true });
    // not sold in INR (no INR prices): a studio in India does not see it
    const india = await newTenant(app, { settings: { country: 'India' } });
    const indiaAdmin = (await loginAs(app, india, 'admin')).access_token;
    const inr = json<any>(await call(india, indiaAdmin, 'GET', '/rest/subscription/plans'));
    expect(inr.currency).toBe('INR');
    expect(inr.plans.map((p: any) => p.type)).not.toContain(slug('sold'));
    expect(inr.plans.find((p: any) => p.type === 'organize').monthly).toBe(2945);

    const pub = await app.inject({ url: '/public/tplan', headers: { host: operatorSite.host } });
    expect(json<any>(pub).plans.map((p: any) => p.type)).toContain(slug('sold'));

    const { slug: _, ...fields } = plan({ name: 'Sold', status: 'archived' });
    expect((await call(operatorSite, opAdmin, 'PUT', `/rest/masterplan/${created.id}`, fields)).statusCode).toBe(200);
    const after = json<any>(await call(studio, studioAdmin, 'GET', '/rest/subscription/plans'));
    expect(after.plans.map((p: any) => p.type)).not.toContain(slug('sold'));
    const pubAfter = await app.inject({ url: '/public/tplan', headers: { host: operatorSite.host } });
    expect(json<any>(pubAfter).plans.map((p: any) => p.type)).not.toContain(slug('sold'));
    // an archived or unknown plan cannot be bought
    for (const planName of [`${slug('sold')}_monthly_plan`, 'nosuchplan_monthly_plan']) {
      const bought = await call(studio, studioAdmin, 'PUT', '/rest/subscription', {
        planName,
        payment: { type: 'card', methodId: 'pm_x', token: 't' },
      });
      expect(bought.statusCode, planName).toBe(400);
      expect(errorOf(bought.body)).toMatchObject({ field: 'planName', message: 'Unknown plan' });
    }
  });

  it("gives a tenant its plan's limits", async () => {
    json<any>(
      await call(
        operatorSite,
        opAdmin,
        'POST',
        '/rest/masterplan',
        plan({ slug: slug('limits'), contactsLimit: 7, membersLimit: null }),
      ),
    );
    const small = await newTenant(app);
    const [row] = await app.platform.db.select().from(tenants).where(eq(tenants.id, small.tenantId));
    await app.platform.db
      .update(tenants)
      .set({
        settings: {
          ...row?.settings,
          subscription: { planName: `${slug('limits')}_monthly_plan`, period: 'monthly', amount: 49, status: 'active' },
        } as any,
      })
      .where(eq(tenants.id, small.tenantId));
    app.platform.tenants.clearCache();
    const admin = (await loginAs(app, small, 'admin')).access_token;
    const sub = json<any>(await call(small, admin, 'GET', '/rest/subscription'));
    expect(sub.usage.contacts.max).toBe(7);
    expect(sub.usage.members.max).toBeNull();
  });
});

async function signUp(host: string, planName?: string) {
  const challenge = await app.inject({ url: '/public/studio/humanCheck?plan=1', headers: { host } });
  if (challenge.statusCode !== 200) return { response: challenge, orgId: '' };
  const orgId = `tp-${tag}-${randomBytes(2).toString('hex')}`;
  const response = await app.inject({
    method: 'POST',
    url: '/public/studio/signup',
    headers: { host, 'user-agent': 'OperatorTest/1.0' },
    remoteAddress: `${net}.1.${randomInt(1, 250)}`,
    payload: {
      businessName: 'Harbour Pilates',
      orgId,
      firstName: 'Ines',
      lastName: 'Costa',
      email: `ines-${orgId}@example.com`,
      password: 'Harbour-pilates-1',
      rToken: solveChallenge(json<any>(challenge)),
      ...(planName ? { planName } : {}),
    },
  });
  return { response, orgId };
}

describe('the /tplan sign-up and the tenants', () => {
  it("signs a studio up on a plan on the operator's site only; it is then in /tenant on that plan's trial", async () => {
    await call(
      operatorSite,
      opAdmin,
      'POST',
      '/rest/masterplan',
      plan({ slug: slug('trial'), name: 'Trial plan', trialDays: 30 }),
    );
    expect((await signUp(studio.host, `${slug('trial')}_monthly_plan`)).response.statusCode).toBe(404);
    // the operator's site offers the sign-up on a plan only (its /new-studio is not found)
    expect(
      (await app.inject({ url: '/public/studio/humanCheck', headers: { host: operatorSite.host } })).statusCode,
    ).toBe(404);
    const bad = await signUp(operatorSite.host, 'nosuchplan_yearly_plan');
    expect(bad.response.statusCode).toBe(400);
    expect(errorOf(bad.response.body).field).toBe('planName');
    const leap = await signUp(operatorSite.host, 'leap_monthly_plan');
    expect(leap.response.statusCode).toBe(400);

    const { response, orgId } = await signUp(operatorSite.host, `${slug('trial')}_yearly_plan`);
    expect(response.statusCode, response.body).toBe(201);
    const list = json<any>(await call(operatorSite, opAdmin, 'GET', `/rest/operator/tenants?search=${orgId}`));
    expect(list.recordsTotal).toBe(1);
    const [row] = list.data;
    expect(row).toMatchObject({
      orgId,
      name: 'Harbour Pilates',
      planName: `${slug('trial')}_yearly_plan`,
      paymentState: 'trial',
      contacts: { max: 500 },
      members: { max: 40 },
      suspendedAt: null,
      isOperator: false,
    });
    const days = (Date.parse(row.nextBillingDate) - Date.parse(row.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(row.contacts.used).toBeGreaterThanOrEqual(1);
    expect(row.lastActivity).toBeNull();
  });

  it('lists every tenant with the franchise tree, searched and paged', async () => {
    const list = json<any>(
      await call(operatorSite, opAdmin, 'GET', `/rest/operator/tenants?search=${studio.orgId}&length=10`),
    );
    const master = list.data.find((t: any) => t.orgId === studio.orgId);
    expect(master.franchises).toEqual([franchise.orgId]);
    expect(master).toMatchObject({ paymentState: 'free', planLabel: 'Free Plan', masterOrgId: studio.orgId });
    expect(master.lastActivity).not.toBeNull();
    const bad = await call(operatorSite, opAdmin, 'GET', '/rest/operator/tenants?length=0');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toContain('length');
  });

  it('suspends a studio: its site says so, members cannot write, staff still sign in; resume; both audited', async () => {
    const target = await newTenant(app);
    const bad = await call(operatorSite, opAdmin, 'POST', '/rest/operator/tenants/not-a-tenant/suspend');
    expect(bad.statusCode).toBe(404);
    const self = await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${operatorSite.tenantId}/suspend`);
    expect(self.statusCode).toBe(400);

    const suspended = await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${target.tenantId}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(json<any>(suspended).suspendedAt).not.toBeNull();
    const ping = json<any>(await app.inject({ url: '/ping', headers: { host: target.host } }));
    expect(ping.isSuspended).toBe(true);
    // a visitor's write is refused with the notice; staff sign in and write
    const register = await app.inject({
      method: 'POST',
      url: '/public/user/registration',
      headers: { host: target.host },
      payload: { name: 'A', lastName: 'B', email: 'a@b.test', password: 'Correct-horse-1' },
    });
    expect(register.statusCode).toBe(403);
    expect(errorOf(register.body)).toMatchObject({ code: 'tenant_suspended', message: SUSPENDED_NOTICE });
    const admin = (await loginAs(app, target, 'admin')).access_token;
    expect((await call(target, admin, 'GET', '/rest/subscription')).statusCode).toBe(200);
    const staffWrite = await call(target, admin, 'PUT', '/rest/subscription', {
      planName: 'free_plan',
      payment: { nonce: 'na', type: 'na', amount: 0 },
    });
    expect(staffWrite.statusCode, staffWrite.body).toBe(200);

    const resumed = await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${target.tenantId}/resume`);
    expect(json<any>(resumed).suspendedAt).toBeNull();
    expect(json<any>(await app.inject({ url: '/ping', headers: { host: target.host } })).isSuspended).toBe(false);

    const audit = json<any>(await call(operatorSite, opAdmin, 'GET', '/rest/operator/audit')).data;
    const mine = audit.filter((line: any) => line.orgId === target.orgId).map((line: any) => line.action);
    expect(mine).toEqual(['resume', 'suspend']);
    expect(audit[0].operatorName).toBe(`admin ${operatorSite.orgId}`);
  });

  it("impersonates a studio's owner through a one-time code for this browser, with an audit line", async () => {
    const target = await newTenant(app);
    const response = await app.inject({
      method: 'POST',
      url: `/rest/operator/tenants/${target.tenantId}/impersonate`,
      headers: { ...bearer(opAdmin, operatorSite.host), 'user-agent': 'OperatorBrowser/1.0' },
      remoteAddress: `${net}.2.1`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(json<any>(response).url);
    expect(url.host.startsWith(`${target.orgId}.`)).toBe(true);
    expect(url.pathname).toBe('/dashboard');
    const code = url.hash.replace('#studioWelcome=', '');
    const other = await app.inject({
      method: 'POST',
      url: '/public/studio/welcome',
      headers: { host: target.host, 'user-agent': 'SomeoneElse/1.0' },
      remoteAddress: `${net}.2.1`,
      payload: { code },
    });
    expect(other.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: `/rest/operator/tenants/${target.tenantId}/impersonate`,
      headers: { ...bearer(opAdmin, operatorSite.host), 'user-agent': 'OperatorBrowser/1.0' },
      remoteAddress: `${net}.2.1`,
    });
    const code2 = new URL(json<any>(again).url).hash.replace('#studioWelcome=', '');
    const session = await app.inject({
      method: 'POST',
      url: '/public/studio/welcome',
      headers: { host: target.host, 'user-agent': 'OperatorBrowser/1.0' },
      remoteAddress: `${net}.2.1`,
      payload: { code: code2 },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(json<any>(session).contact.role).toBe('admin');
    const audit = json<any>(await call(operatorSite, opAdmin, 'GET', '/rest/operator/audit')).data;
    expect(audit.filter((l: any) => l.orgId === target.orgId && l.action === 'impersonate')).toHaveLength(2);
    expect(
      (await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${operatorSite.tenantId}/impersonate`))
        .statusCode,
    ).toBe(400);
  });
});

describe('a suspended studio’s website', () => {
  it('answers every server-rendered page with the notice, then the site again once resumed', async () => {
    const target = await newTenant(app, { pages: demoPages('Suspended Studio') });
    const home = () => app.inject({ url: '/', headers: { host: target.host, accept: 'text/html' } });
    const open = (await home()).body;
    expect(open).toContain('Suspended Studio');
    expect(open).not.toContain(SUSPENDED_NOTICE);
    await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${target.tenantId}/suspend`);
    const suspended = (await home()).body;
    expect(suspended).toContain(SUSPENDED_NOTICE);
    expect(suspended).toContain('Site unavailable');
    await call(operatorSite, opAdmin, 'POST', `/rest/operator/tenants/${target.tenantId}/resume`);
    expect((await home()).body).not.toContain(SUSPENDED_NOTICE);
  });
});
