import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;
let staffA: string;
let frontdeskA: string;
let studentA: string;
let adminB: string;

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  staffA = (await loginAs(app, a, 'staff')).access_token;
  frontdeskA = (await loginAs(app, a, 'frontdesk')).access_token;
  studentA = (await loginAs(app, a, 'student')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });

const form = (patch: Record<string, unknown> = {}) => ({
  name: 'Welcome',
  subject: 'Welcome to {{orgname}}, {{firstname}}',
  template: '<p>Hi {{firstname}}, welcome!</p>',
  ...patch,
});

async function create(tenant: TestTenant, token: string, patch: Record<string, unknown> = {}) {
  const response = await call(token, tenant, 'POST', '/esend/etemplate', form(patch));
  expect(response.statusCode).toBe(201);
  return json<any>(response).data as { id: string; name: string };
}

describe('email templates: the calls', () => {
  it('creates, lists (data.eTemplates, newest first), reads, edits and deletes', async () => {
    const tenant = await newTenant(app);
    const admin = (await loginAs(app, tenant, 'admin')).access_token;
    const empty = await call(admin, tenant, 'GET', '/esend/etemplate');
    expect(empty.statusCode).toBe(200);
    expect(json(empty)).toEqual({ data: { eTemplates: [] } });

    const first = await create(tenant, admin, { name: 'First' });
    const second = await create(tenant, admin, { name: 'Second' });
    expect(first).toMatchObject({
      id: expect.any(String),
      _id: first.id,
      name: 'First',
      subject: 'Welcome to {{orgname}}, {{firstname}}',
      template: '<p>Hi {{firstname}}, welcome!</p>',
      systemKey: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = json<any>(await call(admin, tenant, 'GET', '/esend/etemplate')).data.eTemplates;
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Second', 'First']);

    const one = await call(admin, tenant, 'GET', `/esend/etemplate/${first.id}`);
    expect(one.statusCode).toBe(200);
    expect(json<any>(one).data.name).toBe('First');

    const put = await call(admin, tenant, 'PUT', `/esend/etemplate/${first.id}`, {
      ...form({ name: 'First, edited', subject: 'New {{lastname}}' }),
      id: 'whatever-the-client-sends',
    });
    expect(put.statusCode).toBe(200);
    expect(json<any>(put).data).toMatchObject({ id: first.id, name: 'First, edited', subject: 'New {{lastname}}' });
    expect(json<any>(await call(admin, tenant, 'GET', `/esend/etemplate/${first.id}`)).data.name).toBe('First, edited');

    const del = await call(admin, tenant, 'DELETE', `/esend/etemplate/${second.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(admin, tenant, 'GET', `/esend/etemplate/${second.id}`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'DELETE', `/esend/etemplate/${second.id}`)).statusCode).toBe(404);
    expect(json<any>(await call(admin, tenant, 'GET', '/esend/etemplate')).data.eTemplates).toHaveLength(1);
  });

  it('sanitises the body on save: no script, no handler, no javascript: link; tags and links stay', async () => {
    const saved = await create(a, adminA, {
      template:
        '<p onclick="steal()">Hi {{firstname}}<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="{{resetlink}}">reset</a>',
    });
    const body = json<any>(await call(adminA, a, 'GET', `/esend/etemplate/${saved.id}`)).data.template as string;
    expect(body).toContain('Hi {{firstname}}');
    expect(body).toContain('href="{{resetlink}}"');
    expect(body).not.toMatch(/script|onclick|javascript:/i);
  });

  it('keeps one template per platform email (400 on systemKey for a second)', async () => {
    const tenant = await newTenant(app);
    const admin = (await loginAs(app, tenant, 'admin')).access_token;
    const reset = await create(tenant, admin, { systemKey: 'password_reset' });
    expect(json<any>(await call(admin, tenant, 'GET', `/esend/etemplate/${reset.id}`)).data.systemKey).toBe(
      'password_reset',
    );
    const again = await call(admin, tenant, 'POST', '/esend/etemplate', form({ systemKey: 'password_reset' }));
    expect(again.statusCode).toBe(400);
    expect(json<any>(again).errors).toMatchObject({
      field: 'systemKey',
      message: 'Another template is already used for Password reset.',
    });
    const other = await create(tenant, admin);
    const edit = await call(
      admin,
      tenant,
      'PUT',
      `/esend/etemplate/${other.id}`,
      form({ systemKey: 'password_reset' }),
    );
    expect(edit.statusCode).toBe(400);
    // another tenant may have its own
    await create(b, adminB, { systemKey: 'password_reset' });
    const unknown = await call(admin, tenant, 'POST', '/esend/etemplate', form({ systemKey: 'welcome_bogus' }));
    expect(unknown.statusCode).toBe(400);
    expect(json<any>(unknown).errors.field).toBe('systemKey');
  });
});

describe('email templates: validation', () => {
  it.each([
    ['name', { name: '' }, 'Template Name is required!'],
    ['name', { name: '   ' }, 'Template Name is required!'],
    ['subject', { subject: '' }, 'Subject is required!'],
    ['template', { template: '<p></p>' }, 'Template body is required!'],
    ['template', { template: '' }, 'Template body is required!'],
  ])('400 on %s for %j', async (field, patch, message) => {
    const response = await call(adminA, a, 'POST', '/esend/etemplate', form(patch));
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors).toMatchObject({ field, message });
  });

  it('400 naming a missing field, and on PUT too', async () => {
    const { name: _n, ...noName } = form();
    const missing = await call(adminA, a, 'POST', '/esend/etemplate', noName);
    expect(missing.statusCode).toBe(400);
    expect(json<any>(missing).errors).toMatchObject({ field: 'name', message: 'Template Name is required!' });
    const saved = await create(a, adminA);
    const put = await call(adminA, a, 'PUT', `/esend/etemplate/${saved.id}`, form({ subject: ' ' }));
    expect(put.statusCode).toBe(400);
    expect(json<any>(put).errors).toMatchObject({ field: 'subject', message: 'Subject is required!' });
  });
});

describe('email templates: roles', () => {
  it('staff and front desk read; only admins write (403, before the body is looked at)', async () => {
    const saved = await create(a, adminA);
    for (const token of [staffA, frontdeskA]) {
      expect((await call(token, a, 'GET', '/esend/etemplate')).statusCode).toBe(200);
      expect((await call(token, a, 'GET', `/esend/etemplate/${saved.id}`)).statusCode).toBe(200);
      expect((await call(token, a, 'POST', '/esend/etemplate', form())).statusCode).toBe(403);
      expect((await call(token, a, 'POST', '/esend/etemplate', {})).statusCode).toBe(403);
      expect((await call(token, a, 'PUT', `/esend/etemplate/${saved.id}`, form())).statusCode).toBe(403);
      expect((await call(token, a, 'DELETE', `/esend/etemplate/${saved.id}`)).statusCode).toBe(403);
    }
  });

  it('students get 403 and visitors 401', async () => {
    expect((await call(studentA, a, 'GET', '/esend/etemplate')).statusCode).toBe(403);
    expect((await call(studentA, a, 'POST', '/esend/etemplate', form())).statusCode).toBe(403);
    expect((await app.inject({ url: '/esend/etemplate', headers: { host: a.host } })).statusCode).toBe(401);
  });
});

describe('email templates: tenant isolation', () => {
  it("another tenant's template is a 404 on every call, and not in its list", async () => {
    const saved = await create(a, adminA, { name: 'Only on A' });
    expect((await call(adminB, b, 'GET', `/esend/etemplate/${saved.id}`)).statusCode).toBe(404);
    expect((await call(adminB, b, 'PUT', `/esend/etemplate/${saved.id}`, form())).statusCode).toBe(404);
    expect((await call(adminB, b, 'DELETE', `/esend/etemplate/${saved.id}`)).statusCode).toBe(404);
    const listB = json<any>(await call(adminB, b, 'GET', '/esend/etemplate')).data.eTemplates;
    expect(listB.some((t: { id: string }) => t.id === saved.id)).toBe(false);
    expect(json<any>(await call(adminA, a, 'GET', `/esend/etemplate/${saved.id}`)).data.name).toBe('Only on A');
    // A's token on B's host is not A's session there
    expect((await call(adminA, b, 'GET', '/esend/etemplate')).statusCode).toBe(401);
  });
});
