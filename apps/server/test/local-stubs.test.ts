import { randomBytes } from 'node:crypto';
import { type LocalStubs, startLocalStubs } from '@atrium/provider-stubs/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from './helpers.ts';

// `npm run dev:stubs`: the server configured from exactly the variables the launcher hands it, with
// no keys of any provider, pays for a plan and connects the integrations against the stand-ins.
const ORG = `local${randomBytes(4).toString('hex')}`;

let stubs: LocalStubs;
let app: App;
let tenant: TestTenant;
let admin: string;

beforeAll(async () => {
  stubs = await startLocalStubs([`http://${ORG}.localhost`]);
  const fromEnv = loadConfig(stubs.env);
  app = await startTestApp({
    providerUrls: fromEnv.providerUrls,
    oauthApps: fromEnv.oauthApps,
    platformBilling: fromEnv.platformBilling,
    oidcProviders: fromEnv.oidcProviders,
  });
  tenant = await newTenant(app, { orgId: ORG });
  admin = (await loginAs(app, tenant, 'admin')).access_token;
});
afterAll(async () => {
  await stubs.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(admin, tenant.host), payload });

describe('the server on the local stand-ins (npm run dev:stubs)', () => {
  it("pays for a plan with a test card typed on the stand-in's hosted page", async () => {
    const master = json<{ stripePublishableKey: string; token: string }>(
      await call('GET', '/rest/tenantPayment/master'),
    );
    expect(master.stripePublishableKey).toBe('pk_test_local_platform');
    // the card is typed on the stand-in's hosted page, as on Stripe's
    const started = await call('POST', '/rest/tenantPayment/master/cardsetup', {
      planName: 'organize_monthly_plan',
      token: master.token,
    });
    expect(started.statusCode, started.body).toBe(200);
    const typed = await fetch(json<{ url: string }>(started).url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardName: 'Ada Lovelace',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
      }).toString(),
    });
    expect(typed.status).toBe(303);
    const back = new URL(typed.headers.get('location') ?? '');
    const paid = await call('POST', '/rest/tenantPayment/master/cardsetup/complete', {
      sessionId: back.searchParams.get('session_id'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json(paid)).toMatchObject({ planName: 'organize_monthly_plan', amount: 25 });
    expect(stubs.stripe.requests.some((r) => r.path === '/v1/payment_intents')).toBe(true);
  });

  it('checks the printed keys with the SMS provider', async () => {
    const saved = await call('PUT', '/sms/tenant/twilio', {
      twilioSid: 'AC00000000000000000000000000000001',
      twilioToken: 'local_twilio_token',
      twilioPhone: '+15550100',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ tenant: { provider: 'twilio', isVerified: true } });
  });

  it("connects Zoom through the stand-in's consent page (Allow), then lists it", async () => {
    const started = await call('GET', '/authmgr/oauth/connect/zoom');
    expect(started.statusCode, started.body).toBe(200);
    const authorize = new URL(json<{ url: string }>(started).url);
    expect(authorize.href.startsWith(`${stubs.providers.url}/zoom/authorize?`)).toBe(true);
    const page = await (await fetch(authorize)).text();
    const allow = /<a href="([^"]+)">Allow<\/a>/.exec(page)?.[1]?.replaceAll('&#38;', '&');
    expect(allow).toBeDefined();
    const back = new URL(allow ?? '');
    const state = back.searchParams.get('state') ?? '';
    expect(state).toBe(authorize.searchParams.get('state'));
    const callback = await app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: tenant.host, cookie: `atrium_connect_state=${state}` },
    });
    expect(String(callback.headers.location)).toBe('/oauth/omeeting?result=success');
    expect(json(await call('GET', '/authmgr/oauth/providers/omeeting'))).toMatchObject({
      data: [{ productName: 'zoom', kind: 'meeting', email: 'owner@stub.example' }],
    });
  });

  it('signs a student in with the local identity provider (social login)', async () => {
    const providers = await app.inject({ url: '/public/oauth/providers', headers: { host: tenant.host } });
    expect(json(providers)).toEqual([{ id: 'local', name: 'Local identity provider' }]);
    const started = await app.inject({
      url: '/public/oauth/local/start?redirectUrl=/classes',
      headers: { host: tenant.host },
    });
    expect(started.statusCode).toBe(302);
    const callbackUrl = await stubs.identity.signIn(String(started.headers.location), tenant.users.student.email);
    const cookie = ([started.headers['set-cookie'] ?? []].flat()[0] ?? '').split(';')[0] ?? '';
    const callback = await app.inject({
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { host: tenant.host, cookie },
    });
    const location = String(callback.headers.location);
    expect(location.startsWith('/login#'), location).toBe(true);
    const fragment = new URLSearchParams(location.slice('/login#'.length));
    expect(fragment.get('authType')).toBe('local');
    const session = await app.inject({
      method: 'POST',
      url: '/public/authToken',
      headers: { host: tenant.host },
      payload: { accessToken: fragment.get('token'), authType: 'local' },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(json(session)).toMatchObject({ contact: { email: tenant.users.student.email } });
  });
});
