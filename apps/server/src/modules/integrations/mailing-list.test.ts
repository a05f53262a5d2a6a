import { describe, expect, it } from 'vitest';
import { bearer, json, loginAs, type TestTenant } from '../../../test/helpers.ts';
import { errorOf, providerApisAt, studiosOnProviderStub } from '../../../test/provider-studios.ts';

// Spec 2 §7 "Mailing list service": /rest/mailingList on the Mailchimp services.
const KEY_A = '0123456789abcdef0123456789abcdef-us6';
const KEY_B = 'fedcba9876543210fedcba9876543210-us6';

const ctx = studiosOnProviderStub(
  { mailchimp: { keys: [KEY_A, KEY_B], lists: { listA1: { name: 'Studio A' }, listB1: { name: 'Studio B' } } } },
  (url) => ({ providerUrls: providerApisAt(url) }),
  { a: { settings: { email: 'hello@a.test' } }, b: { settings: { email: 'hello@b.test' } } },
);

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token, tenant.host), payload });

describe('/rest/mailingList', () => {
  it('PUT refuses a list without its fields, naming each one', async () => {
    const cases: Array<[object, string, string]> = [
      [{ mcAudienceId: 'listA1', mcApiKey: KEY_A }, 'mcAudienceName', 'Audience Name required'],
      [{ mcAudienceName: 'L', mcApiKey: KEY_A }, 'mcAudienceId', 'Audience ID is required'],
      [{ mcAudienceName: 'L', mcAudienceId: 'listA1' }, 'mcApiKey', 'API Key required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(ctx.adminA, ctx.a, 'PUT', '/rest/mailingList', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toMatchObject({ field, message });
    }
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList')).data).toMatchObject({
      listId: '',
      hasApiKey: false,
      status: null,
    });
  });

  it('PUT saves the list (checked with Mailchimp), GET reads it masked, GET /{id} and /stats answer it', async () => {
    const saved = await call(ctx.adminA, ctx.a, 'PUT', '/rest/mailingList', {
      mcAudienceName: 'Studio A',
      mcAudienceId: 'listA1',
      mcApiKey: KEY_A,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<any>(saved).tenant).toMatchObject({ provider: 'mailchimp', mcAudienceId: 'listA1' });
    expect(ctx.stub.requests.at(-1)).toMatchObject({ method: 'GET', path: '/us6/3.0/lists/listA1' });

    const list = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList')).data;
    expect(list).toMatchObject({ name: 'Studio A', listId: 'listA1', hasApiKey: true, status: 'not_started' });
    // The list's from email falls back to the account's (spec 2 §7).
    expect(list.fromEmail).toBe('hello@a.test');
    const one = await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList/listA1');
    expect(one.statusCode).toBe(200);
    expect(json<any>(one).data).toEqual(list);
    const body = JSON.stringify([list, json<any>(one)]);
    expect(body).not.toContain(KEY_A);

    const stats = await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(json<any>(stats)).toMatchObject({ listId: 'listA1', campaignCount: 2, openRate: 42.25, syncCount: 0 });
  });

  it('POST creates an audience at Mailchimp and makes it the active list', async () => {
    const created = await call(ctx.adminB, ctx.b, 'POST', '/rest/mailingList', {
      mcAudienceName: 'New list',
      mcApiKey: KEY_B,
    });
    // Mailchimp wants the postal address for a new audience: its refusal names the field.
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).field).toBe('mcAudienceName');
    expect(errorOf(created).message).toContain('Mailchimp did not create the list');

    const saved = await call(ctx.adminB, ctx.b, 'PUT', '/rest/mailingList', {
      mcAudienceName: 'Studio B',
      mcAudienceId: 'listB1',
      mcApiKey: KEY_B,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("another tenant's list id is a 404 to read and to delete, and stays", async () => {
    expect((await call(ctx.adminB, ctx.b, 'GET', '/rest/mailingList/listA1')).statusCode).toBe(404);
    expect((await call(ctx.adminB, ctx.b, 'DELETE', '/rest/mailingList/listA1')).statusCode).toBe(404);
    expect((await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList/nosuch')).statusCode).toBe(404);
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList')).data.listId).toBe('listA1');
  });

  it('is for admins: staff, front desk and students are refused, no sign-in is a 401', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.a, role)).access_token;
      for (const [method, url] of [
        ['GET', '/rest/mailingList'],
        ['PUT', '/rest/mailingList'],
        ['POST', '/rest/mailingList'],
        ['GET', '/rest/mailingList/stats'],
        ['GET', '/rest/mailingList/listA1'],
        ['DELETE', '/rest/mailingList/listA1'],
      ] as const) {
        expect((await call(token, ctx.a, method, url, {})).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const anonymous = await ctx.app.inject({ url: '/rest/mailingList', headers: { host: ctx.a.host } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('DELETE /{id} is a 409 while a resync runs, and the list stays', async () => {
    let release: () => void = () => {};
    ctx.stub.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = await call(ctx.adminA, ctx.a, 'POST', '/campaign/tenant/mailchimp/resync');
    expect(started.statusCode, started.body).toBe(200);
    const refused = await call(ctx.adminA, ctx.a, 'DELETE', '/rest/mailingList/listA1');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('resync is already in progress');
    ctx.stub.hold = null;
    release();
    for (let i = 0; i < 400; i += 1) {
      const { status } = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList')).data;
      if (status !== 'in_progress') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList')).data).toMatchObject({
      listId: 'listA1',
      status: 'complete',
    });
  });

  it('DELETE /{id} forgets the list and its key here; Mailchimp is no longer the campaign provider', async () => {
    const deleted = await call(ctx.adminA, ctx.a, 'DELETE', '/rest/mailingList/listA1');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json<any>(deleted)).toEqual({ message: 'Mailchimp list removed.' });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList')).data).toMatchObject({
      listId: '',
      hasApiKey: false,
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/campaign/tenant')).tenant.provider).toBeNull();
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/rest/mailingList/listA1')).statusCode).toBe(404);
    expect((await call(ctx.adminA, ctx.a, 'GET', '/rest/mailingList/stats')).statusCode).toBe(404);
    // The other tenant's list is untouched.
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/rest/mailingList')).data.listId).toBe('listB1');
  });
});
