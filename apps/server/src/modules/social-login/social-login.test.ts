import { randomBytes } from 'node:crypto';
import {
  startTestIdentityProvider,
  TEST_CLIENT,
  type TestIdentityProvider,
} from '@atrium/provider-stubs/identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { singleUseValues } from '../../db/schema/index.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import { createUsers } from '../../seed/tenants.ts';

const suffix = randomBytes(4).toString('hex');
const orgIds = { master: `sm${suffix}`, north: `sn${suffix}`, south: `ss${suffix}`, outsider: `so${suffix}` };
const SHARED = `jane.${suffix}@multi.test`;
const SOLO = `solo.${suffix}@south.test`;
const SUSPENDED = `gone.${suffix}@north.test`;
const UNVERIFIED = `unverified.${suffix}@x.test`;

let idp: TestIdentityProvider;
let app: App;
let master: TestTenant;
let north: TestTenant;
let south: TestTenant;
let outsider: TestTenant;

beforeAll(async () => {
  idp = await startTestIdentityProvider({
    redirectUris: Object.values(orgIds).map((orgId) => `http://${orgId}.localhost/public/oauth/test/callback`),
    unverifiedEmails: [UNVERIFIED],
  });
  app = await startTestApp({
    oidcProviders: [
      { id: 'test', name: 'Test IdP', issuer: idp.issuer, scope: 'openid email', allowInsecure: true, ...TEST_CLIENT },
      {
        id: 'down',
        name: 'Down IdP',
        issuer: 'http://127.0.0.1:9',
        clientId: 'x',
        clientSecret: 'y',
        scope: 'openid email',
        allowInsecure: true,
      },
    ],
  });
  master = await newTenant(app, { orgId: orgIds.master });
  north = await newTenant(app, { orgId: orgIds.north, masterOrgId: orgIds.master });
  south = await newTenant(app, { orgId: orgIds.south, masterOrgId: orgIds.master });
  outsider = await newTenant(app, { orgId: orgIds.outsider });
  const person = (email: string, isSuspended = false) => ({
    email,
    password: PASSWORD,
    name: 'Jane',
    role: 'student' as const,
    isSuspended,
  });
  await createUsers(app.platform.db, master.tenantId, [person(SHARED)]);
  await createUsers(app.platform.db, north.tenantId, [person(SHARED), person(SUSPENDED, true)]);
  await createUsers(app.platform.db, south.tenantId, [person(SOLO)]);
  await createUsers(app.platform.db, outsider.tenantId, [person(SHARED)]);
});
afterAll(() => idp?.close());

function start(host: string, query = '?redirectUrl=/classes', provider = 'test') {
  return app.inject({ url: `/public/oauth/${provider}/start${query}`, headers: { host } });
}

function stateCookieOf(response: Awaited<ReturnType<typeof start>>): string {
  const header = [response.headers['set-cookie'] ?? []].flat()[0] ?? '';
  return header.split(';')[0] ?? '';
}

/** The whole browser journey: start on the tenant host, sign in at the IdP, come back to the callback. */
async function socialSignIn(tenant: TestTenant, email: string, options: { abort?: boolean } = {}) {
  const started = await start(tenant.host);
  expect(started.statusCode).toBe(302);
  const callbackUrl = await idp.signIn(String(started.headers.location), email, options);
  expect(callbackUrl.host).toBe(tenant.host);
  const callback = await app.inject({
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { host: callbackUrl.host, cookie: stateCookieOf(started) },
  });
  expect(callback.statusCode).toBe(302);
  const location = String(callback.headers.location);
  expect(location.startsWith('/login#')).toBe(true);
  return new URLSearchParams(location.slice('/login#'.length));
}

function authToken(host: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/public/authToken', headers: { host }, payload });
}

