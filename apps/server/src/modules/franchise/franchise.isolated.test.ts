import { randomBytes } from 'node:crypto';
import { FRANCHISE_MESSAGES } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer, json, loginAs, type TestTenant } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, tenants, websitePages } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { twoFranchiseGroups } from './franchise-fixtures.ts';

// Lets one test make the page insert fail inside the creation transaction.
const failure = vi.hoisted(() => ({ pages: false }));
vi.mock('./franchise-pages.ts', async (original) => {
  const actual = await original<typeof import('./franchise-pages.ts')>();
  return {
    franchisePages: (name: string) =>
      failure.pages
        ? [...actual.franchisePages(name), { name: 'broken', title: null as unknown as string, url: 'broken' }]
        : actual.franchisePages(name),
  };
});

const ctx = twoFranchiseGroups();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token, tenant.host), payload });

const newOrgId = () => `fr${randomBytes(4).toString('hex')}`;

function createForm(patch: Record<string, unknown> = {}) {
  const orgId = newOrgId();
  return {
    businessName: 'Lakeside Yoga',
    orgId,
    phone: '+1 555 0142',
    timezone: 'America/Chicago',
    user: { name: 'Lee Lake', email: `owner@${orgId}.test`, password: 'Lakeside-pass-1' },
    address: { line1: '1 Shore Road', line2: '', city: 'Lakeside', state: 'IL', zip: '60601' },
    ...patch,
  };
}

const error = (response: Parameters<typeof json>[0]) =>
  json<{ errors: { message: string; field?: string } }>(response).errors;

describe('GET /rest/franchise', () => {
  it("lists this master's franchises (not the master itself, not another master's)", async () => {
    const response = await call(ctx.adminM, ctx.master, 'GET', '/rest/franchise');
    expect(response.statusCode).toBe(200);
    const { data } = json<{ data: any[] }>(response);
    expect(data.map((row) => row.orgId)).toEqual([ctx.franchise.orgId]);
    expect(data[0]).toMatchObject({
      guid: ctx.franchise.tenantId,
      tenantId: ctx.franchise.tenantId,
      name: `Studio ${ctx.franchise.orgId}`,
      accountOwner: ctx.franchise.users.admin.id,
      accountOwnerName: `admin ${ctx.franchise.orgId}`,
      timezone: 'America/New_York',
    });
    expect(new Date(data[0].dateCreatedStr).getTime()).toBeGreaterThan(0);
  });

  it('is refused on a franchise (not a master) host: 403', async () => {
    const adminF = (await loginAs(ctx.app, ctx.franchise, 'admin')).access_token;
    const response = await call(adminF, ctx.franchise, 'GET', '/rest/franchise');
    expect(response.statusCode).toBe(403);
    expect(error(response).message).toBe('Only a master franchise can manage franchises.');
  });

  it('is for admins only: staff, front desk and students get 403, visitors 401', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.master, role)).access_token;
      expect((await call(token, ctx.master, 'GET', '/rest/franchise')).statusCode).toBe(403);
      expect((await call(token, ctx.master, 'POST', '/rest/franchise', {})).statusCode).toBe(403);
      expect((await call(token, ctx.master, 'DELETE', `/rest/franchise/${ctx.franchise.tenantId}`)).statusCode).toBe(
        403,
      );
    }
    expect((await ctx.app.inject({ url: '/rest/franchise', headers: { host: ctx.master.host } })).statusCode).toBe(401);
  });
});

describe('GET /rest/franchise/{id}', () => {
  it('answers a franchise of this master', async () => {
    const response = await call(ctx.adminM, ctx.master, 'GET', `/rest/franchise/${ctx.franchise.tenantId}`);
    expect(response.statusCode).toBe(200);
    expect(json<any>(response).orgId).toBe(ctx.franchise.orgId);
  });

  it("is a 404 for another master's franchise, the master itself, another master and a bad id", async () => {
    for (const id of [ctx.otherFranchise.tenantId, ctx.master.tenantId, ctx.otherMaster.tenantId, 'nope']) {
      expect((await call(ctx.adminM, ctx.master, 'GET', `/rest/franchise/${id}`)).statusCode).toBe(404);
      expect((await call(ctx.adminM, ctx.master, 'PUT', `/rest/franchise/${id}`, editForm())).statusCode).toBe(404);
      expect((await call(ctx.adminM, ctx.master, 'DELETE', `/rest/franchise/${id}`)).statusCode).toBe(404);
    }
  });
});

