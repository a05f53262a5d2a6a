import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../test/helpers.ts';
import type { App } from './app.ts';
import { withTenant } from './db/client.ts';
import { contacts, outboxEmails, passwordResets, refreshTokens } from './db/schema/index.ts';

let app: App;
let tenant: TestTenant;
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await newTenant(app);
  adminToken = (await loginAs(app, tenant, 'admin')).access_token;
});

async function rowCounts() {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => ({
    contacts: (await tx.select({ n: count() }).from(contacts))[0]?.n,
    refreshTokens: (await tx.select({ n: count() }).from(refreshTokens))[0]?.n,
    resets: (await tx.select({ n: count() }).from(passwordResets))[0]?.n,
    outbox: (await tx.select({ n: count() }).from(outboxEmails))[0]?.n,
  }));
}

const cases: Array<{
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  field: string;
  auth?: boolean;
}> = [
  { name: 'login without userId', method: 'POST', url: '/login', payload: { password: 'x' }, field: 'userId' },
  {
    name: 'login with a number as password',
    method: 'POST',
    url: '/public/user/signin',
    payload: { userId: 'a@b.c', password: 5 },
    field: 'password',
  },
  { name: 'refresh without token', method: 'POST', url: '/public/auth/refresh', payload: {}, field: 'token' },
  {
    name: 'registration with a bad email',
    method: 'POST',
    url: '/public/user/registration',
    payload: { email: 'x', password: 'long-enough-1', name: 'A' },
    field: 'email',
  },
  {
    name: 'registration confirmation with a short password',
    method: 'POST',
    url: '/public/user/registration/confirm',
    payload: { token: 'some-token', password: 'short' },
    field: 'password',
  },
  {
    name: 'registration with a blank name',
    method: 'POST',
    url: '/public/user/registration',
    payload: { email: 'a@b.test', password: 'long-enough-1', name: '   ' },
    field: 'name',
  },
  {
    name: 'registration for another org',
    method: 'POST',
    url: '/public/user/registration',
    payload: { orgId: 'someone-else', email: 'a@b.test', password: 'long-enough-1', name: 'A' },
    field: 'orgId',
  },
  {
    name: 'forgot password with a bad email',
    method: 'POST',
    url: '/rest/user/forgotPassword',
    payload: { email: 'nope' },
    field: 'email',
  },
  {
    name: 'forgot password without email',
    method: 'POST',
    url: '/public/user/forgotPassword',
    payload: {},
    field: 'email',
  },
  {
    name: 'reset with a short password',
    method: 'POST',
    url: '/public/user/resetPassword',
    payload: { token: 'abc', password: 'short' },
    field: 'password',
  },
  {
    name: 'reset with an unknown token',
    method: 'POST',
    url: '/public/user/resetPassword',
    payload: { token: 'abc', password: 'long-enough-1' },
    field: 'token',
  },
  {
    name: 'reInitInfo with preview=maybe',
    method: 'GET',
    url: '/rest/reInitInfo?preview=maybe',
    field: 'querystring.preview',
    auth: true,
  },
  {
    name: 'ping with a 300-character name',
    method: 'GET',
    url: `/ping?name=${'a'.repeat(300)}`,
    field: 'querystring.name',
  },
  {
    name: 'autocomplete with a 200-character query',
    method: 'GET',
    url: `/rest/contact?autoComplete=true&q=${'a'.repeat(200)}`,
    field: 'querystring.q',
    auth: true,
  },
];

describe('bad input', () => {
  it.each(cases)('$name: a 400 naming $field, nothing written', async ({ method, url, payload, field, auth }) => {
    const before = await rowCounts();
    const response = await app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: auth ? bearer(adminToken, tenant.host) : { host: tenant.host },
    });
    expect(response.statusCode).toBe(400);
    const body = json<{ errors: { field?: string; message: string; code: string } }>(response);
    expect(body.errors.field).toBe(field);
    expect(body.errors.message.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
    expect(await rowCounts()).toEqual(before);
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: tenant.host, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors.field).toBe('body');
  });
});
