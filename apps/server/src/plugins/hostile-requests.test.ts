import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import type { App } from '../app.ts';
import { loadConfig } from '../config.ts';

// Each case here is a hole an attacker's run found: it failed before its fix.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: App;
let tenant: TestTenant;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const orgId = `h${Date.now().toString(36)}`;
  app = await startTestApp({
    smtpUrl: smtp.url,
    defaultOrgId: orgId,
    productDomains: ['localhost', 'studios.example'],
    publicUrl: 'https://studios.example',
    loginMaxAttemptsPerIp: 8,
  });
  tenant = await newTenant(app, { orgId });
});
afterAll(() => smtp.close());

function resetLinkOf(text: string): string {
  return text.match(/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0] ?? '';
}

describe('links in emails come from the tenant origin, never the request', () => {
  it('a forged Host and forwarded headers do not reach the reset link', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/public/user/forgotPassword',
      headers: {
        host: `${tenant.orgId}.localhost`,
        'x-forwarded-host': 'attacker.example',
        'x-forwarded-proto': 'http',
      },
      payload: { email: tenant.users.staff.email },
    });
    expect(response.statusCode).toBe(200);
    const link = resetLinkOf((await smtp.waitFor(tenant.users.staff.email)).text);
    expect(link.startsWith(`https://${tenant.orgId}.studios.example/reset-password?token=`)).toBe(true);
  });

  it('an IP address Host (the default org) signs nobody in and sends no email', async () => {
    const forgot = await app.inject({
      method: 'POST',
      url: '/public/user/forgotPassword',
      headers: { host: '203.0.113.9' },
      payload: { email: tenant.users.student.email },
    });
    expect(forgot.statusCode).toBe(404);
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: '203.0.113.9' },
      payload: { userId: tenant.users.admin.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(404);
    // Reading the default org's public face still works there.
    expect(json(await app.inject({ url: '/ping', headers: { host: '203.0.113.9' } })).orgId).toBe(tenant.orgId);
    // A token from the real host authenticates nothing on an address.
    const { access_token } = await loginAs(app, tenant, 'admin');
    const onAddress = await app.inject({ url: '/rest/account/detail', headers: bearer(access_token, '203.0.113.9') });
    expect(onAddress.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.some((mail) => mail.to.includes(tenant.users.student.email))).toBe(false);
  });
});

