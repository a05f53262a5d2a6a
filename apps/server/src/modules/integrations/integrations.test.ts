import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, loginAs } from '../../../test/helpers.ts';
import { errorOf, providerApisAt, recordingCaller, studiosOnProviderStub } from '../../../test/provider-studios.ts';
import { loadConfig } from '../../config.ts';
import { ProviderChecks } from './providers.ts';
import { CredentialVault } from './vault.ts';

// Distinctive secrets: none of them may ever appear in a response body.
const S = {
  pspringTestSecret: 'sk_test_PSPRING_secret_9f3a1c',
  pspringLiveSecret: 'sk_live_PSPRING_secret_77b2e0',
  razorSecret: 'RAZOR_key_secret_c0ffee42',
  razorTestSecret: 'RAZOR_test_secret_beef1234',
  phonepeSalt: 'PHONEPE_salt_key_0a1b2c3d4e',
  twilioToken: 'TWILIO_auth_token_5e6f7a8b',
  plivoToken: 'PLIVO_auth_token_9c8d7e6f',
  brevoKey: 'xkeysib-BREVO_api_key_123456',
};
const SECRETS = Object.values(S);

const ctx = studiosOnProviderStub(
  {
    razorpay: [
      ['rzp_live_good', S.razorSecret],
      ['rzp_test_good', S.razorTestSecret],
    ],
    twilio: [['AC0123456789abcdef', S.twilioToken]],
    plivo: [['MA_PLIVO_ID', S.plivoToken]],
    brevo: [S.brevoKey],
  },
  (url) => ({ providerUrls: providerApisAt(url) }),
);
const bodies: string[] = [];

type Method = 'GET' | 'PUT' | 'DELETE';
const call = recordingCaller(ctx, bodies);

const pspringTestKeys = {
  apiKey: '',
  secretKey: '',
  testApiKey: 'pk_test_PSPRING_public',
  testSecretKey: S.pspringTestSecret,
  isTestMode: false,
  isProviderIntegrated: true,
};

