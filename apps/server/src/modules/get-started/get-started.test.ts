import type { GetStartedResponse } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

let app: App;
let studio: TestTenant;
let other: TestTenant;
let admin: string;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });

const stepsDone = async () => {
  const response = await call(admin, studio, 'GET', '/rest/getstarted');
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(json<GetStartedResponse>(response).steps.map((step) => [step.key, step.done]));
};

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app);
  other = await newTenant(app, {
    pages: [{ name: 'home', title: 'Home', url: 'home', isPublished: true }],
  });
  // a new studio has its staff and no member yet
  await withTenant(app.platform.db, studio.tenantId, (tx) =>
    tx.delete(contacts).where(and(eq(contacts.tenantId, studio.tenantId), eq(contacts.role, 'student'))),
  );
  admin = (await loginAs(app, studio, 'admin')).access_token;
});

describe('GET /rest/getstarted', () => {
  it("follows the studio's own data: each step is done when the studio has taken it", async () => {
    // (another studio's published page and members count for nothing here)
    expect(await stepsDone()).toEqual({ logo: false, website: false, payments: false, offering: false, member: false });
    expect(
      json<GetStartedResponse>(await call(admin, studio, 'GET', '/rest/getstarted')).steps.map((s) => s.key),
    ).toEqual(['logo', 'website', 'payments', 'offering', 'member']);

    expect(
      (await call(admin, studio, 'PUT', '/plugin/tenant/', { logo: 'https://cdn.example.com/logo.png' })).statusCode,
    ).toBe(200);
    const page = await call(admin, studio, 'POST', '/stemplate/webpage/4821', { title: 'Our story', url: 'our-story' });
    expect(page.statusCode, page.body).toBe(201);
    expect(await stepsDone()).toMatchObject({ logo: true, website: false });
    await call(admin, studio, 'PUT', `/stemplate/webpage/${json<{ id: string }>(page).id}`, { isPublished: true });

    const category = await call(admin, studio, 'POST', '/snode/icategory', { name: 'Goods', categoryType: 'PRODUCT' });
    const item = await call(admin, studio, 'POST', '/rest/item', {
      name: 'Mat',
      categoryId: json<{ guId: string }>(category).guId,
      price: 30,
    });
    expect(item.statusCode, item.body).toBe(201);
    const member = await call(admin, studio, 'POST', '/snode/contact', {
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora@x.test',
    });
    expect(member.statusCode, member.body).toBe(201);
    expect(await stepsDone()).toEqual({ logo: true, website: true, payments: false, offering: true, member: true });
  });

  it('a weekly class is a first offering too', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const read = async () =>
      json<GetStartedResponse>(await call(token, t, 'GET', '/rest/getstarted')).steps.find((s) => s.key === 'offering');
    expect(await read()).toEqual({ key: 'offering', done: false });
    const rule = await call(token, t, 'POST', '/snode/classrule', {
      name: 'Yoga',
      daysOfWeek: [1, 3],
      startTime: '18:00',
      durationMinutes: 60,
      startDate: '2030-01-07',
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(await read()).toEqual({ key: 'offering', done: true });
  });

  it('is for admins: other staff and students are refused, a visitor must sign in, another host is a 401', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const { access_token } = await loginAs(app, other, role);
      expect((await call(access_token, other, 'GET', '/rest/getstarted')).statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/rest/getstarted', headers: { host: studio.host } })).statusCode).toBe(401);
    expect((await call(admin, other, 'GET', '/rest/getstarted')).statusCode).toBe(401);
  });
});
