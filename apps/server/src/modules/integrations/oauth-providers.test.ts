import { describe, expect, it } from 'vitest';
import { bearer, json, loginAs, type TestTenant } from '../../../test/helpers.ts';
import { oauthApp, providerApisAt, studiosOnProviderStub } from '../../../test/provider-studios.ts';

// Spec 3 §7.7: GET /authmgr/oauth/providers, /providers/omeeting, POST /authmgr/oauth/revoke/{provider}.
const GOOGLE_SECRET = 'GOOGLE_client_secret_providers';
const ZOOM_SECRET = 'ZOOM_client_secret_providers';

const ctx = studiosOnProviderStub(
  {
    oauth: {
      clients: { google: ['g-client', GOOGLE_SECRET], zoom: ['zoom-client', ZOOM_SECRET] },
      codes: {
        g_shared: { accessToken: 'ya29.shared', refreshToken: 'r-shared', email: 'team@acme.test' },
        g_private: { accessToken: 'ya29.private', refreshToken: 'r-private', email: 'me@gmail.com' },
        g_other: { accessToken: 'ya29.other', refreshToken: 'r-other', email: 'other@gmail.com' },
        g_b: { accessToken: 'ya29.b', refreshToken: 'r-b', email: 'b@gmail.com' },
        zoom_code: { accessToken: 'zoom-access', refreshToken: 'zoom-refresh', email: 'host@zoom.test' },
      },
    },
  },
  (url) => ({
    providerUrls: providerApisAt(url),
    oauthApps: {
      stripeConnect: { clientId: null, authorizeUrl: 'https://connect.stripe.com' },
      google: oauthApp(
        'https://accounts.google.com/o/oauth2/v2/auth',
        `${url}/google/token`,
        'g-client',
        GOOGLE_SECRET,
      ),
      microsoft: oauthApp('https://login.microsoftonline.com/x', `${url}/microsoft/token`, null, null),
      zoho: oauthApp('https://accounts.zoho.com/oauth/v2/auth', `${url}/zoho/token`, null, null),
      zoom: oauthApp('https://zoom.us/oauth/authorize', `${url}/zoom/oauth/token`, 'zoom-client', ZOOM_SECRET),
    },
    mxResolver: async () => ['aspmx.l.google.com.'],
  }),
);

type Method = 'GET' | 'POST' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string) =>
  ctx.app.inject({ method, url, headers: bearer(token, tenant.host) });

/** Connects through the real flow: the connect URL's state, then the provider's callback with a code. */
async function connect(token: string, tenant: TestTenant, provider: string, code: string, query = '') {
  const started = await call(token, tenant, 'GET', `/authmgr/oauth/connect/${provider}${query}`);
  expect(started.statusCode, started.body).toBe(200);
  const state = new URL(json<{ url: string }>(started).url).searchParams.get('state') ?? '';
  const back = await ctx.app.inject({
    url: `/authmgr/oauth/callback/${provider}?code=${code}&state=${state}`,
    headers: { host: tenant.host, cookie: `atrium_connect_state=${state}` },
  });
  expect(String(back.headers.location)).toContain('result=success');
}

