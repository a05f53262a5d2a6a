import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readableTextOn } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { expectEachRefused } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';
import { demoPages } from '../../seed/demo-pages.ts';

let app: App;
let studio: TestTenant;
let other: TestTenant;
let admin: string;
let staff: string;
let otherAdmin: string;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  app = await startTestApp({ webDistDir: dist });
  studio = await newTenant(app, { pages: demoPages('Studio') });
  other = await newTenant(app, { pages: demoPages('Other') });
  admin = (await loginAs(app, studio, 'admin')).access_token;
  staff = (await loginAs(app, studio, 'staff')).access_token;
  otherAdmin = (await loginAs(app, other, 'admin')).access_token;
});

const call = (token: string, tenant: TestTenant, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const visit = (tenant: TestTenant, url = '/') => app.inject({ url, headers: { host: tenant.host } });

describe('GET /plugin/tenant', () => {
  it('answers the website and SEO settings to staff, by host or by its own id, and 404 for another id', async () => {
    const response = await call(staff, studio, 'GET', '/plugin/tenant');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ webstate: 'int_website', isShowFooter: true, apiKeyHint: null });
    expect((await call(staff, studio, 'GET', `/plugin/tenant/${studio.tenantId}`)).statusCode).toBe(200);
    expect((await call(staff, studio, 'GET', `/plugin/tenant/${studio.orgId}`)).statusCode).toBe(200);
    expect((await call(staff, studio, 'GET', `/plugin/tenant/${other.tenantId}`)).statusCode).toBe(404);
    const student = (await loginAs(app, studio, 'student')).access_token;
    expect((await call(student, studio, 'GET', '/plugin/tenant')).statusCode).toBe(403);
  });
});

describe('PUT /plugin/tenant/', () => {
  it('is for admins only, refused before the body is read', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(app, studio, role)).access_token;
      expect((await call(token, studio, 'PUT', '/plugin/tenant/', { title: 7 })).statusCode).toBe(403);
    }
  });

  it('names the bad field, with the SEO limit of 255, and writes nothing', async () => {
    const cases: [object, string, string?][] = [
      [{ seoKeywords: 'k'.repeat(256) }, 'seoKeywords', 'Keywords cannot exceed 255 characters'],
      [{ seoDescription: 'd'.repeat(256) }, 'seoDescription', 'Description cannot exceed 255 characters'],
      [{ logoHeight: 'tall' }, 'logoHeight', 'Logo height must be a number'],
      [{ logoWidth: 0 }, 'logoWidth'],
      [{ headerColor: 'red' }, 'headerColor', 'Header colour must be a colour like #1a2b3c'],
      [{ facebook: 'not a url' }, 'facebook'],
      [{ logo: 'javascript:alert(1)' }, 'logo'],
      [{ page1: 'Shop' }, 'page1', "Link 1 must read 'title::address'"],
      [{ webstate: 'elsewhere' }, 'webstate'],
      [{ webstate: 'ext_website', website: '' }, 'website'],
      [{ apiKeyHash: 'x' }, 'apiKeyHash'],
      [{}, 'body'],
    ];
    await expectEachRefused(cases, (payload) => call(admin, studio, 'PUT', '/plugin/tenant/', payload));
    const after = json<any>(await call(admin, studio, 'GET', '/plugin/tenant'));
    expect(after).toMatchObject({ seoKeywords: '', headerColor: null, webstate: 'int_website' });
  });

  it('what it saves shows on the public site at once', async () => {
    const saved = await call(admin, studio, 'PUT', '/plugin/tenant/', {
      title: 'Lotus Yoga',
      seoDescription: 'Slow yoga by the lake',
      seoKeywords: 'yoga, lake',
      headerColor: '#102a43',
      themeColor: '#ffd43b',
      logo: 'https://cdn.example.com/logo.png',
      logoHeight: 75,
      favIcon: 'https://cdn.example.com/icon.png',
      instagram: 'instagram.com/lotus',
      footerInfo: 'By the lake since 2001.',
      privacyPolicyLink: 'https://lotus.example.com/privacy',
      tosLink: 'https://lotus.example.com/terms',
      page1: 'Shop::shop.example.com',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ title: 'Lotus Yoga', tosLink: 'https://lotus.example.com/terms' });

    const page = await visit(studio);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<title>Lotus Yoga</title>');
    expect(html).toContain('<meta name="description" content="Slow yoga by the lake">');
    expect(html).toContain('<meta name="keywords" content="yoga, lake">');
    expect(html).toContain('<img src="https://cdn.example.com/logo.png" alt="Studio ');
    expect(html).toContain('height="75"');
    expect(html).toContain('<link rel="icon" href="https://cdn.example.com/icon.png"');
    expect(html).toContain('.site-header{background:#102a43}');
    expect(html).toContain('.site-toolbar{background:#ffd43b;color:#212529}');
    // the designer's sections read the theme colour as the site's accent, with its readable text
    expect(html).toContain(
      ':root{--site-accent:#ffd43b;--site-accent-text:#212529;--site-accent-tint:#fffbeb;--site-accent-ink:#8f7000}',
    );
    expect(html).toContain('//instagram.com/lotus"');
    expect(html).toContain('By the lake since 2001.');
    expect(html).toContain('https://lotus.example.com/privacy');
    expect(html).toContain('https://lotus.example.com/terms');
    expect(html).toContain('http://shop.example.com');

    // footer off
    await call(admin, studio, 'PUT', '/plugin/tenant/', { isShowFooter: false });
    expect((await visit(studio)).body).not.toContain('site-footer"');
    // the other tenant's site is untouched
    expect((await visit(other)).body).not.toContain('Lotus Yoga');
  });

  it('External Website: an external site replaces the home page; no website sends visitors to the login', async () => {
    const ext = await call(admin, studio, 'PUT', '/plugin/tenant/', {
      webstate: 'ext_website',
      website: 'www.lotus.example.com',
    });
    expect(ext.statusCode).toBe(200);
    const home = await visit(studio);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('http://www.lotus.example.com');
    expect((await visit(studio, '/about')).statusCode).toBe(200);

    await call(admin, studio, 'PUT', '/plugin/tenant/', { webstate: 'no_website' });
    const none = await visit(studio, '/about');
    expect(none.statusCode).toBe(302);
    expect(none.headers.location).toBe('/login');

    await call(admin, studio, 'PUT', '/plugin/tenant/', { webstate: 'int_website' });
    expect((await visit(studio)).statusCode).toBe(200);
  });

  it("another tenant's admin token does not write here", async () => {
    expect((await call(otherAdmin, studio, 'PUT', '/plugin/tenant/', { title: 'Hijack' })).statusCode).toBe(401);
  });
});