describe('forwarded headers are believed only from a trusted proxy', () => {
  it('rotating X-Forwarded-For does not escape the per-IP login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: tenant.host, 'x-forwarded-for': `198.51.100.${i + 1}` },
        remoteAddress: '192.0.2.77',
        payload: { userId: `nobody${i}@${tenant.orgId}.test`, password: 'Wrong-password-1' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });

  it('TRUST_PROXY parses a hop count or addresses, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
    expect(() => loadConfig({ TRUST_PROXY: 'anyone' })).toThrow(/TRUST_PROXY/);
  });

  it('HSTS only over https as a trusted proxy reports it', async () => {
    const direct = await app.inject({ url: '/ping', headers: { host: tenant.host, 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await startTestApp({ trustProxy: 1 });
    const proxied = await behindProxy.inject({
      url: '/ping',
      headers: { host: 'x.localhost', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('PUBLIC_URL must be an origin on a product domain', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PRODUCT_DOMAINS: 'studios.example', PUBLIC_URL: 'https://studios.example' }).publicUrl).toBe(
      'https://studios.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://attacker.example' })).toThrow(/PRODUCT_DOMAINS/);
    expect(() => loadConfig({ PUBLIC_URL: 'http://localhost/app' })).toThrow(/origin only/);
  });
});

describe('bad input is a 400 naming the field, never a 500', () => {
  it('a NUL character in a login or registration field', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: tenant.host },
      payload: { userId: 'a\u0000@b.test', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(json<any>(login).errors.field).toBe('userId');
    const registration = await app.inject({
      method: 'POST',
      url: '/public/user/registration',
      headers: { host: tenant.host },
      payload: { email: 'new@b.test', password: 'long-enough-1', name: 'Nul\u0000Name' },
    });
    expect(registration.statusCode).toBe(400);
    expect(json<any>(registration).errors).toMatchObject({ field: 'name', code: 'invalid_input' });
  });

  it('a lone surrogate in a provider key, in a query string and in an object key', async () => {
    const { access_token } = await loginAs(app, tenant, 'admin');
    const key = await app.inject({
      method: 'PUT',
      url: '/item/tenant/razorpay',
      headers: { ...bearer(access_token, tenant.host), 'content-type': 'application/json' },
      payload: '{"apiKey": "rzp_test_\\ud800", "secretKey": "s", "isTestMode": true}',
    });
    expect(key.statusCode).toBe(400);
    expect(json<any>(key).errors.field).toBe('apiKey');
    const query = await app.inject({
      url: `/rest/contact?userType=admin&q=${encodeURIComponent('a\u0000')}`,
      headers: bearer(access_token, tenant.host),
    });
    expect(query.statusCode).toBe(400);
    expect(json<any>(query).errors.field).toBe('querystring.q');
    const badKey = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: tenant.host, 'content-type': 'application/json' },
      payload: '{"userId":"a@b.test","password":"x","\\udc00":1}',
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('a refresh token shaped like a franchise one is just unknown (401)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/public/auth/refresh',
      headers: { host: tenant.host },
      payload: { token: 'a.b' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('an access token without exp authenticates nothing', async () => {
    const { access_token } = await loginAs(app, tenant, 'admin');
    const claims = JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString());
    const { exp: _exp, sub, ...rest } = claims;
    const forever = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .sign(new TextEncoder().encode(app.platform.config.jwtSecret ?? ''));
    const response = await app.inject({ url: '/rest/account/detail', headers: bearer(forever, tenant.host) });
    expect(response.statusCode).toBe(401);
    const withExp = await app.inject({ url: '/rest/account/detail', headers: bearer(access_token, tenant.host) });
    expect(withExp.statusCode).toBe(200);
  });

  it('designer JSON nested 5,000 deep', async () => {
    const { access_token } = await loginAs(app, tenant, 'admin');
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/stemplate/webpage/deep',
      headers: { ...bearer(access_token, tenant.host), 'content-type': 'application/json' },
      payload: `{"name":"deep","unjson":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors.field).toMatch(/^unjson(\.a){99}$/);
  });

  it('a 2 MB JSON body names the 1 MB limit, not a file', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: tenant.host },
      payload: { userId: 'a@b.test', password: 'x'.repeat(2_000_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(json<any>(response).errors).toMatchObject({ message: 'The request is larger than 1 MB.', field: 'body' });
  });
});

describe('concurrent identical creates: one wins, the others get a 4xx, never a 500', () => {
  it('staff invitations with one email', async () => {
    const { access_token } = await loginAs(app, tenant, 'admin');
    const email = `race-${Date.now()}@example.test`;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({
          method: 'POST',
          url: '/rest/users/invite',
          headers: bearer(access_token, tenant.host),
          payload: { firstName: 'Race', lastName: 'Condition', email, role: 'ROLE_STAFF' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(json<any>(r).errors).toMatchObject({
        field: 'email',
        message: 'A contact with this email already exists.',
      });
    }
  });

  it('pages with one name', async () => {
    const { access_token } = await loginAs(app, tenant, 'admin');
    const name = `race${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({
          method: 'POST',
          url: `/stemplate/webpage/${name}`,
          headers: bearer(access_token, tenant.host),
          payload: { title: 'Race' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(json<any>(r).errors.code).toBe('page_exists');
      expect(json<any>(r).errors.message).toMatch(
        new RegExp(`^A page (named ${name}|with this name) already exists[.]$`),
      );
    }
  });
});
