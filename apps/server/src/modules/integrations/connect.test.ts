import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, PASSWORD, type TestTenant } from '../../../test/helpers.ts';
import {
  errorOf,
  oauthApp,
  providerApisAt,
  recordingCaller,
  studiosOnProviderStub,
} from '../../../test/provider-studios.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { identifyEmailProvider } from './email-provider.ts';

// Distinctive secrets: none may ever appear in an answer or in the clear at rest.
const S = {
  mcKey: '0123456789abcdef0123456789abcdef-us6',
  mcKey2: 'fedcba9876543210fedcba9876543210-us21',
  platformStripe: 'sk_test_PLATFORM_secret_4e1d2c',
  connectedToken: 'sk_test_CONNECTED_access_9a8b7c',
  googleSecret: 'GOOGLE_client_secret_5f5f5f',
  microsoftSecret: 'MICROSOFT_client_secret_6e6e6e',
  zoomSecret: 'ZOOM_client_secret_7d7d7d',
  gAccess: 'ya29.GOOGLE_access_token_111',
  gRefresh: '1//GOOGLE_refresh_token_222',
  msAccess: 'EwB_MS_access_token_333',
  msRefresh: 'M.R3_MS_refresh_token_444',
  zoomAccess: 'eyZOOM_access_token_555',
  zoomRefresh: 'eyZOOM_refresh_token_666',
};
const SECRETS = [...Object.values(S), `rt_${S.connectedToken}`];

const bodies: string[] = [];

const MX: Record<string, string[]> = {
  'acme.test': ['aspmx.l.google.com.', 'alt1.aspmx.l.google.com.'],
  'contoso.test': ['contoso-test.mail.protection.outlook.com'],
  'zco.test': ['mx.zoho.com', 'mx2.zoho.com'],
  'plain.test': ['mail.plain.test'],
};

