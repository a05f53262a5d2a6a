import { FakeDns } from '@atrium/provider-stubs/dns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { customDomains, tenants } from '../../db/schema/index.ts';
import { CUSTOM_DOMAIN_QUEUE } from './custom-domains.routes.ts';
import { recheckCustomDomains } from './custom-domains.service.ts';
import { isApex, normalizeDomain } from './domain-name.ts';

let app: App;
let dns: FakeDns;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PATH = '/rest/settings/custom-domain';

beforeAll(async () => {
  dns = await new FakeDns().start();
  smtp = await startSmtpServer();
  app = await startTestApp({
    smtpUrl: smtp.url,
    customDomains: { target: null, aRecords: [], resolvers: [dns.server], pendingHours: 72, missLimit: 3 },
  });
});
afterAll(async () => {
  await dns.stop();
  await smtp.close();
});

/** A fresh studio with its admin's token and a domain name of its own. */
async function studio() {
  const tenant = await newTenant(app);
  const admin = (await loginAs(app, tenant, 'admin')).access_token;
  return { tenant, admin, domain: `www.${tenant.orgId}.example` };
}

const call = (token: string, tenant: TestTenant, method: 'GET' | 'POST' | 'DELETE', url = PATH, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const add = (token: string, tenant: TestTenant, domain: string) => call(token, tenant, 'POST', PATH, { domain });
const checkNow = async (token: string, tenant: TestTenant) => {
  const response = await call(token, tenant, 'POST', `${PATH}/check`);
  expect(response.statusCode).toBe(200);
  return json<any>(response).customDomain;
};
const ask = async (domain: string) =>
  (await app.inject({ url: `/internal/tls/ask?domain=${encodeURIComponent(domain)}`, headers: { host: '127.0.0.1' } }))
    .statusCode;
const txtOf = (view: any) => view.records.find((r: any) => r.type === 'TXT');
/** Publishes the studio's proof and its CNAME in the fake DNS. */
function publish(view: any) {
  const txt = txtOf(view);
  dns.set(txt.name, { TXT: [txt.value] });
  const cname = view.records.find((r: any) => r.type === 'CNAME');
  if (cname) dns.set(view.domain, { CNAME: cname.value });
}

describe('domain names', () => {
  it('takes a host name as typed and refuses IPs, single labels and the platform’s own domains', () => {
    const reserved = ['localhost', 'studios.example'];
    expect(normalizeDomain(' HTTPS://WWW.Lotus-Yoga.Example/path ', reserved)).toEqual({
      ok: true,
      domain: 'www.lotus-yoga.example',
    });
    expect(normalizeDomain('bücher.example.', reserved)).toEqual({ ok: true, domain: 'xn--bcher-kva.example' });
    for (const bad of [
      '',
      '10.0.0.1',
      'intranet',
      'a..b.com',
      '-a.com',
      'a_b.com',
      'x.123',
      '[::1]',
      'studios.example',
      'lotus.studios.example',
      'x.localhost',
    ])
      expect(normalizeDomain(bad, reserved).ok, bad).toBe(false);
    expect(isApex('lotus.com')).toBe(true);
    expect(isApex('lotus.co.uk')).toBe(true);
    expect(isApex('www.lotus.com')).toBe(false);
  });

  it('reads CUSTOM_DOMAIN_* and DNS_RESOLVER, refusing malformed values', () => {
    expect(
      loadConfig({
        CUSTOM_DOMAIN_TARGET: 'Domains.Studios.Example.',
        CUSTOM_DOMAIN_A_RECORDS: '203.0.113.7',
        DNS_RESOLVER: '127.0.0.1:5353',
      }).customDomains,
    ).toEqual({
      target: 'domains.studios.example',
      aRecords: ['203.0.113.7'],
      resolvers: ['127.0.0.1:5353'],
      pendingHours: 72,
      missLimit: 3,
    });
    expect(() => loadConfig({ CUSTOM_DOMAIN_A_RECORDS: 'example.com' })).toThrow(/IPv4/);
    expect(() => loadConfig({ DNS_RESOLVER: 'dns.example' })).toThrow(/DNS_RESOLVER/);
  });
});

describe('Account Settings > Custom Domain', () => {
  it('is read by staff, written by admins only (403 before any 400), and 401 without a login', async () => {
    const { tenant, admin } = await studio();
    const staff = (await loginAs(app, tenant, 'staff')).access_token;
    const student = (await loginAs(app, tenant, 'student')).access_token;
    expect(json<any>(await call(admin, tenant, 'GET'))).toEqual({ customDomain: null });
    expect((await call(staff, tenant, 'GET')).statusCode).toBe(200);
    expect((await call(student, tenant, 'GET')).statusCode).toBe(403);
    expect((await add(staff, tenant, 'not a domain')).statusCode).toBe(403);
    expect((await call(staff, tenant, 'POST', `${PATH}/check`)).statusCode).toBe(403);
    expect((await call(staff, tenant, 'DELETE')).statusCode).toBe(403);
    expect((await app.inject({ url: PATH, headers: { host: tenant.host } })).statusCode).toBe(401);
  });

  it('refuses a bad domain with 400 on `domain`', async () => {
    const { tenant, admin } = await studio();
    for (const bad of [
      '',
      '192.168.1.10',
      'studio',
      'lotus.localhost',
      `${tenant.orgId}.atrium.test`,
      'bad_name.com',
    ]) {
      const response = await add(admin, tenant, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(json<any>(response).errors.field).toBe('domain');
    }
  });

  it('answers the records to make (CNAME to the studio’s host, TXT proof with a neutral label), pending until proven', async () => {
    const { tenant, admin, domain } = await studio();
    const response = await add(admin, tenant, domain.toUpperCase());
    expect(response.statusCode).toBe(201);
    const view = json<any>(response).customDomain;
    expect(view).toMatchObject({ domain, status: 'pending', reason: null, routingOk: null, verifiedAt: null });
    expect(view.records).toEqual([
      { type: 'CNAME', name: domain, value: `${tenant.orgId}.localhost`, purpose: 'routing' },
      {
        type: 'TXT',
        name: `_studio-verify.${domain}`,
        value: expect.stringMatching(/^studio-verify=[0-9a-f]{32}$/),
        purpose: 'proof',
      },
    ]);
    expect(JSON.stringify(view).toLowerCase()).not.toContain('atrium');
    // Adding it again changes nothing; another domain while one is set is refused.
    expect(json<any>(await add(admin, tenant, domain)).customDomain.records).toEqual(view.records);
    const second = await add(admin, tenant, `shop.${tenant.orgId}.example`);
    expect(second.statusCode).toBe(409);
    expect(json<any>(second).errors.message).toContain(`Remove ${domain}`);
    // Not proven: the domain opens nothing and gets no certificate.
    expect(await app.platform.tenants.resolveHost(domain)).toBeNull();
    expect(await ask(domain)).toBe(404);
    expect((await app.inject({ url: '/snode/tenant', headers: bearer(admin, domain) })).statusCode).toBe(404);
  });

  it('says why a check did not prove it: no TXT, a wrong value, a failed lookup', async () => {
    const { tenant, admin, domain } = await studio();
    const view = json<any>(await add(admin, tenant, domain)).customDomain;
    const txt = txtOf(view);
    let checked = await checkNow(admin, tenant);
    expect(checked).toMatchObject({ status: 'pending', routingOk: false });
    expect(checked.reason).toBe(`No TXT record found at ${txt.name} yet.`);
    expect(checked.checkedAt).not.toBeNull();
    dns.set(txt.name, { TXT: ['studio-verify=someone-else'] });
    checked = await checkNow(admin, tenant);
    expect(checked.status).toBe('pending');
    expect(checked.reason).toContain("does not hold this studio's value");
    dns.failing.add(txt.name);
    checked = await checkNow(admin, tenant);
    expect(checked.reason).toMatch(/DNS lookup .* failed \(ESERVFAIL\)/);
    dns.failing.delete(txt.name);
    dns.delete(txt.name);
  });

  it('once proven the studio answers on it, Caddy may get its certificate, and emailed links use it', async () => {
    const { tenant, admin, domain } = await studio();
    const view = json<any>(await add(admin, tenant, domain)).customDomain;
    expect(await app.platform.tenants.resolveHost(domain)).toBeNull(); // cached as unknown
    publish(view);
    const checked = await checkNow(admin, tenant);
    expect(checked).toMatchObject({ status: 'verified', reason: null, routingOk: true });
    expect(checked.verifiedAt).not.toBeNull();
    expect((await app.platform.tenants.resolveHost(domain))?.tenantId).toBe(tenant.tenantId);
    expect(await ask(domain)).toBe(200);
    const detail = await app.inject({ url: '/snode/tenant', headers: bearer(admin, domain) });
    expect(json<any>(detail)).toMatchObject({ orgId: tenant.orgId, customDomain: domain });
    // The password reset link is on the studio's own domain.
    const email = tenant.users.student.email;
    const forgot = await app.inject({
      method: 'POST',
      url: '/public/user/forgotPassword',
      headers: { host: tenant.host },
      payload: { email },
      remoteAddress: '10.41.0.1',
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain(`http://${domain}/`);
    expect(mail.text).not.toContain(`${tenant.orgId}.localhost`);
  });

  it('a domain another studio verified is a 409; one both had pending goes to the first to prove it', async () => {
    const a = await studio();
    const b = await studio();
    const domain = `shared-${a.tenant.orgId}.example`;
    const viewA = json<any>(await add(a.admin, a.tenant, domain)).customDomain;
    const viewB = json<any>(await add(b.admin, b.tenant, domain)).customDomain;
    expect(txtOf(viewA).value).not.toBe(txtOf(viewB).value);
    dns.set(txtOf(viewA).name, { TXT: [txtOf(viewA).value, txtOf(viewB).value] });
    expect((await checkNow(a.admin, a.tenant)).status).toBe('verified');
    const late = await checkNow(b.admin, b.tenant);
    expect(late).toMatchObject({ status: 'failed', reason: 'This domain is already verified by another studio.' });
    expect((await app.platform.tenants.resolveHost(domain))?.tenantId).toBe(a.tenant.tenantId);
    const c = await studio();
    const refused = await add(c.admin, c.tenant, domain);
    expect(refused.statusCode).toBe(409);
    expect(json<any>(refused).errors).toMatchObject({ code: 'domain_taken', field: 'domain' });
    dns.delete(txtOf(viewA).name);
  });

  it('the job unverifies a domain whose proof is gone on 3 checks in a row (a failed lookup is no miss)', async () => {
    const { tenant, admin, domain } = await studio();
    const view = json<any>(await add(admin, tenant, domain)).customDomain;
    publish(view);
    expect((await checkNow(admin, tenant)).status).toBe('verified');
    const txt = txtOf(view);
    dns.delete(txt.name);
    const state = async () => json<any>(await call(admin, tenant, 'GET')).customDomain;
    await recheckCustomDomains(app.platform);
    expect(await state()).toMatchObject({ status: 'verified', reason: `No TXT record found at ${txt.name} yet.` });
    dns.set(txt.name, {});
    dns.failing.add(txt.name);
    await recheckCustomDomains(app.platform);
    dns.failing.delete(txt.name);
    dns.delete(txt.name);
    await recheckCustomDomains(app.platform);
    expect((await state()).status).toBe('verified');
    expect(await ask(domain)).toBe(200);
    // The scheduled queue runs the same sweep.
    await app.platform.jobs.send(CUSTOM_DOMAIN_QUEUE, {});
    await app.platform.jobs.drain(CUSTOM_DOMAIN_QUEUE);
    const failed = await state();
    expect(failed.status).toBe('failed');
    expect(failed.reason).toContain('missing on 3 checks in a row');
    expect(await app.platform.tenants.resolveHost(domain)).toBeNull();
    expect(await ask(domain)).toBe(404);
    const [row] = await app.platform.db.select().from(tenants).where(eq(tenants.id, tenant.tenantId));
    expect(row?.customDomain).toBeNull();
    expect((await app.platform.jobs.schedules()).find((s) => s.name === CUSTOM_DOMAIN_QUEUE)?.cron).toBe(
      '*/10 * * * *',
    );
    // Check now proves it again once the record is back.
    publish(view);
    expect((await checkNow(admin, tenant)).status).toBe('verified');
    expect(await ask(domain)).toBe(200);
  });

  it('a domain never proven is failed after its hours; removing a domain stops it at once', async () => {
    const { tenant, admin, domain } = await studio();
    const view = json<any>(await add(admin, tenant, domain)).customDomain;
    await app.platform.db
      .update(customDomains)
      .set({ createdAt: sql`now() - interval '73 hours'` })
      .where(eq(customDomains.tenantId, tenant.tenantId));
    await recheckCustomDomains(app.platform);
    const failed = json<any>(await call(admin, tenant, 'GET')).customDomain;
    expect(failed.status).toBe('failed');
    expect(failed.reason).toContain('No proof was found in 72 hours');
    publish(view);
    expect((await checkNow(admin, tenant)).status).toBe('verified');
    expect(await ask(domain)).toBe(200);
    const removed = await call(admin, tenant, 'DELETE');
    expect(json<any>(removed)).toEqual({ customDomain: null });
    expect(await ask(domain)).toBe(404);
    expect(await app.platform.tenants.resolveHost(domain)).toBeNull();
    expect(json<any>(await call(admin, tenant, 'GET'))).toEqual({ customDomain: null });
    // Another studio may now take it.
    const other = await studio();
    expect((await add(other.admin, other.tenant, domain)).statusCode).toBe(201);
  });
});

describe('GET /internal/tls/ask (Caddy on_demand_tls)', () => {
  it('200 for a studio’s sub-domain and the bare product domain, 404 for unknown names and addresses', async () => {
    const { tenant } = await studio();
    expect(await ask(tenant.host)).toBe(200);
    expect(await ask(`${tenant.host}.`)).toBe(200);
    expect(await ask('atrium.test')).toBe(200);
    expect(await ask('nobody-here.localhost')).toBe(404);
    expect(await ask('unknown.example')).toBe(404);
    expect(await ask('127.0.0.1')).toBe(404);
    expect(await ask('')).toBe(404);
  });
});