async function rawRows(tenantId: string): Promise<Record<string, unknown>[]> {
  const result = await ctx.app.platform.db.execute(sql`select * from tenant_credentials where tenant_id = ${tenantId}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('payment keys: PaymentSpring (PUT /item/tenant/pspring)', () => {
  it("refuses test keys with test mode off: 'Test mode should be on', nothing saved", async () => {
    const response = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', pspringTestKeys);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ message: 'Test mode should be on', field: 'isTestMode' });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/tenant/keys')).keys).toEqual([]);
  });

  it('saves with test mode on, masked; the hub and the tenant follow', async () => {
    const response = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', {
      ...pspringTestKeys,
      isTestMode: true,
    });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      provider: 'pspring',
      isProviderIntegrated: true,
      isTestMode: true,
      testApiKey: 'pk_test_PSPRING_public',
      hasTestSecretKey: true,
      testSecretKeyHint: S.pspringTestSecret.slice(-4),
      hasSecretKey: false,
      isVerified: null,
    });
    const status = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status'));
    expect(status.payments.pspring).toBe(true);
    expect(status.payments.razorpay).toBe(false);
    const ping = json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.a.host } }));
    expect(ping.paymentProvider).toBe('PSPRING');
  });

  it('keeps a stored secret sent empty; Disconnect keeps the keys, Reconnect restores', async () => {
    const masked = { ...pspringTestKeys, testSecretKey: '', isTestMode: true };
    const off = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', {
      ...masked,
      isProviderIntegrated: false,
    });
    expect(off.statusCode).toBe(200);
    expect(json<any>(off)).toMatchObject({ isProviderIntegrated: false, hasTestSecretKey: true });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).payments.pspring).toBe(false);
    expect(json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.a.host } })).paymentProvider).toBeNull();

    const on = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', masked);
    expect(json<any>(on)).toMatchObject({
      isProviderIntegrated: true,
      testSecretKeyHint: S.pspringTestSecret.slice(-4),
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).payments.pspring).toBe(true);

    // With live keys the live mode needs both.
    const half = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', {
      ...masked,
      isTestMode: false,
      apiKey: 'pk_live',
    });
    expect(errorOf(half)).toMatchObject({ field: 'secretKey', message: 'Secret Key is required' });
    const live = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', {
      ...masked,
      isTestMode: false,
      apiKey: 'pk_live_PSPRING',
      secretKey: S.pspringLiveSecret,
    });
    expect(json<any>(live)).toMatchObject({ hasSecretKey: true, hasTestSecretKey: true, isTestMode: false });
  });
});

describe('payment keys: Razorpay, checked with its API', () => {
  it('a wrong key pair is the provider 401, answered as a 400 on the secret; nothing saved', async () => {
    const before = ctx.stub.requests.length;
    const response = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/razorpay', {
      apiKey: 'rzp_live_good',
      secretKey: 'wrong-secret-value',
      isProviderIntegrated: true,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      field: 'secretKey',
      message: 'Razorpay did not accept the Key Id and Key Secret.',
    });
    const seen = ctx.stub.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/payments?count=1' });
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from('rzp_live_good:wrong-secret-value').toString('base64')}`);
    const keys = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/tenant/keys')).keys;
    expect(keys.map((k: any) => k.provider)).toEqual(['pspring']);
  });

  it('accepted keys are saved verified; test mode checks the test pair', async () => {
    const live = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/razorpay', {
      apiKey: 'rzp_live_good',
      secretKey: S.razorSecret,
      isProviderIntegrated: true,
    });
    expect(live.statusCode).toBe(200);
    expect(json<any>(live)).toMatchObject({ provider: 'razorpay', isVerified: true, apiKey: 'rzp_live_good' });
    const bad = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/razorpay', {
      apiKey: 'rzp_live_good',
      testApiKey: 'rzp_test_good',
      testSecretKey: 'nope-nope-nope',
      isTestMode: true,
    });
    expect(errorOf(bad)).toMatchObject({ field: 'testSecretKey' });
    const test = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/razorpay', {
      apiKey: 'rzp_live_good',
      testApiKey: 'rzp_test_good',
      testSecretKey: S.razorTestSecret,
      isTestMode: true,
    });
    expect(json<any>(test)).toMatchObject({ isVerified: true, isTestMode: true, hasSecretKey: true });
    expect(json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.a.host } })).paymentProvider).toBe(
      'RAZORPAY',
    );
  });
});

describe('payment keys: PhonePe and DELETE /item/tenant', () => {
  it("answers the spec's messages", async () => {
    const cases: Array<[object, string, string]> = [
      [{ saltKey: 'x', saltIndex: '1' }, 'merchantId', 'Merchant Id is required'],
      [{ merchantId: 'M1', saltKey: 'x', saltIndex: '' }, 'saltIndex', 'Salt Index is required'],
      [{ merchantId: 'M1', saltIndex: '1' }, 'saltKey', 'Salt Key is required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/phonepe', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ field, message });
    }
  });

  it('saves merchant id as apiKey and the salt key as the secret; DELETE removes the record', async () => {
    const response = await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/phonepe', {
      merchantId: 'PGTESTPAYUAT',
      saltKey: S.phonepeSalt,
      saltIndex: '1',
    });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({ apiKey: 'PGTESTPAYUAT', saltIndex: '1', hasSecretKey: true });
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/item/tenant?type=phonepe')).statusCode).toBe(200);
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/item/tenant?type=phonepe')).statusCode).toBe(404);
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).payments.phonepe).toBe(false);
    expect((await call(ctx.adminA, ctx.a, 'DELETE', '/item/tenant?type=bogus')).statusCode).toBe(400);
  });
});