const ctx = studiosOnProviderStub(
  {
    brevo: ['xkeysib-brevo-key-123456'],
    mailchimp: {
      keys: [S.mcKey, S.mcKey2],
      lists: { abc123: { name: 'Studio list' }, def456: { name: 'Other list' } },
    },
    stripe: {
      secretKey: S.platformStripe,
      codes: { ac_good: { stripeUserId: 'acct_1Connected', accessToken: S.connectedToken, livemode: false } },
    },
    oauth: {
      clients: {
        google: ['g-client', S.googleSecret],
        microsoft: ['ms-client', S.microsoftSecret],
        zoom: ['zoom-client', S.zoomSecret],
      },
      codes: {
        g_code: { accessToken: S.gAccess, refreshToken: S.gRefresh, email: 'owner@acme.test' },
        g_code2: { accessToken: `${S.gAccess}b`, refreshToken: `${S.gRefresh}b`, email: 'private@gmail.com' },
        ms_code: { accessToken: S.msAccess, refreshToken: S.msRefresh, email: 'sales@contoso.test' },
        zoom_code: { accessToken: S.zoomAccess, refreshToken: S.zoomRefresh, email: 'host@zoom.test' },
      },
    },
  },
  (url) => ({
    providerUrls: providerApisAt(url),
    platformBilling: {
      stripeSecretKey: S.platformStripe,
      stripePublishableKey: 'pk_test_platform',
      stripeApiBase: url,
      contactUrl: 'https://atrium.example/contact',
    },
    oauthApps: {
      stripeConnect: { clientId: 'ca_test_client', authorizeUrl: 'https://connect.stripe.com' },
      google: oauthApp(
        'https://accounts.google.com/o/oauth2/v2/auth',
        `${url}/google/token`,
        'g-client',
        S.googleSecret,
      ),
      microsoft: oauthApp(
        'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        `${url}/microsoft/common/oauth2/v2.0/token`,
        'ms-client',
        S.microsoftSecret,
      ),
      zoho: oauthApp('https://accounts.zoho.com/oauth/v2/auth', `${url}/zoho/oauth/v2/token`, null, null),
      zoom: oauthApp('https://zoom.us/oauth/authorize', `${url}/zoom/oauth/token`, 'zoom-client', S.zoomSecret),
    },
    mxResolver: async (domain) => {
      const hosts = MX[domain];
      if (!hosts) throw Object.assign(new Error('queryMx ENOTFOUND'), { code: 'ENOTFOUND' });
      return hosts;
    },
  }),
);
// Runs before the fixture closes the stand-in (after-hooks run last registered first): from here no
// Mailchimp call waits on a test's hold.
afterAll(() => {
  ctx.stub.hold = null;
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = recordingCaller(ctx, bodies);

/** Starts a connection and answers the state from the authorize URL (and the cookie that carries it). */
async function start(token: string, tenant: TestTenant, provider: string, query = '') {
  const response = await call(token, tenant, 'GET', `/authmgr/oauth/connect/${provider}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(json<{ url: string }>(response).url);
  const state = url.searchParams.get('state') ?? '';
  expect(String(response.headers['set-cookie'])).toContain(
    `atrium_connect_state=${state}; Path=/authmgr/oauth/callback`,
  );
  return { url, state };
}

async function callback(tenant: TestTenant, provider: string, query: Record<string, string>, cookieState?: string) {
  const response = await ctx.app.inject({
    url: `/authmgr/oauth/callback/${provider}?${new URLSearchParams(query).toString()}`,
    headers: { host: tenant.host, ...(cookieState ? { cookie: `atrium_connect_state=${cookieState}` } : {}) },
  });
  bodies.push(response.body, String(response.headers.location));
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location), 'http://x');
  return {
    path: location.pathname,
    result: location.searchParams.get('result'),
    message: location.searchParams.get('message'),
  };
}

async function waitForStatus(status: string) {
  for (let i = 0; i < 200; i += 1) {
    const data = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/campaign/tenant/mailchimp')).data;
    if (data.status === status) return data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Mailchimp status never became ${status}`);
}

describe('Mailchimp', () => {
  it("answers the spec's messages and names the field", async () => {
    const cases: Array<[object, string, string]> = [
      [{ mcAudienceId: 'abc123', mcApiKey: S.mcKey }, 'mcAudienceName', 'Audience Name required'],
      [{ mcAudienceName: 'L', mcApiKey: S.mcKey }, 'mcAudienceId', 'Audience ID is required'],
      [{ mcAudienceName: 'L', mcAudienceId: 'abc123' }, 'mcApiKey', 'API Key required'],
      [
        { mcAudienceName: 'L', mcAudienceId: 'abc123', mcApiKey: 'no-dc' },
        'mcApiKey',
        'The API key must end with its data centre, e.g. -us6.',
      ],
      [
        { mcAudienceName: 'L', mcAudienceId: 'abc123', mcApiKey: S.mcKey, fromEmail: 'x' },
        'fromEmail',
        'Enter a valid email address',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toMatchObject({ field, message });
    }
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/campaign/tenant/mailchimp')).data).toMatchObject({
      status: null,
      hasApiKey: false,
      listId: '',
    });
  });

  it('checks the key and the audience with Mailchimp on the data centre the key names', async () => {
    const wrongKey = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', {
      mcAudienceName: 'L',
      mcAudienceId: 'abc123',
      mcApiKey: 'ffffffffffffffffffffffffffffffff-us6',
    });
    expect(errorOf(wrongKey)).toMatchObject({ field: 'mcApiKey', message: 'Mailchimp did not accept the API key.' });
    const seen = ctx.stub.requests.at(-1);
    expect(seen).toMatchObject({ method: 'GET', path: '/us6/3.0/lists/abc123' });
    expect(seen?.authorization).toBe(
      `Basic ${Buffer.from('anystring:ffffffffffffffffffffffffffffffff-us6').toString('base64')}`,
    );
    const noList = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', {
      mcAudienceName: 'L',
      mcAudienceId: 'nope999',
      mcApiKey: S.mcKey,
    });
    expect(errorOf(noList)).toMatchObject({
      field: 'mcAudienceId',
      message: 'Mailchimp has no audience with this ID.',
    });
  });

  it('saves, becomes the only active campaign provider (Brevo off), from fields fall back to the account', async () => {
    // Brevo first, so the switch shows.
    const brevo = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/brevo', {
      sibApiKey: 'xkeysib-brevo-key-123456',
      fromName: 'Studio',
      fromEmail: 'hello@studio.test',
    });
    expect(json<any>(brevo).tenant.provider).toBe('brevo');
    ctx.stub.requests.length = 0;
    const saved = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', {
      mcAudienceName: 'Studio list',
      mcAudienceId: 'abc123',
      mcApiKey: S.mcKey,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<any>(saved).tenant).toMatchObject({
      provider: 'mailchimp',
      mcAudienceName: 'Studio list',
      mcAudienceId: 'abc123',
      hasMcApiKey: true,
      mcStatus: 'not_started',
      fromName: `Studio ${ctx.a.orgId}`,
      fromEmail: '',
      isVerified: true,
    });
    const list = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/campaign/tenant/mailchimp')).data;
    expect(list).toMatchObject({
      name: 'Studio list',
      listId: 'abc123',
      hasApiKey: true,
      apiKeyHint: S.mcKey.slice(-4),
      status: 'not_started',
      isActiveList: true,
    });
    const status = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status'));
    expect(status.campaign).toEqual({ mailchimp: true, brevo: false });
  });

  it('resync: in_progress, 409 while it runs, then complete with counts; only mailing-list contacts', async () => {
    await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.email, ctx.a.users.staff.email)),
    );
    let release: () => void = () => {};
    ctx.stub.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = await call(ctx.adminA, ctx.a, 'POST', '/campaign/tenant/mailchimp/resync');
    expect(started.statusCode, started.body).toBe(200);
    expect(json<any>(started)).toEqual({ message: 'Resync was successfully initiated', status: 'in_progress' });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/campaign/tenant/mailchimp')).data.status).toBe(
      'in_progress',
    );
    const again = await call(ctx.adminA, ctx.a, 'POST', '/campaign/tenant/mailchimp/resync');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('resync is already in progress');
    const change = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', {
      mcAudienceName: 'Other',
      mcAudienceId: 'def456',
      mcApiKey: '',
    });
    expect(change.statusCode).toBe(409);
    ctx.stub.hold = null;
    release();
    const done = await waitForStatus('complete');
    expect(done.lastSync).toMatchObject({ pushed: 3, created: 3, updated: 0, failed: 0, error: '' });
    const pushed = [...(ctx.stub.members.get('abc123')?.keys() ?? [])].sort();
    expect(pushed).toEqual([ctx.a.users.admin.email, ctx.a.users.frontdesk.email, ctx.a.users.student.email].sort());
    const batch = ctx.stub.requests.find((r) => r.method === 'POST' && r.path === '/us6/3.0/lists/abc123');
    const sent = JSON.parse(batch?.body ?? '{}');
    expect(sent.update_existing).toBe(true);
    const adminMember = sent.members.find((m: any) => m.email_address === ctx.a.users.admin.email);
    expect(adminMember).toMatchObject({
      status_if_new: 'subscribed',
      merge_fields: { FNAME: 'admin', LNAME: ctx.a.orgId },
    });
    expect(adminMember.status).toBeUndefined();

    const stats = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/campaign/tenant/mailchimp/stats'));
    expect(stats).toEqual({
      listId: 'abc123',
      memberCount: 3,
      syncCount: 3,
      unsubscribeCount: 0,
      campaignCount: 2,
      clickRate: 1.5,
      openRate: 42.25,
    });
    // A second resync updates the same members.
    await call(ctx.adminA, ctx.a, 'POST', '/campaign/tenant/mailchimp/resync');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await waitForStatus('complete');
    expect(second.lastSync).toMatchObject({ created: 0, updated: 3 });
  });

  it('a saved form with the same list keeps the status; a new list id resets it to not_started', async () => {
    const same = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', {
      mcAudienceName: 'Studio list',
      mcAudienceId: 'abc123',
      fromName: 'Front desk',
      fromEmail: 'desk@studio.test',
    });
    expect(json<any>(same).tenant).toMatchObject({ mcStatus: 'complete', fromName: 'Front desk' });
    const moved = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/mailchimp', {
      mcAudienceName: 'Other list',
      mcAudienceId: 'def456',
    });
    expect(json<any>(moved).tenant).toMatchObject({ mcStatus: 'not_started', mcAudienceId: 'def456' });
  });

  it('a resync Mailchimp refuses ends failed with the reason', async () => {
    ctx.stub.lists.delete('def456');
    await call(ctx.adminA, ctx.a, 'POST', '/campaign/tenant/mailchimp/resync');
    const failed = await waitForStatus('failed');
    expect(failed.lastSync.error).toBe('Mailchimp has no audience with this ID.');
    ctx.stub.lists.set('def456', { name: 'Other list' });
  });

  it('create mode: a new audience named prefix + 3 digits; Mailchimp refusals are a 400', async () => {
    const missingAddress = await call(ctx.adminA, ctx.a, 'POST', '/campaign/tenant/mailchimp/list', {
      fromEmail: 'desk@studio.test',
    });
    expect(missingAddress.statusCode).toBe(400);
    expect(errorOf(missingAddress)).toMatchObject({
      field: 'mcAudienceName',
      message: 'Mailchimp did not create the list: contact.address1: This value should not be blank.',
    });
    const sent = JSON.parse(ctx.stub.requests.at(-1)?.body ?? '{}');
    expect(sent.name).toMatch(new RegExp(`^Studio ${ctx.a.orgId} \\d{3}$`));
    expect(sent.campaign_defaults).toMatchObject({ from_email: 'desk@studio.test' });

    const c = await newTenant(ctx.app, {
      settings: { addressLine1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', email: 'hello@c.test' },
    });
    const adminC = (await loginAs(ctx.app, c, 'admin')).access_token;
    const noKey = await call(adminC, c, 'POST', '/campaign/tenant/mailchimp/list', {});
    expect(errorOf(noKey)).toMatchObject({ field: 'mcApiKey', message: 'API Key required' });
    const created = await call(adminC, c, 'POST', '/campaign/tenant/mailchimp/list', { mcApiKey: S.mcKey2 });
    expect(created.statusCode, created.body).toBe(200);
    const tenant = json<any>(created).tenant;
    expect(tenant).toMatchObject({ provider: 'mailchimp', mcStatus: 'not_started', fromEmail: 'hello@c.test' });
    expect(tenant.mcAudienceName).toMatch(new RegExp(`^Studio ${c.orgId} \\d{3}$`));
    expect(ctx.stub.lists.get(tenant.mcAudienceId)?.name).toBe(tenant.mcAudienceName);
    expect(ctx.stub.requests.at(-1)?.path).toBe('/us21/3.0/lists');
  });
});