describe('POST /plugin/tenant/apikey', () => {
  it('answers a new key once; afterwards only its last four characters are readable', async () => {
    const first = await call(admin, studio, 'POST', '/plugin/tenant/apikey');
    expect(first.statusCode).toBe(200);
    const { apiKey, apiKeyHint } = json<{ apiKey: string; apiKeyHint: string }>(first);
    expect(apiKey).toMatch(/^atr_[A-Za-z0-9_-]{32}$/);
    expect(apiKeyHint).toBe(apiKey.slice(-4));
    const read = await call(admin, studio, 'GET', '/plugin/tenant');
    expect(read.body).not.toContain(apiKey);
    expect(json<any>(read).apiKeyHint).toBe(apiKeyHint);
    const second = json<{ apiKey: string }>(await call(admin, studio, 'POST', '/plugin/tenant/apikey'));
    expect(second.apiKey).not.toBe(apiKey);
    expect((await call(staff, studio, 'POST', '/plugin/tenant/apikey')).statusCode).toBe(403);
    // the ping and the account detail never carry it
    const ping = await visit(studio, '/ping');
    expect(ping.body).not.toContain(second.apiKey);
  });
});

describe('GET /plugin/app/version', () => {
  it('answers the platform version', async () => {
    const response = await app.inject({ url: '/plugin/app/version', headers: { host: studio.host } });
    expect(json(response)).toEqual({ version: expect.any(String) });
  });
});

describe('readableTextOn', () => {
  it('picks dark text on light colours and white on dark ones', () => {
    expect(readableTextOn('#ffffff')).toBe('#212529');
    expect(readableTextOn('#ffd43b')).toBe('#212529');
    expect(readableTextOn('#102a43')).toBe('#ffffff');
    expect(readableTextOn('#364fc7')).toBe('#ffffff');
  });
});