describe('social login providers', () => {
  it('lists the configured providers for the login buttons, and no secret', async () => {
    const response = await app.inject({ url: '/public/oauth/providers', headers: { host: master.host } });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([
      { id: 'test', name: 'Test IdP' },
      { id: 'down', name: 'Down IdP' },
    ]);
  });

  it('starts with a redirect to the IdP carrying PKCE, state and the tenant host callback', async () => {
    const response = await start(north.host);
    expect(response.statusCode).toBe(302);
    const url = new URL(String(response.headers.location));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${north.host}/public/oauth/test/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENT.clientId);
    expect(stateCookieOf(response)).toBe(`atrium_oauth_state=${url.searchParams.get('state')}`);
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('answers 404 for an unknown provider and 502 when the provider cannot be reached', async () => {
    const unknown = await start(master.host, '', 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(json<any>(unknown).errors.message).toBe('Sign-in provider not found.');
    const callback = await app.inject({ url: '/public/oauth/nope/callback?state=x', headers: { host: master.host } });
    expect(callback.statusCode).toBe(404);
    const down = await start(master.host, '', 'down');
    expect(down.statusCode).toBe(502);
    expect(json<any>(down).errors.code).toBe('provider_unavailable');
  });

  it('refuses a redirectUrl that leaves the site, naming the field', async () => {
    for (const target of ['https://evil.test/x', '//evil.test']) {
      const response = await start(master.host, `?redirectUrl=${encodeURIComponent(target)}`);
      expect(response.statusCode).toBe(400);
      expect(json<any>(response).errors.field).toBe('querystring.redirectUrl');
    }
  });
});

describe('social login flow', () => {
  it('logs straight in when one org of the franchise group has the account', async () => {
    const fragment = await socialSignIn(south, SOLO);
    expect(fragment.get('authType')).toBe('test');
    expect(fragment.get('redirectUrl')).toBe('/classes');
    const response = await authToken(south.host, { accessToken: fragment.get('token'), authType: 'test' });
    expect(response.statusCode).toBe(200);
    const body = json<any>(response);
    expect(body.access_token).toMatch(/^ey/);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body.tenant.orgId).toBe(south.orgId);
    expect(body.contact).toMatchObject({ email: SOLO, role: 'student', orgId: south.orgId });
    expect(response.body).not.toMatch(/password|argon2/i);
    const session = await app.inject({ url: '/rest/reInitInfo', headers: bearer(body.access_token, south.host) });
    expect(session.statusCode).toBe(200);
  });

  it('offers the orgs of the franchise group to choose from, never an org outside it, then logs into the choice', async () => {
    const fragment = await socialSignIn(north, SHARED);
    const listed = await authToken(north.host, { accessToken: fragment.get('token'), authType: 'test' });
    expect(listed.statusCode).toBe(200);
    const body = json<any>(listed);
    expect(body.orgList).toEqual([
      { orgId: north.orgId, name: `Studio ${north.orgId}`, tenantId: north.tenantId, logo: null, customDomain: null },
      {
        orgId: master.orgId,
        name: `Studio ${master.orgId}`,
        tenantId: master.tenantId,
        logo: null,
        customDomain: null,
      },
    ]);
    expect(JSON.stringify(body)).not.toContain(outsider.orgId);
    expect(body.accessToken).not.toBe(fragment.get('token'));

    // choosing another org of the group never hands tokens across hosts: sign in again over there
    const chosen = await authToken(north.host, {
      accessToken: body.accessToken,
      authType: 'test',
      orgId: master.orgId,
    });
    expect(chosen.statusCode).toBe(200);
    expect(json(chosen)).toEqual({
      switchOrg: {
        orgId: master.orgId,
        name: `Studio ${master.orgId}`,
        tenantId: master.tenantId,
        logo: null,
        customDomain: null,
      },
    });
    expect(chosen.body).not.toMatch(/access_token|refresh_token/);

    const there = await socialSignIn(master, SHARED);
    const onMasterHost = await authToken(master.host, {
      accessToken: there.get('token'),
      authType: 'test',
      orgId: master.orgId,
    });
    const session = json<any>(onMasterHost);
    expect(session.tenant.orgId).toBe(master.orgId);
    expect(session.contact).toMatchObject({ email: SHARED, orgId: master.orgId });
    const onMaster = await app.inject({ url: '/rest/reInitInfo', headers: bearer(session.access_token, master.host) });
    expect(onMaster.statusCode).toBe(200);
  });

  it("sends a person whose only account is in another org of the group to that org's host", async () => {
    const fragment = await socialSignIn(north, SOLO);
    const response = await authToken(north.host, { accessToken: fragment.get('token'), authType: 'test' });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response).switchOrg).toMatchObject({ orgId: south.orgId, tenantId: south.tenantId });
    expect(response.body).not.toMatch(/access_token/);
  });

  it('refuses an orgId outside the franchise group as an account not found', async () => {
    const fragment = await socialSignIn(north, SHARED);
    const listed = json<any>(await authToken(north.host, { accessToken: fragment.get('token'), authType: 'test' }));
    const response = await authToken(north.host, {
      accessToken: listed.accessToken,
      authType: 'test',
      orgId: outsider.orgId,
    });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({
      errors: { message: `we could not find an account for ${SHARED}`, code: 'account_not_found' },
    });
  });

  it('answers 404 with the reason for the dialog when no org has the email', async () => {
    const email = `nobody.${suffix}@x.test`;
    const fragment = await socialSignIn(master, email);
    const response = await authToken(master.host, { accessToken: fragment.get('token'), authType: 'test' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({
      errors: { message: `we could not find an account for ${email}`, code: 'account_not_found' },
    });
  });

  it('refuses a suspended account with a 403, as login does', async () => {
    const fragment = await socialSignIn(north, SUSPENDED);
    const response = await authToken(north.host, { accessToken: fragment.get('token'), authType: 'test' });
    expect(response.statusCode).toBe(403);
    expect(json<any>(response).errors.code).toBe('account_suspended');
  });

  it('uses a social token once, only on the tenant that issued it, only for its provider', async () => {
    const first = await socialSignIn(south, SOLO);
    const token = first.get('token');
    expect((await authToken(south.host, { accessToken: token, authType: 'test' })).statusCode).toBe(200);
    const again = await authToken(south.host, { accessToken: token, authType: 'test' });
    expect(again.statusCode).toBe(401);
    expect(json<any>(again).errors.code).toBe('unauthorized');

    const second = await socialSignIn(south, SOLO);
    const elsewhere = await authToken(master.host, { accessToken: second.get('token'), authType: 'test' });
    expect(elsewhere.statusCode).toBe(401);
    // another host cannot even see it (it is stored for its tenant): it still works once at home
    expect((await authToken(south.host, { accessToken: second.get('token'), authType: 'test' })).statusCode).toBe(200);
    expect((await authToken(south.host, { accessToken: second.get('token'), authType: 'test' })).statusCode).toBe(401);

    const third = await socialSignIn(south, SOLO);
    const otherProvider = await authToken(south.host, { accessToken: third.get('token'), authType: 'down' });
    expect(otherProvider.statusCode).toBe(401);
    expect((await authToken(south.host, { accessToken: 'made-up', authType: 'test' })).statusCode).toBe(401);
  });

  it('sends an unverified email or a cancelled sign-in back to login with the reason', async () => {
    const unverified = await socialSignIn(master, UNVERIFIED);
    expect(unverified.get('token')).toBeNull();
    expect(unverified.get('error')).toBe(`your Test IdP email address ${UNVERIFIED} is not verified`);
    const cancelled = await socialSignIn(master, SOLO, { abort: true });
    expect(cancelled.get('token')).toBeNull();
    expect(cancelled.get('error')).toBe('sign-in with Test IdP was cancelled');
    expect(cancelled.get('authType')).toBe('test');
  });
});

describe('social login state and input checks', () => {
  it('refuses a callback whose state this browser did not start here (400 naming state)', async () => {
    const started = await start(master.host);
    const cookie = stateCookieOf(started);
    const state = new URL(String(started.headers.location)).searchParams.get('state');
    const callback = (host: string, query: string, withCookie = cookie) =>
      app.inject({ url: `/public/oauth/test/callback?${query}`, headers: { host, cookie: withCookie } });

    const wrong = await callback(master.host, 'code=abc&state=not-the-state');
    expect(wrong.statusCode).toBe(400);
    expect(json<any>(wrong).errors).toMatchObject({ code: 'invalid_input', field: 'state' });
    // the right state from a browser that did not start the flow (login CSRF) is refused too
    expect((await callback(master.host, `code=abc&state=${state}`, 'atrium_oauth_state=other')).statusCode).toBe(400);
    const missing = await callback(master.host, 'code=abc');
    expect(missing.statusCode).toBe(400);
    expect(json<any>(missing).errors.field).toBe('querystring.state');
  });

  it('refuses a state on another tenant host, and a replayed callback', async () => {
    const started = await start(master.host);
    const cookie = stateCookieOf(started);
    const callbackUrl = await idp.signIn(String(started.headers.location), SHARED);
    const path = `${callbackUrl.pathname}${callbackUrl.search}`;
    const elsewhere = await app.inject({ url: path, headers: { host: north.host, cookie } });
    expect(elsewhere.statusCode).toBe(400);
    // the state is stored for its tenant: the genuine callback finishes once, a replay fails
    const genuine = await app.inject({ url: path, headers: { host: master.host, cookie } });
    expect(genuine.statusCode).toBe(302);
    const replay = await app.inject({ url: path, headers: { host: master.host, cookie } });
    expect(replay.statusCode).toBe(400);
  });

  it('rejects bad authToken input with a 400 naming the field', async () => {
    const missing = await authToken(master.host, { authType: 'test' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({
      errors: { message: 'accessToken is required', code: 'invalid_input', field: 'accessToken' },
    });
    const badType = await authToken(master.host, { accessToken: 'x', authType: 'Not a provider!' });
    expect(badType.statusCode).toBe(400);
    expect(json<any>(badType).errors.field).toBe('authType');
  });

  it('answers an unknown tenant host with 404', async () => {
    const response = await app.inject({ url: '/public/oauth/providers', headers: { host: 'nope-nope.localhost' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('social login building blocks', () => {
  it('single-use store: a value is for its tenant, taken once, expires, and stored by the hash of its key', async () => {
    let now = Date.now();
    const store = new SingleUseStore<string>(app.platform.db, `test-${suffix}`, 100, () => now);
    await store.put(north.tenantId, 'a', 'A');
    await store.put(north.tenantId, 'b', 'B');
    expect(await store.take(south.tenantId, 'a')).toBeNull();
    expect(await store.take(north.tenantId, 'a')).toBe('A');
    expect(await store.take(north.tenantId, 'a')).toBeNull();
    now += 100;
    expect(await store.take(north.tenantId, 'b')).toBeNull();
    await store.put(north.tenantId, 'the-secret-key', 'S');
    const rows = await app.platform.db.select().from(singleUseValues);
    expect(rows.some((row) => row.keyHash === 'the-secret-key')).toBe(false);
    expect(await store.take(north.tenantId, 'the-secret-key')).toBe('S');
  });

  it('reads OIDC_PROVIDERS and refuses unsafe settings', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    const google = { id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: 'c' };
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([google]) }).oidcProviders).toEqual([
      { ...google, clientSecret: '', scope: 'openid email', allowInsecure: false },
    ]);
    const insecure = { ...google, allowInsecure: true };
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([insecure]) })).toThrow(/allowInsecure/);
    const http = { ...google, issuer: 'http://127.0.0.1:4000' };
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([http]) })).toThrow(/issuer must be https/);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'not json' })).toThrow(/JSON array/);
  });
});