describe('Stripe connect', () => {
  it('starts at the Express authorize page with a state bound to this tenant and admin', async () => {
    const { url, state } = await start(ctx.adminA, ctx.a, 'stripe');
    expect(`${url.origin}${url.pathname}`).toBe('https://connect.stripe.com/express/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'ca_test_client',
      scope: 'read_write',
      redirect_uri: `http://${ctx.a.host}/authmgr/oauth/callback/stripe`,
    });
    expect(state.length).toBeGreaterThanOrEqual(40);
    // Without this browser's cookie the state is refused, and spent.
    expect(await callback(ctx.a, 'stripe', { code: 'ac_good', state })).toMatchObject({
      path: '/settings/integrations/paymentprovider/success',
      result: 'fail',
    });
    expect(await callback(ctx.a, 'stripe', { code: 'ac_good', state }, state)).toMatchObject({ result: 'fail' });
    // Another tenant's host cannot finish it.
    const other = await start(ctx.adminA, ctx.a, 'stripe');
    expect(await callback(ctx.b, 'stripe', { code: 'ac_good', state: other.state }, other.state)).toMatchObject({
      result: 'fail',
    });
    // Nothing was exchanged.
    expect(ctx.stub.requests.some((r) => r.path === '/oauth/token')).toBe(false);
  });

  it('exchanges the code once, stores the account and keys, Stripe becomes the payment provider', async () => {
    const { state } = await start(ctx.adminA, ctx.a, 'stripe');
    const cancelled = await start(ctx.adminA, ctx.a, 'stripe');
    expect(
      await callback(ctx.a, 'stripe', { error: 'access_denied', state: cancelled.state }, cancelled.state),
    ).toMatchObject({
      result: 'fail',
      message: 'The connection was cancelled at Stripe.',
    });
    expect(await callback(ctx.a, 'stripe', { code: 'ac_good', state }, state)).toEqual({
      path: '/settings/integrations/paymentprovider/success',
      result: 'success',
      message: null,
    });
    const exchange = ctx.stub.requests.filter((r) => r.path === '/oauth/token');
    expect(exchange).toHaveLength(1);
    expect(exchange[0]?.authorization).toBe(`Bearer ${S.platformStripe}`);
    expect(Object.fromEntries(new URLSearchParams(exchange[0]?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'ac_good',
    });
    // The same state again does nothing; the same code in a new flow is refused by Stripe.
    expect(await callback(ctx.a, 'stripe', { code: 'ac_good', state }, state)).toMatchObject({ result: 'fail' });
    const replay = await start(ctx.adminA, ctx.a, 'stripe');
    const replayed = await callback(ctx.a, 'stripe', { code: 'ac_good', state: replay.state }, replay.state);
    expect(replayed.result).toBe('fail');
    expect(replayed.message).toContain('Authorization code does not exist');

    const keys = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/tenant/keys')).keys;
    expect(keys.find((k: any) => k.provider === 'stripe')).toMatchObject({
      isProviderIntegrated: true,
      isTestMode: true,
      testApiKey: 'pk_test_connected',
      hasTestSecretKey: true,
      testSecretKeyHint: S.connectedToken.slice(-4),
      isVerified: true,
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).payments.stripe).toBe(true);
    expect(json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.a.host } })).paymentProvider).toBe(
      'STRIPE',
    );
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/payment/key/stripe'))).toEqual({
      stripePublishableKey: 'pk_test_connected',
      isTestMode: true,
    });
  });

  it('reads the account and a login link from Stripe; disconnect removes it', async () => {
    const account = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/stripe/account'));
    expect(account).toEqual({
      connected: true,
      stripeUserId: 'acct_1Connected',
      livemode: false,
      isProviderIntegrated: true,
      account: {
        email: 'owner@connected.test',
        businessName: 'Connected Studio',
        country: 'US',
        defaultCurrency: 'usd',
        chargesEnabled: true,
        payoutsEnabled: false,
        detailsSubmitted: true,
      },
    });
    const link = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/stripe/loginlink'));
    expect(link.url).toBe('https://connect.stripe.com/express/acct_1Connected/Lstub');
    expect(ctx.stub.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/accounts/acct_1Connected/login_links',
    });

    const off = await call(ctx.adminA, ctx.a, 'DELETE', '/item/stripe/account');
    expect(json<any>(off)).toEqual({ message: 'Stripe disconnected.' });
    expect(ctx.stub.requests.some((r) => r.path === '/oauth/deauthorize' && r.body.includes('acct_1Connected'))).toBe(
      true,
    );
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/stripe/account')).connected).toBe(false);
    expect((await call(ctx.adminA, ctx.a, 'GET', '/item/stripe/loginlink')).statusCode).toBe(404);
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/item/stripe/account')).statusCode).toBe(404);
    expect(json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.a.host } })).paymentProvider).toBeNull();
  });
});

