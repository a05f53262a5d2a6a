import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, json, loginAs, type TestTenant } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { twoFranchiseGroups } from './franchise-fixtures.ts';

const ctx = twoFranchiseGroups();

const UA = 'Mozilla/5.0 (switch test)';

async function askCode(token: string, tenant: TestTenant, id: string, query = '') {
  return ctx.app.inject({
    url: `/rest/tenant/${id}/token${query}`,
    headers: { ...bearer(token, tenant.host), 'user-agent': UA },
  });
}

function exchange(host: string, code: string, userAgent = UA, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/public/franchise/switch',
    headers: { host, 'user-agent': userAgent },
    remoteAddress,
    payload: { code },
  });
}

describe('franchise switching', () => {
  it('gives the master admin a one-time code that the franchise host exchanges for a franchise-mode session', async () => {
    const masterAdminId = ctx.master.users.admin.id;
    const grant = await askCode(ctx.adminM, ctx.master, ctx.franchise.tenantId, `?masterAdminId=${masterAdminId}`);
    expect(grant.statusCode).toBe(200);
    const body = json<any>(grant);
    expect(body).toMatchObject({
      expiresInSeconds: 60,
      franchise: { orgId: ctx.franchise.orgId, tenantId: ctx.franchise.tenantId, customDomain: null },
    });
    expect(body.access_token).toBeUndefined();

    const switched = await exchange(ctx.franchise.host, body.code);
    expect(switched.statusCode).toBe(200);
    const session = json<any>(switched);
    expect(session.contact).toMatchObject({
      guId: ctx.franchise.users.admin.id,
      role: 'admin',
      orgId: ctx.franchise.orgId,
    });
    expect(session.tenant.orgId).toBe(ctx.franchise.orgId);
    expect(session.masterOrgId).toBe(ctx.master.orgId);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: ctx.franchise.users.admin.id, tid: ctx.franchise.tenantId, masterAdminId });

    // The session works on the franchise host, and franchise mode survives restore and refresh.
    expect(
      (await ctx.app.inject({ url: '/snode/tenant', headers: bearer(session.access_token, ctx.franchise.host) }))
        .statusCode,
    ).toBe(200);
    const restored = await ctx.app.inject({
      url: '/rest/reInitInfo',
      headers: bearer(session.access_token, ctx.franchise.host),
    });
    expect(decodeJwt(json<any>(restored).access_token).masterAdminId).toBe(masterAdminId);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/refresh-access-token',
      headers: { host: ctx.franchise.host },
      payload: { token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(json<any>(refreshed).access_token).masterAdminId).toBe(masterAdminId);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/refresh-access-token',
      headers: { host: ctx.franchise.host },
      payload: { token: json<any>(refreshed).refresh_token },
    });
    expect(decodeJwt(json<any>(again).access_token).masterAdminId).toBe(masterAdminId);

    // The franchise-mode token is nothing on the master's host.
    expect(
      (await ctx.app.inject({ url: '/rest/franchise', headers: bearer(session.access_token, ctx.master.host) }))
        .statusCode,
    ).toBe(401);
    // A code works once.
    expect((await exchange(ctx.franchise.host, body.code)).statusCode).toBe(401);
  });

  it('an ordinary login has no masterAdminId claim', async () => {
    const login = await loginAs(ctx.app, ctx.franchise, 'admin');
    expect(decodeJwt(login.access_token).masterAdminId).toBeUndefined();
  });

  it('refuses the code on another host, from another browser or IP', async () => {
    const code = () => askCode(ctx.adminM, ctx.master, ctx.franchise.tenantId).then((r) => json<any>(r).code as string);
    expect((await exchange(ctx.master.host, await code())).statusCode).toBe(401);
    expect((await exchange(ctx.otherFranchise.host, await code())).statusCode).toBe(401);
    expect((await exchange(ctx.franchise.host, await code(), 'Another browser')).statusCode).toBe(401);
    expect((await exchange(ctx.franchise.host, await code(), UA, '10.0.0.9')).statusCode).toBe(401);
    expect((await exchange(ctx.franchise.host, 'made-up')).statusCode).toBe(401);
  });

  it('is refused for a tenant that is not a franchise of this master (404), and to non-admins (403)', async () => {
    for (const id of [ctx.master.tenantId, ctx.otherMaster.tenantId, ctx.otherFranchise.tenantId, 'x']) {
      expect((await askCode(ctx.adminM, ctx.master, id)).statusCode).toBe(404);
    }
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.master, role)).access_token;
      expect((await askCode(token, ctx.master, ctx.franchise.tenantId)).statusCode).toBe(403);
    }
    const adminF = (await loginAs(ctx.app, ctx.franchise, 'admin')).access_token;
    expect((await askCode(adminF, ctx.franchise, ctx.otherFranchise.tenantId)).statusCode).toBe(403);
  });

  it('refuses a masterAdminId that is not the caller', async () => {
    const response = await askCode(
      ctx.adminM,
      ctx.master,
      ctx.franchise.tenantId,
      `?masterAdminId=${ctx.master.users.staff.id}`,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('franchise mode ends with the master admin rights', () => {
  it('a master admin suspended after switching in can no longer refresh the franchise session', async () => {
    const grant = json<any>(await askCode(ctx.adminM, ctx.master, ctx.franchise.tenantId));
    const session = json<any>(await exchange(ctx.franchise.host, grant.code));
    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/refresh-access-token',
        headers: { host: ctx.franchise.host },
        payload: { token },
      });
    const first = await refresh(session.refresh_token);
    expect(first.statusCode).toBe(200);

    const setSuspended = (value: boolean) =>
      withTenant(ctx.app.platform.db, ctx.master.tenantId, (tx) =>
        tx.update(contacts).set({ isSuspended: value }).where(eq(contacts.id, ctx.master.users.admin.id)),
      );
    await setSuspended(true);
    try {
      expect((await refresh(json<any>(first).refresh_token)).statusCode).toBe(401);
    } finally {
      await setSuspended(false);
    }
    // an ordinary franchise login is not affected by the master's staff
    const own = await loginAs(ctx.app, ctx.franchise, 'admin');
    expect((await refresh(own.refresh_token)).statusCode).toBe(200);
  });
});