function editForm(patch: Record<string, unknown> = {}) {
  return {
    businessName: 'Riverbank Yoga',
    phone: '+1 555 0177',
    user: { name: 'Robin Bank', email: 'robin@riverbank.test' },
    address: { line1: '9 Bank Street', line2: 'Unit 2', city: 'Riverton', state: 'WY', zip: '82501' },
    ...patch,
  };
}

describe('POST /rest/franchise', () => {
  it('creates the tenant, its admin (who can log in on {orgId}.localhost) and its pages', async () => {
    const form = createForm();
    const response = await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', {
      ...form,
      orgId: `  ${form.orgId.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(201);
    const created = json<any>(response);
    expect(created).toMatchObject({
      orgId: form.orgId,
      name: 'Lakeside Yoga',
      phone: '+1 555 0142',
      timezone: 'America/Chicago',
      accountOwnerName: 'Lee Lake',
      fromEmail: form.user.email,
      address: { line1: '1 Shore Road', city: 'Lakeside', state: 'IL', zip: '60601' },
    });
    const [row] = await ctx.app.platform.db.select().from(tenants).where(eq(tenants.orgId, form.orgId));
    expect(row?.masterOrgId).toBe(ctx.master.orgId);
    expect(row?.settings.accountOwner).toBe(created.accountOwner);

    const host = `${form.orgId}.localhost`;
    const ping = json<any>(await ctx.app.inject({ url: '/ping', headers: { host } }));
    expect(ping).toMatchObject({ orgId: form.orgId, masterOrgId: ctx.master.orgId, isMasterFranchise: false });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host },
      payload: { userId: form.user.email, password: form.user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(json<any>(login).contact).toMatchObject({ role: 'admin', name: 'Lee', lastName: 'Lake' });
    const pages = await withTenant(ctx.app.platform.db, created.tenantId, (tx) =>
      tx.select({ name: websitePages.name }).from(websitePages).where(eq(websitePages.tenantId, created.tenantId)),
    );
    expect(pages.map((page) => page.name)).toContain('home');
    const list = json<{ data: any[] }>(await call(ctx.adminM, ctx.master, 'GET', '/rest/franchise')).data;
    expect(list.map((f) => f.orgId)).toContain(form.orgId);
  });

  it("takes a zone no country list has (Europe/London): the franchise keeps the master's country", async () => {
    const response = await call(
      ctx.adminM,
      ctx.master,
      'POST',
      '/rest/franchise',
      createForm({ timezone: 'Europe/London' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = json<any>(response);
    expect(created.timezone).toBe('Europe/London');
    const [row] = await ctx.app.platform.db.select().from(tenants).where(eq(tenants.orgId, created.orgId));
    const masterPing = json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.master.host } }));
    expect(row?.settings.country).toBe(masterPing.country);
    const unknown = await call(
      ctx.adminM,
      ctx.master,
      'POST',
      '/rest/franchise',
      createForm({ timezone: 'Europe/Londres' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(error(unknown)).toMatchObject({ field: 'timezone', message: FRANCHISE_MESSAGES.timezoneInvalid });
  });

  it('refuses a taken org id (any tenant, even another master) with a 400 on orgId', async () => {
    for (const orgId of [ctx.otherMaster.orgId, ctx.franchise.orgId]) {
      const response = await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', createForm({ orgId }));
      expect(response.statusCode).toBe(400);
      expect(error(response)).toMatchObject({ field: 'orgId', message: 'This Franchise OrgId is already taken.' });
    }
  });

  it('answers the spec’s messages, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ businessName: ' ' }, 'businessName', 'Name of franchise is required!'],
      [{ orgId: '' }, 'orgId', 'Franchise OrgId is required!'],
      [{ orgId: 'ab' }, 'orgId', 'Franchise OrgId must be 3 to 32 characters long.'],
      [{ orgId: 'bad_org' }, 'orgId', expect.stringContaining('lower-case letters, digits') as unknown as string],
      [{ orgId: 'www' }, 'orgId', 'This Franchise OrgId is reserved. Please choose another.'],
      [{ phone: '' }, 'phone', 'Phone is required!'],
      [{ timezone: '' }, 'timezone', 'TimeZone is required!'],
      [{ user: { name: '', email: 'a@b.test', password: 'Long-enough-1' } }, 'user.name', 'Admin name is required!'],
      [{ user: { name: 'A', email: '', password: 'Long-enough-1' } }, 'user.email', 'Email is required!'],
      [{ user: { name: 'A', email: 'a@b.test', password: '' } }, 'user.password', 'Password is required!'],
      [
        { user: { name: 'A', email: 'a@b.test', password: 'short' } },
        'user.password',
        'password must be at least 8 characters',
      ],
      [{ address: { city: '', state: 'IL', zip: '60601' } }, 'address.city', 'City is required!'],
      [{ address: { city: 'X', state: '', zip: '60601' } }, 'address.state', 'State is required!'],
      [{ address: { city: 'X', state: 'IL', zip: '' } }, 'address.zip', 'Zip code is required!'],
      [
        { address: { city: 'X', state: 'IL', zip: '123' } },
        'address.zip',
        'Zip code must be atleast 5 characters long!',
      ],
      [
        { address: { city: 'X', state: 'IL', zip: '12345678901' } },
        'address.zip',
        'Zip code should be less than 10 characters long!',
      ],
      [{ address: { city: 'X', state: 'IL', zip: '12a45' } }, 'address.zip', 'Zip code should only contain numbers!'],
    ];
    for (const [patch, field, message] of cases) {
      const response = await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', createForm(patch));
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(error(response)).toMatchObject({ field, message });
    }
  });

  it('is all or nothing: a failure after the tenant row leaves no tenant, admin or host', async () => {
    const form = createForm();
    failure.pages = true;
    try {
      const response = await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', form);
      expect(response.statusCode).toBe(500);
    } finally {
      failure.pages = false;
    }
    expect(await ctx.app.platform.db.select().from(tenants).where(eq(tenants.orgId, form.orgId))).toEqual([]);
    const ping = json<any>(await ctx.app.inject({ url: '/ping', headers: { host: `${form.orgId}.localhost` } }));
    expect(ping.orgId).toBeUndefined();
    // The same org id can be used at once.
    expect((await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', form)).statusCode).toBe(201);
  });
});

describe('PUT /rest/franchise/{id}', () => {
  it('saves the edit form: name, phone, address and the owner’s name and email', async () => {
    const form = createForm();
    const created = json<any>(await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', form));
    await ctx.app.inject({ url: '/ping', headers: { host: `${form.orgId}.localhost` } }); // warm the caches
    const response = await call(ctx.adminM, ctx.master, 'PUT', `/rest/franchise/${created.guid}`, {
      ...editForm(),
      orgId: form.orgId,
    });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      name: 'Riverbank Yoga',
      phone: '+1 555 0177',
      timezone: 'America/Chicago',
      accountOwner: created.accountOwner,
      accountOwnerName: 'Robin Bank',
      address: { line1: '9 Bank Street', line2: 'Unit 2', city: 'Riverton', state: 'WY', zip: '82501' },
    });
    const ping = json<any>(await ctx.app.inject({ url: '/ping', headers: { host: `${form.orgId}.localhost` } }));
    expect(ping.name).toBe('Riverbank Yoga');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: `${form.orgId}.localhost` },
      payload: { userId: 'robin@riverbank.test', password: form.user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a new org id, the spec’s messages, and an email of another contact of the franchise', async () => {
    const moved = await call(
      ctx.adminM,
      ctx.master,
      'PUT',
      `/rest/franchise/${ctx.franchise.tenantId}`,
      editForm({ orgId: 'moved' }),
    );
    expect(moved.statusCode).toBe(400);
    expect(error(moved).field).toBe('orgId');
    const zip = await call(
      ctx.adminM,
      ctx.master,
      'PUT',
      `/rest/franchise/${ctx.franchise.tenantId}`,
      editForm({ address: { city: 'X', state: 'Y', zip: '1' } }),
    );
    expect(error(zip)).toMatchObject({ field: 'address.zip', message: 'Zip code must be atleast 5 characters long!' });
    const taken = await call(
      ctx.adminM,
      ctx.master,
      'PUT',
      `/rest/franchise/${ctx.franchise.tenantId}`,
      editForm({ user: { name: 'X', email: ctx.franchise.users.staff.email } }),
    );
    expect(taken.statusCode).toBe(400);
    expect(error(taken).field).toBe('user.email');
    // Nothing of the refused edits was written.
    const after = json<any>(await call(ctx.adminM, ctx.master, 'GET', `/rest/franchise/${ctx.franchise.tenantId}`));
    expect(after.name).toBe(`Studio ${ctx.franchise.orgId}`);
  });
});

describe('DELETE /rest/franchise/{id}', () => {
  it('deletes a franchise with no members; its host stops resolving at once', async () => {
    const form = createForm();
    const created = json<any>(await call(ctx.adminM, ctx.master, 'POST', '/rest/franchise', form));
    const host = `${form.orgId}.localhost`;
    expect(json<any>(await ctx.app.inject({ url: '/ping', headers: { host } })).orgId).toBe(form.orgId);
    const ownerLogin = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host },
      payload: { userId: form.user.email, password: form.user.password },
    });
    const ownerToken = json<any>(ownerLogin).access_token as string;

    const response = await call(ctx.adminM, ctx.master, 'DELETE', `/rest/franchise/${created.guid}`);
    expect(response.statusCode).toBe(200);
    expect(json<any>(response).message).toBe('Successfully deleted franchise.');
    expect(json<any>(await ctx.app.inject({ url: '/ping', headers: { host } })).orgId).toBeUndefined();
    const stale = await ctx.app.inject({ url: '/snode/tenant', headers: bearer(ownerToken, host) });
    expect(stale.statusCode).toBe(404);
    expect((await call(ctx.adminM, ctx.master, 'GET', `/rest/franchise/${created.guid}`)).statusCode).toBe(404);
  });

  it('refuses (409) a franchise that has members, and keeps it whole', async () => {
    const response = await call(ctx.adminM, ctx.master, 'DELETE', `/rest/franchise/${ctx.franchise.tenantId}`);
    expect(response.statusCode).toBe(409);
    expect(error(response).message).toBe(`Studio ${ctx.franchise.orgId} has 1 member, so it cannot be deleted.`);
    expect((await call(ctx.adminM, ctx.master, 'GET', `/rest/franchise/${ctx.franchise.tenantId}`)).statusCode).toBe(
      200,
    );
    await createUsers(ctx.app.platform.db, ctx.franchise.tenantId, [
      { email: `second@${ctx.franchise.orgId}.test`, password: 'Whatever-pass-1', name: 'Second', role: 'student' },
    ]);
    const again = await call(ctx.adminM, ctx.master, 'DELETE', `/rest/franchise/${ctx.franchise.tenantId}`);
    expect(error(again).message).toBe(`Studio ${ctx.franchise.orgId} has 2 members, so it cannot be deleted.`);
    const people = await withTenant(ctx.app.platform.db, ctx.franchise.tenantId, (tx) =>
      tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.tenantId, ctx.franchise.tenantId)),
    );
    expect(people.length).toBe(5);
  });
});