describe('Connect Email', () => {
  it('mxname: the domain first, then its MX records (injected resolver), else other', async () => {
    const expectations: Array<[string, string]> = [
      ['someone@gmail.com', 'googlemail'],
      ['someone@GoogleMail.com', 'googlemail'],
      ['someone@outlook.com', 'outlookmail'],
      ['someone@hotmail.co.uk', 'outlookmail'],
      ['someone@live.com', 'outlookmail'],
      ['someone@zoho.eu', 'zohomail'],
      ['owner@acme.test', 'googlemail'],
      ['sales@contoso.test', 'outlookmail'],
      ['info@zco.test', 'zohomail'],
      ['me@plain.test', 'other'],
      ['me@no-such-domain.test', 'other'],
    ];
    for (const [email, provider] of expectations) {
      const response = await call(ctx.adminA, ctx.a, 'GET', `/authmgr/oauth/mxname?email=${encodeURIComponent(email)}`);
      expect(json<any>(response), email).toEqual({ provider });
    }
    for (const bad of ['', 'not-an-email']) {
      const response = await call(ctx.adminA, ctx.a, 'GET', `/authmgr/oauth/mxname?email=${bad}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ message: 'Email is required!', field: 'querystring.email' });
    }
    expect((await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/mxname')).statusCode).toBe(400);
  });

  it('a slow resolver gives other after its timeout, not a hang', async () => {
    const started = Date.now();
    const slow = () => new Promise<string[]>(() => {});
    expect(await identifyEmailProvider('x@slow.test', slow)).toBe('other');
    // a hang would take the test's whole 90 s; the resolver's own timeout is a few seconds even on a busy machine
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('connect answers the provider authorize URL; an unconfigured provider is a clear 400', async () => {
    const { url } = await start(ctx.adminA, ctx.a, 'googlemail', '?isShareAccount=true&email=owner%40acme.test');
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'g-client',
      response_type: 'code',
      redirect_uri: `http://${ctx.a.host}/authmgr/oauth/callback/googlemail`,
      access_type: 'offline',
      login_hint: 'owner@acme.test',
    });
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.send');
    const ms = await start(ctx.adminA, ctx.a, 'outlookmail');
    expect(ms.url.pathname).toBe('/common/oauth2/v2.0/authorize');
    const zoho = await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/connect/zohomail?isShareAccount=true');
    expect(zoho.statusCode).toBe(400);
    expect(errorOf(zoho)).toMatchObject({ field: 'providerName', message: 'Zoho is not configured on this platform.' });
    expect((await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/connect/yahoo')).statusCode).toBe(400);
  });

  it('the callback exchanges the code; accounts are per person, shared ones visible to other admins; revoke', async () => {
    const shared = await start(ctx.adminA, ctx.a, 'googlemail', '?isShareAccount=true&email=owner%40acme.test');
    expect(await callback(ctx.a, 'googlemail', { code: 'g_code', state: shared.state }, shared.state)).toEqual({
      path: '/settings/integrations/emails',
      result: 'success',
      message: null,
    });
    const google = ctx.stub.requests.filter((r) => r.path === '/google/token').at(-1);
    expect(Object.fromEntries(new URLSearchParams(google?.body))).toMatchObject({
      grant_type: 'authorization_code',
      code: 'g_code',
      client_id: 'g-client',
      redirect_uri: `http://${ctx.a.host}/authmgr/oauth/callback/googlemail`,
    });
    const mine = await start(ctx.adminA, ctx.a, 'outlookmail', '?isShareAccount=false');
    expect(await callback(ctx.a, 'outlookmail', { code: 'ms_code', state: mine.state }, mine.state)).toMatchObject({
      result: 'success',
    });
    const bad = await start(ctx.adminA, ctx.a, 'googlemail');
    expect(await callback(ctx.a, 'googlemail', { code: 'wrong', state: bad.state }, bad.state)).toMatchObject({
      result: 'fail',
      message: 'Google did not accept the authorization; nothing was connected.',
    });

    const list = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/accounts')).data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      productName: 'googlemail',
      email: 'owner@acme.test',
      userName: `admin ${ctx.a.orgId}`,
      isShareAccount: true,
      isOwn: true,
    });
    expect(list[1]).toMatchObject({ productName: 'outlookmail', email: 'sales@contoso.test', isShareAccount: false });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).connectEmail).toBe(true);

    // GET /authmgr/oauth/providers/mail: every staff role, own and shared accounts only, no other tenant's.
    const providers = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/mail')).data;
    expect(providers).toEqual([
      { _id: list[0]._id, productName: 'googlemail', email: 'owner@acme.test', isShareAccount: true, isOwn: true },
      { _id: list[1]._id, productName: 'outlookmail', email: 'sales@contoso.test', isShareAccount: false, isOwn: true },
    ]);
    for (const role of ['staff', 'frontdesk'] as const) {
      const token = (await loginAs(ctx.app, ctx.a, role)).access_token;
      const seenBy = await call(token, ctx.a, 'GET', '/authmgr/oauth/providers/mail');
      expect(seenBy.statusCode).toBe(200);
      expect(json<any>(seenBy).data.map((x: any) => [x.email, x.isOwn])).toEqual([['owner@acme.test', false]]);
    }
    const student = (await loginAs(ctx.app, ctx.a, 'student')).access_token;
    expect((await call(student, ctx.a, 'GET', '/authmgr/oauth/providers/mail')).statusCode).toBe(403);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/authmgr/oauth/providers/mail')).data).toEqual([]);

    // A second admin sees the shared mailbox only, may revoke it, and not the private one.
    await createUsers(ctx.app.platform.db, ctx.a.tenantId, [
      { email: `admin2@${ctx.a.orgId}.test`, password: PASSWORD, name: 'Second', lastName: 'Admin', role: 'admin' },
    ]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: ctx.a.host },
      payload: { userId: `admin2@${ctx.a.orgId}.test`, password: PASSWORD },
    });
    const admin2 = json<any>(login).access_token as string;
    const seen = json<any>(await call(admin2, ctx.a, 'GET', '/authmgr/oauth/accounts')).data;
    expect(seen.map((x: any) => [x.email, x.isOwn])).toEqual([['owner@acme.test', false]]);
    const privateId = list[1]._id;
    expect((await call(admin2, ctx.a, 'DELETE', `/authmgr/oauth/accounts/${privateId}`)).statusCode).toBe(404);
    expect((await call(ctx.adminB, ctx.b, 'DELETE', `/authmgr/oauth/accounts/${list[0]._id}`)).statusCode).toBe(404);
    const revoked = await call(admin2, ctx.a, 'DELETE', `/authmgr/oauth/accounts/${list[0]._id}`);
    expect(json<any>(revoked)).toEqual({ message: 'Account unlinked success.' });
    expect((await call(admin2, ctx.a, 'DELETE', `/authmgr/oauth/accounts/${list[0]._id}`)).statusCode).toBe(404);
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/accounts')).data).toHaveLength(1);
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/authmgr/oauth/accounts/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('Online Meeting (Zoom)', () => {
  it('connects with Zoom (basic client auth), the hub turns green, disconnect', async () => {
    const { url, state } = await start(ctx.adminA, ctx.a, 'zoom');
    expect(`${url.origin}${url.pathname}`).toBe('https://zoom.us/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('zoom-client');
    expect(await callback(ctx.a, 'zoom', { code: 'zoom_code', state }, state)).toEqual({
      path: '/oauth/omeeting',
      result: 'success',
      message: null,
    });
    const token = ctx.stub.requests.filter((r) => r.path === '/zoom/oauth/token').at(-1);
    expect(token?.authorization).toBe(`Basic ${Buffer.from(`zoom-client:${S.zoomSecret}`).toString('base64')}`);
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/meeting'))).toMatchObject({
      connected: true,
      productName: 'zoom',
      email: 'host@zoom.test',
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).onlineMeeting).toBe(true);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/rest/integrations/status')).onlineMeeting).toBe(false);
    expect(json<any>(await call(ctx.adminA, ctx.a, 'DELETE', '/authmgr/oauth/meeting'))).toEqual({
      message: 'Zoom disconnected.',
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).onlineMeeting).toBe(false);
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/authmgr/oauth/meeting')).statusCode).toBe(404);
  });
});