describe('SMS: Twilio and Plivo', () => {
  it('Twilio: required fields, the provider check, a non-numeric phone becomes the messaging id, defaults', async () => {
    const missing = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', {
      twilioToken: 'x',
      twilioPhone: '+1555',
    });
    expect(errorOf(missing)).toMatchObject({ field: 'twilioSid', message: 'Account SID is required' });
    const noToken = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', {
      twilioSid: 'AC0',
      twilioPhone: '+1555',
    });
    expect(errorOf(noToken)).toMatchObject({ field: 'twilioToken', message: 'Auth Token is required' });
    const noSender = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', { twilioSid: 'AC0', twilioToken: 'x' });
    expect(errorOf(noSender)).toMatchObject({ field: 'twilioPhone' });

    const wrong = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', {
      twilioSid: 'AC0123456789abcdef',
      twilioToken: 'not-the-token',
      twilioPhone: '+1 555 010 0000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      field: 'twilioToken',
      message: 'Twilio did not accept the Account SID and Auth Token.',
    });
    const last = ctx.stub.requests.at(-1);
    expect(last?.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef.json');
    expect(last?.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:not-the-token').toString('base64')}`);

    const ok = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', {
      twilioSid: 'AC0123456789abcdef',
      twilioToken: S.twilioToken,
      twilioPhone: 'ATRIUM',
      adminPhone: '+1 555 010 0001',
    });
    expect(ok.statusCode).toBe(200);
    expect(json<any>(ok).tenant).toMatchObject({
      provider: 'twilio',
      twilioSid: 'AC0123456789abcdef',
      twilioPhone: '',
      twilioMesagingId: 'ATRIUM',
      hasTwilioToken: true,
      twilioTokenHint: S.twilioToken.slice(-4),
      pageSize: 250,
      pageWaitTime: 3,
      isVerified: true,
    });
    // The masked form sent again keeps the token.
    const again = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', {
      twilioSid: 'AC0123456789abcdef',
      twilioPhone: '+1 555 010 0000',
      pageSize: 100,
      pageWaitTime: 5,
    });
    expect(json<any>(again).tenant).toMatchObject({
      twilioPhone: '+1 555 010 0000',
      twilioMesagingId: '',
      pageSize: 100,
    });
  });

  it('Plivo: required fields, the check, then the only active SMS provider (sender read back as twilioPhone)', async () => {
    const missing = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/plivo', {
      plivoAuthId: 'MA',
      plivoAuthToken: 'x',
    });
    expect(errorOf(missing)).toMatchObject({ field: 'plivoSenderId', message: 'Sender ID is required' });
    const wrong = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/plivo', {
      plivoAuthId: 'MA_PLIVO_ID',
      plivoAuthToken: 'bad',
      plivoSenderId: '15550100002',
    });
    expect(errorOf(wrong)).toMatchObject({ field: 'plivoAuthToken' });
    expect(ctx.stub.requests.at(-1)?.path).toBe('/v1/Account/MA_PLIVO_ID/');
    const ok = await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/plivo', {
      plivoAuthId: 'MA_PLIVO_ID',
      plivoAuthToken: S.plivoToken,
      plivoSenderId: '15550100002',
    });
    expect(ok.statusCode).toBe(200);
    expect(json<any>(ok).tenant).toMatchObject({
      provider: 'plivo',
      plivoSenderId: '15550100002',
      twilioPhone: '15550100002',
      hasPlivoAuthToken: true,
      pageSize: 250,
      pageWaitTime: 3,
    });
    const status = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status'));
    expect(status.sms).toEqual({ twilio: false, plivo: true });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/sms/tenant')).tenant.provider).toBe('plivo');
  });
});