describe('/authmgr/oauth/providers', () => {
  it('lists the mailboxes one may use and the online meeting; omeeting only the meeting', async () => {
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers'))).toEqual({ data: [] });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/omeeting'))).toEqual({ data: [] });

    await connect(ctx.adminA, ctx.a, 'googlemail', 'g_shared', '?isShareAccount=true&email=team%40acme.test');
    await connect(ctx.adminA, ctx.a, 'googlemail', 'g_private', '?isShareAccount=false&email=me%40gmail.com');
    await connect(ctx.adminA, ctx.a, 'zoom', 'zoom_code');
    await connect(ctx.adminB, ctx.b, 'googlemail', 'g_b', '?isShareAccount=true&email=b%40gmail.com');

    const all = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers')).data;
    expect(all.map(({ _id, ...rest }: { _id: string }) => rest)).toEqual([
      { productName: 'googlemail', kind: 'mail', email: 'team@acme.test', isShareAccount: true, isOwn: true },
      { productName: 'googlemail', kind: 'mail', email: 'me@gmail.com', isShareAccount: false, isOwn: true },
      { productName: 'zoom', kind: 'meeting', email: 'host@zoom.test', isShareAccount: true, isOwn: false },
    ]);
    // The same mailboxes as /providers/mail, which this listing extends.
    const mail = json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/mail')).data;
    expect(all.slice(0, 2).map((item: { _id: string }) => item._id)).toEqual(mail.map((m: { _id: string }) => m._id));
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/omeeting')).data).toEqual([all[2]]);
    // No token in any answer.
    expect(JSON.stringify(all)).not.toMatch(/ya29|zoom-access|refresh/);
  });

  it("is for every staff role, shows another staff member only the shared mailboxes, and never another tenant's", async () => {
    const staff = (await loginAs(ctx.app, ctx.a, 'staff')).access_token;
    const seen = json<any>(await call(staff, ctx.a, 'GET', '/authmgr/oauth/providers')).data;
    expect(seen.map((item: { email: string; isOwn: boolean }) => [item.email, item.isOwn])).toEqual([
      ['team@acme.test', false],
      ['host@zoom.test', false],
    ]);
    const otherTenant = json<any>(await call(ctx.adminB, ctx.b, 'GET', '/authmgr/oauth/providers')).data;
    expect(otherTenant.map((item: { email: string }) => item.email)).toEqual(['b@gmail.com']);
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/authmgr/oauth/providers/omeeting')).data).toEqual([]);
    const student = (await loginAs(ctx.app, ctx.a, 'student')).access_token;
    expect((await call(student, ctx.a, 'GET', '/authmgr/oauth/providers')).statusCode).toBe(403);
    expect((await call(student, ctx.a, 'GET', '/authmgr/oauth/providers/omeeting')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/authmgr/oauth/providers', headers: { host: ctx.a.host } })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /authmgr/oauth/revoke/{provider}', () => {
  it('names an unknown provider as the field; is for admins only', async () => {
    const unknown = await call(ctx.adminA, ctx.a, 'POST', '/authmgr/oauth/revoke/yahoo');
    expect(unknown.statusCode).toBe(400);
    expect(json<any>(unknown).errors.field).toBe('params.provider');
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.a, role)).access_token;
      expect((await call(token, ctx.a, 'POST', '/authmgr/oauth/revoke/zoom')).statusCode, role).toBe(403);
    }
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/omeeting')).data).toHaveLength(1);
  });

  it("revokes only this tenant's connection: another tenant's provider is a 404 and stays", async () => {
    // B has no Zoom connection: revoking it there is a 404 and A's stays connected.
    expect((await call(ctx.adminB, ctx.b, 'POST', '/authmgr/oauth/revoke/zoom')).statusCode).toBe(404);
    expect((await call(ctx.adminB, ctx.b, 'POST', '/authmgr/oauth/revoke/stripe')).statusCode).toBe(404);
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/omeeting')).data).toHaveLength(1);

    expect(json<any>(await call(ctx.adminA, ctx.a, 'POST', '/authmgr/oauth/revoke/zoom'))).toEqual({
      message: 'Zoom disconnected.',
    });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers/omeeting')).data).toEqual([]);
  });

  it("a mail provider unlinks the asker's own mailboxes of it", async () => {
    expect((await call(ctx.adminA, ctx.a, 'POST', '/authmgr/oauth/revoke/outlookmail')).statusCode).toBe(404);
    const revoked = await call(ctx.adminA, ctx.a, 'POST', '/authmgr/oauth/revoke/googlemail');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(json<any>(revoked)).toEqual({ message: 'Account unlinked success.' });
    expect(json<any>(await call(ctx.adminA, ctx.a, 'GET', '/authmgr/oauth/providers')).data).toEqual([]);
    expect((await call(ctx.adminA, ctx.a, 'POST', '/authmgr/oauth/revoke/googlemail')).statusCode).toBe(404);
    // B's mailbox is untouched.
    expect(json<any>(await call(ctx.adminB, ctx.b, 'GET', '/authmgr/oauth/providers')).data).toHaveLength(1);
  });
});
