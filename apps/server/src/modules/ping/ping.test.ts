import { TenantConfig } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { navigationPages } from './navigation-fixtures.ts';

let app: App;
let master: TestTenant;
let franchise: TestTenant;
let custom: TestTenant;
let customDomain: string;

beforeAll(async () => {
  app = await startTestApp({ defaultOrgId: null });
  master = await newTenant(app, {
    settings: { phone: '+1 555 0100', email: 'hi@studio.test', stripePublishableKey: 'pk_test_123' },
    pages: navigationPages(),
  });
  franchise = await newTenant(app, { masterOrgId: master.orgId });
  customDomain = `yoga-${Date.now()}.example.com`;
  custom = await newTenant(app, { customDomain });
});

describe('GET /ping', () => {
  it("answers the host's tenant config with every field of the spec", async () => {
    const response = await app.inject({ url: '/ping', headers: { host: `${master.host}:3000` } });
    expect(response.statusCode).toBe(200);
    const body = TenantConfig.parse(json(response));
    expect(body).toMatchObject({
      orgId: master.orgId,
      masterOrgId: master.orgId,
      isMasterFranchise: true,
      phone: '+1 555 0100',
    });
    expect(body.tenantId).toBe(master.tenantId);
    expect(body.home).toBe('home');
  });

  it('lists only published pages, legal pages marked, external links with a scheme', async () => {
    const body = json<any>(await app.inject({ url: '/ping', headers: { host: master.host } }));
    expect(body.web.pages.map((p: any) => p.name).sort()).toEqual(['about', 'blog', 'home', 'privacypolicy']);
    expect(body.web.pages.find((p: any) => p.name === 'privacypolicy').isLegal).toBe(true);
    expect(body.web.pages.find((p: any) => p.name === 'blog').externalLink).toBe('http://blog.example.com');
  });

  it('never carries a secret', async () => {
    const body = json<any>(await app.inject({ url: '/ping', headers: { host: master.host } }));
    expect(body.stripePublishableKey).toBe('pk_test_123');
    for (const secret of ['stripeApiKey', 'stripeAuthCode', 'zoomApi', 'zoomAuthCode', 'clanMeetingSecret']) {
      expect(body[secret]).toBeNull();
    }
    expect(JSON.stringify(body)).not.toMatch(/password|secret_|sk_/i);
  });

  it('resolves by name (an org id or a host), and a franchise carries its master', async () => {
    const byOrg = json<any>(await app.inject({ url: `/ping?name=${franchise.orgId}`, headers: { host: 'localhost' } }));
    expect(byOrg).toMatchObject({ orgId: franchise.orgId, masterOrgId: master.orgId, isMasterFranchise: false });
    const byHost = json<any>(await app.inject({ url: `/snode/tenant/ping?name=${franchise.host}` }));
    expect(byHost.orgId).toBe(franchise.orgId);
  });

  it('resolves a custom domain', async () => {
    const body = json<any>(await app.inject({ url: '/ping', headers: { host: customDomain } }));
    expect(body.orgId).toBe(custom.orgId);
    expect(body.customDomain).toBe(customDomain);
  });

  it('answers an unknown tenant without orgId, and never another tenant', async () => {
    for (const host of ['nosuch.localhost', 'unknown.example.com', 'localhost']) {
      const response = await app.inject({ url: '/ping', headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({});
    }
    expect(json(await app.inject({ url: '/ping?name=nosuch' }))).toEqual({});
  });

  it('serves the default org on a bare host when one is configured', async () => {
    const orgId = `d${master.orgId}`;
    const withDefault = await startTestApp({ defaultOrgId: orgId });
    await newTenant(withDefault, { orgId });
    for (const host of ['127.0.0.1:3000', 'localhost:3000']) {
      const body = json<any>(await withDefault.inject({ url: '/ping', headers: { host } }));
      expect(body.orgId).toBe(orgId);
    }
  });
});

describe('POST /snode/cache', () => {
  it('is for admins only', async () => {
    const admin = await loginAs(app, master, 'admin');
    const staff = await loginAs(app, master, 'staff');
    expect(
      (await app.inject({ method: 'POST', url: '/snode/cache', headers: bearer(admin.access_token, master.host) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/snode/cache', headers: bearer(staff.access_token, master.host) }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/snode/cache', headers: { host: master.host } })).statusCode).toBe(
      401,
    );
  });
});