describe('Campaign: Brevo', () => {
  it('required fields and a valid email', async () => {
    const cases: Array<[object, string, string]> = [
      [{ sibApiKey: 'k', fromEmail: 'a@b.test' }, 'fromName', 'From Name is required'],
      [{ sibApiKey: 'k', fromName: 'N' }, 'fromEmail', 'From Email is required'],
      [{ sibApiKey: 'k', fromName: 'N', fromEmail: 'nope' }, 'fromEmail', 'Enter a valid email address'],
      [{ fromName: 'N', fromEmail: 'a@b.test' }, 'sibApiKey', 'API Key is required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/brevo', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ field, message });
    }
  });

  it('a key Brevo refuses is a 400 on sibApiKey; an accepted one makes Brevo the campaign provider', async () => {
    const wrong = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/brevo', {
      sibApiKey: 'xkeysib-wrong',
      fromName: 'Studio',
      fromEmail: 'hello@studio.test',
    });
    expect(errorOf(wrong)).toMatchObject({ field: 'sibApiKey', message: 'Brevo did not accept the API key.' });
    expect(ctx.stub.requests.at(-1)).toMatchObject({ path: '/v3/account', apiKey: 'xkeysib-wrong' });
    const ok = await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/brevo', {
      sibApiKey: S.brevoKey,
      fromName: 'Studio',
      fromEmail: 'hello@studio.test',
    });
    expect(ok.statusCode).toBe(200);
    expect(json<any>(ok).tenant).toMatchObject({
      provider: 'brevo',
      fromName: 'Studio',
      fromEmail: 'hello@studio.test',
      hasSibApiKey: true,
      sibApiKeyHint: S.brevoKey.slice(-4),
      isVerified: true,
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/rest/integrations/status')).campaign).toEqual({
      mailchimp: false,
      brevo: true,
    });
  });
});

describe('roles and isolation', () => {
  const routes: Array<[Method, string]> = [
    ['GET', '/rest/integrations/status'],
    ['GET', '/item/tenant/keys'],
    ['PUT', '/item/tenant/pspring'],
    ['PUT', '/item/tenant/stripe'],
    ['PUT', '/item/tenant/razorpay'],
    ['PUT', '/item/tenant/paytm'],
    ['PUT', '/item/tenant/phonepe'],
    ['DELETE', '/item/tenant?type=pspring'],
    ['GET', '/sms/tenant'],
    ['PUT', '/sms/tenant/twilio'],
    ['PUT', '/sms/tenant/plivo'],
    ['GET', '/campaign/tenant'],
    ['PUT', '/campaign/tenant/brevo'],
  ];

  it('staff, front desk and students get 403 (before the body is read); visitors 401', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.a, role)).access_token;
      for (const [method, url] of routes) {
        const response = await call(token, ctx.a, method, url, method === 'PUT' ? { bogus: 1 } : undefined);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of routes) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { host: ctx.a.host },
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("another tenant neither sees nor changes these; A's token is nothing on B's host", async () => {
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/item/tenant/keys')).keys).toEqual([]);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/sms/tenant')).tenant).toMatchObject({
      provider: null,
      twilioSid: '',
      hasTwilioToken: false,
      pageSize: 250,
      pageWaitTime: 3,
    });
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/campaign/tenant')).tenant.provider).toBeNull();
    const status = json<any>(await call(ctx.adminB, ctx.b, 'GET', '/rest/integrations/status'));
    expect(Object.values(status.payments).every((v) => v === false)).toBe(true);
    expect((await call(ctx.adminB, ctx.b, 'DELETE', '/item/tenant?type=pspring')).statusCode).toBe(404);
    await call(ctx.adminB, ctx.b, 'PUT', '/item/tenant/pspring', {
      ...pspringTestKeys,
      isTestMode: true,
      isProviderIntegrated: false,
    });
    const ours = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/item/tenant/keys')).keys.find(
      (k: any) => k.provider === 'pspring',
    );
    expect(ours).toMatchObject({ isProviderIntegrated: true, isTestMode: false });
    expect((await call(ctx.adminA, ctx.b, 'GET', '/item/tenant/keys')).statusCode).toBe(401);
  });
});