describe('roles and isolation', () => {
  const routes: Array<[Method, string]> = [
    ['GET', '/campaign/tenant/mailchimp'],
    ['PUT', '/campaign/tenant/mailchimp'],
    ['POST', '/campaign/tenant/mailchimp/list'],
    ['GET', '/campaign/tenant/mailchimp/stats'],
    ['POST', '/campaign/tenant/mailchimp/resync'],
    ['GET', '/item/stripe/account'],
    ['DELETE', '/item/stripe/account'],
    ['GET', '/item/stripe/loginlink'],
    ['GET', '/item/payment/key/stripe'],
    ['GET', '/authmgr/oauth/mxname?email=a@gmail.com'],
    ['GET', '/authmgr/oauth/connect/googlemail?isShareAccount=true'],
    ['GET', '/authmgr/oauth/connect/stripe'],
    ['GET', '/authmgr/oauth/connect/zoom'],
    ['GET', '/authmgr/oauth/accounts'],
    ['DELETE', '/authmgr/oauth/accounts/00000000-0000-4000-8000-000000000000'],
    ['GET', '/authmgr/oauth/meeting'],
    ['DELETE', '/authmgr/oauth/meeting'],
  ];

  it('staff, front desk and students get 403 before the input is read; visitors 401', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.a, role)).access_token;
      for (const [method, url] of routes) {
        const payload = method === 'PUT' || method === 'POST' ? { bogus: 1 } : undefined;
        const response = await call(token, ctx.a, method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of routes) {
      const response = await ctx.app.inject({ method, url, headers: { host: ctx.a.host } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('another tenant sees none of it', async () => {
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/campaign/tenant/mailchimp')).data).toMatchObject({
      listId: '',
      status: null,
      hasApiKey: false,
    });
    expect((await call(ctx.adminB, ctx.b, 'POST', '/campaign/tenant/mailchimp/resync')).statusCode).toBe(404);
    expect((await call(ctx.adminB, ctx.b, 'GET', '/campaign/tenant/mailchimp/stats')).statusCode).toBe(404);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/item/stripe/account')).connected).toBe(false);
    expect((await call(ctx.adminB, ctx.b, 'GET', '/item/payment/key/stripe')).statusCode).toBe(404);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/authmgr/oauth/accounts')).data).toEqual([]);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/authmgr/oauth/meeting')).connected).toBe(false);
    expect((await call(ctx.adminA, ctx.b, 'GET', '/campaign/tenant/mailchimp')).statusCode).toBe(401);
  });
});

describe('no secret anywhere', () => {
  it('no answer (or redirect) carries a token, key or client secret; none is stored in the clear', async () => {
    for (const url of [
      '/campaign/tenant',
      '/campaign/tenant/mailchimp',
      '/item/tenant/keys',
      '/item/stripe/account',
      '/authmgr/oauth/accounts',
      '/authmgr/oauth/meeting',
      '/rest/integrations/status',
      '/snode/tenant',
      '/ping',
    ]) {
      await call(ctx.adminA, ctx.a, 'GET', url);
    }
    bodies.push((await ctx.app.inject({ url: '/api/docs/json' })).body);
    expect(bodies.length).toBeGreaterThan(100);
    for (const body of bodies) {
      for (const secret of SECRETS) expect(body).not.toContain(secret);
      expect(body).not.toContain('"ciphertext"');
    }
    const rows = await ctx.app.platform.db.execute(sql`select * from tenant_credentials`);
    const raw = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
  });
});