describe('the vault', () => {
  it('keeps no secret in the clear at rest', async () => {
    const rows = await rawRows(ctx.a.tenantId);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const raw = JSON.stringify(rows);
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
    for (const row of rows) {
      expect(row.ciphertext).toMatch(/^[A-Za-z0-9+/=]+$/);
      expect(Buffer.from(String(row.iv), 'base64')).toHaveLength(12);
      expect(Buffer.from(String(row.tag), 'base64')).toHaveLength(16);
    }
  });

  it('opens only for its tenant and provider, and only with its key', () => {
    const vault = new CredentialVault(Buffer.alloc(32, 7));
    const sealed = vault.seal('t1', 'twilio', { twilioToken: 'abc' });
    expect(vault.open('t1', 'twilio', sealed)).toEqual({ twilioToken: 'abc' });
    expect(() => vault.open('t2', 'twilio', sealed)).toThrow();
    expect(() => vault.open('t1', 'plivo', sealed)).toThrow();
    expect(() => new CredentialVault(Buffer.alloc(32, 8)).open('t1', 'twilio', sealed)).toThrow();
    // a truncated authentication tag is refused, not checked on its first bytes only
    const short = { ...sealed, tag: Buffer.from(sealed.tag, 'base64').subarray(0, 4).toString('base64') };
    expect(() => vault.open('t1', 'twilio', short)).toThrow();
  });

  it('CREDENTIALS_KEY must be 32 bytes of base64', () => {
    expect(loadConfig({ CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64') }).credentialsKey).toHaveLength(32);
    expect(() => loadConfig({ CREDENTIALS_KEY: 'short' })).toThrow(/32 bytes/);
  });

  it('a provider that cannot be reached is "unreachable", not "rejected"', async () => {
    const closed = await startProviderStub({});
    await closed.close();
    const checks = new ProviderChecks({
      razorpay: closed.url,
      twilio: closed.url,
      plivo: closed.url,
      brevo: closed.url,
      mailchimp: `${closed.url}/{dc}`,
      zoomApi: closed.url,
    });
    expect((await checks.brevo('k')).outcome).toBe('unreachable');
    expect((await checks.twilio('AC', 't')).outcome).toBe('unreachable');
  });
});

describe('no secret in any answer', () => {
  it('every integrations and settings GET and PUT answer is free of stored secrets', async () => {
    const gets = [
      '/rest/integrations/status',
      '/item/tenant/keys',
      '/item/tenant',
      '/sms/tenant',
      '/campaign/tenant',
      '/campaign/tenant/mailchimp',
      '/item/stripe/account',
      '/authmgr/oauth/accounts',
      '/authmgr/oauth/meeting',
      '/snode/tenant',
      '/rest/settings/display',
      '/rest/settings/roles',
      '/plugin/tenant',
      '/rest/account/detail',
      '/ping',
    ];
    for (const url of gets) await call(ctx.adminA, ctx.a, 'GET', url);
    await call(ctx.adminA, ctx.a, 'PUT', '/item/tenant/pspring', { ...pspringTestKeys, isTestMode: true });
    await call(ctx.adminA, ctx.a, 'PUT', '/sms/tenant/twilio', {
      twilioSid: 'AC0123456789abcdef',
      twilioPhone: '+15550100',
    });
    await call(ctx.adminA, ctx.a, 'PUT', '/campaign/tenant/brevo', { fromName: 'S', fromEmail: 's@s.test' });
    await call(ctx.adminA, ctx.a, 'PUT', '/rest/settings/display', { isShowEventsMenu: true });
    const openapi = await ctx.app.inject({ url: '/api/docs/json' });
    bodies.push(openapi.body);
    expect(bodies.length).toBeGreaterThan(60);
    for (const body of bodies) {
      for (const secret of SECRETS) expect(body).not.toContain(secret);
      expect(body).not.toContain('"ciphertext"');
    }
  });
});
