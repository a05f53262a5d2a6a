import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { tenants } from '../db/schema/index.ts';
import { demoPages } from '../seed/demo-pages.ts';
import { pageSlug } from './site.service.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;

const EVIL = `<p onclick="steal()">Hello</p><script>alert('x')</script><a href="javascript:alert(1)">link</a><img src="x.png" onerror="alert(2)"><iframe src="https://evil.example/"></iframe>`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="" /><title></title><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  app = await startTestApp({ webDistDir: dist });
  a = await newTenant(app, {
    settings: { phone: '+1 555 0100', email: 'hi@a.test', seoDescription: 'Yoga in A town', seoKeywords: 'yoga, a' },
    pages: [
      ...demoPages('Studio A'),
      {
        name: 'retreats',
        title: 'Retreats',
        url: 'retreats',
        header: 'Retreats',
        unhtml: EVIL,
        css: 'p{color:red}</style><script>alert(3)</script>',
        sequence: 20,
        isPublished: true,
      },
      { name: 'draft', title: 'Draft', url: 'draft', unhtml: '<p>secret plans</p>', sequence: 21 },
      {
        name: 'blog',
        title: 'Blog',
        url: 'blog',
        isExternalLink: true,
        externalLink: 'blog.example.com/a',
        sequence: 22,
        isPublished: true,
      },
    ],
  });
  b = await newTenant(app, { pages: demoPages('Studio B') });
});

const get = (host: string, url: string) => app.inject({ url, headers: { host } });

describe('server-rendered public pages', () => {
  it('serves the home page as complete HTML with the SEO head, menu, header and footer', async () => {
    const response = await get(a.host, '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(`<title>Studio ${a.orgId}</title>`);
    expect(html).toContain('<meta name="description" content="Yoga in A town">');
    expect(html).toContain('<meta name="keywords" content="yoga, a">');
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:description" content="Yoga in A town">');
    expect(html).toContain('<h1>Welcome to Studio A</h1>');
    expect(html).toMatch(/<nav id="site-menu" class="site-menu" aria-label="Site menu">.*href="\/about".*<\/nav>/s);
    expect(html).toContain('href="tel:+15550100"');
    // the platform's version is for staff, never on a visitor's page (issue 29)
    expect(html).not.toContain('v6.4 December 2022');
    expect(html).toContain('All rights reserved.');
    // the only script: the small boot script, which knows the app's entry for signed-in visitors
    expect(html.match(/<script/g)?.length).toBe(1);
    expect(html).toContain('data-app-entry="/assets/index-abc.js"');
    expect(html).toContain('data-app-styles="/assets/index-abc.css"');
  });

  it('serves a page by its url, with its own title', async () => {
    const html = (await get(a.host, '/about')).body;
    expect(html).toContain('<title>About | ');
    expect(html).toContain('A studio built by its community');
    expect(html).toContain('aria-current="page"');
  });

  it('strips script, event handlers and javascript: URLs from page HTML, and keeps CSS inside its style element', async () => {
    const response = await get(a.host, '/retreats');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<p>Hello</p>');
    expect(html).not.toMatch(/onclick|onerror|javascript:|alert\('x'\)|<iframe src="https:\/\/evil/);
    expect(html).not.toContain('</style><script>');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('redirects an external page, and answers 404 for an unpublished one', async () => {
    const external = await get(a.host, '/blog');
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('http://blog.example.com/a');
    const draft = await get(a.host, '/draft');
    expect(draft.statusCode).toBe(404);
    expect(draft.body).toContain('404 Page Not Found');
    expect(draft.body).toContain('The page you are looking for does not exist.');
    expect(draft.body).toContain('Go to Home Page');
    expect(draft.body).not.toContain('secret plans');
  });

  it("never serves tenant A's page on tenant B's host", async () => {
    const response = await get(b.host, '/retreats');
    expect(response.body).not.toContain('Hello');
    expect(response.body).not.toContain('Studio A');
    expect((await get(b.host, '/')).body).toContain('Welcome to Studio B');
  });

  it('leaves app routes to the web app', async () => {
    for (const path of ['/forgot-password', '/classes', '/dashboard', '/signup/1/2']) {
      const response = await get(a.host, path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("gives the app's pages the studio's title, description and an icon, escaped", async () => {
    const forgot = (await get(a.host, '/forgot-password')).body;
    expect(forgot).toContain(`<title>Studio ${a.orgId}</title>`);
    expect(forgot).toContain('<meta name="description" content="Yoga in A town">');
    expect(forgot).toContain('<link rel="icon" href="data:,">');
    const other = (await get(b.host, '/forgot-password')).body;
    expect(other).toContain(`<title>Studio ${b.orgId}</title>`);
    expect(other).not.toContain('Yoga in A town');
    const admin = (await loginAs(app, b, 'admin')).access_token;
    const saved = await app.inject({
      method: 'PUT',
      url: '/plugin/tenant/',
      headers: bearer(admin, b.host),
      payload: { title: 'B & "Co" <Yoga>' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get(b.host, '/forgot-password')).body).toContain(
      '<title>B &amp; &quot;Co&quot; &lt;Yoga&gt;</title>',
    );
  });

  it('paints the password screen from the HTML alone, with the app hidden behind until it is up', async () => {
    const forgot = (await get(a.host, '/forgot-password')).body;
    expect(forgot).toContain('<div id="app-prepaint"><div class="site-toolbar">');
    expect(forgot).toContain('<div class="site-prepaint"><h1>Forgot Password</h1><p role="status">Loading…</p></div>');
    expect(forgot).toContain('#app-prepaint~#root{display:none}');
    // login and registration are pages of their own now (auth-pages.test.ts)
    expect((await get(a.host, '/login?returnUrl=%2Fclasses')).body).not.toContain('app-prepaint');
    expect((await get(a.host, '/register')).body).toContain('<h1 id="register-title">Register</h1>');
    // every other app screen starts as before
    expect((await get(a.host, '/dashboard')).body).not.toContain('app-prepaint');
  });

  it("carries the tenant's config into the app page as inert JSON: what /ping answers, unable to close its element", async () => {
    const admin = (await loginAs(app, b, 'admin')).access_token;
    const title = '</script><script>alert(1)</script> $& Co';
    const saved = await app.inject({
      method: 'PUT',
      url: '/plugin/tenant/',
      headers: bearer(admin, b.host),
      payload: { title },
    });
    expect(saved.statusCode).toBe(200);
    const html = (await get(b.host, '/dashboard')).body;
    const inline = /<script id="tenant-config" type="application\/json">([^<]*)<\/script><\/head>/.exec(html)?.[1];
    if (!inline) throw new Error('no inline tenant config');
    expect(inline).not.toContain('</');
    const ping = await app.inject({ url: '/ping', headers: { host: b.host } });
    expect(JSON.parse(inline)).toEqual(JSON.parse(ping.body));
    expect(JSON.parse(inline).title).toBe(title);
    // the `$&` is text, not a replacement pattern
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; Co</title>');
    // a host no tenant answers gets the page without one (the app asks /ping and shows its no-tenant screen)
    expect((await get('nobody.localhost', '/login')).body).not.toContain('tenant-config');
  });

  it('shows a page change at once', async () => {
    const admin = (await loginAs(app, a, 'admin')).access_token;
    const list = await app.inject({ url: '/stemplate/webpage', headers: bearer(admin, a.host) });
    const about = (JSON.parse(list.body) as { id: string; name: string }[]).find((p) => p.name === 'about');
    expect((await get(a.host, '/about')).body).toContain('A studio built by its community');
    await app.inject({
      method: 'PUT',
      url: `/stemplate/webpage/${about?.id}`,
      headers: bearer(admin, a.host),
      payload: { header: 'About the team', unhtml: '<p>Fresh words</p>' },
    });
    const html = (await get(a.host, '/about')).body;
    expect(html).toContain('<h1>About the team</h1>');
    expect(html).toContain('Fresh words');
  });

  it('answers robots.txt and a sitemap of the published pages', async () => {
    const robots = await get(a.host, '/robots.txt');
    expect(robots.body).toContain(`Sitemap: http://${a.host}/sitemap.xml`);
    const sitemap = (await get(a.host, '/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>http://${a.host}/</loc>`);
    expect(sitemap).toContain(`<loc>http://${a.host}/about</loc>`);
    expect(sitemap).toContain(`<loc>http://${a.host}/retreats</loc>`);
    expect(sitemap).not.toContain('draft');
    expect(sitemap).not.toContain('blog');
    expect((await get(b.host, '/sitemap.xml')).body).not.toContain('retreats');
  });

  it('serves the uploaded favicon resized to 16x16, linked from the head', async () => {
    const admin = (await loginAs(app, a, 'admin')).access_token;
    const big = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#2f9e44' } })
      .png()
      .toBuffer();
    const upload = await app.inject({
      method: 'POST',
      url: '/media',
      headers: { ...bearer(admin, a.host), 'content-type': 'image/png', 'x-file-name': 'icon.png' },
      payload: big,
    });
    const { url } = JSON.parse(upload.body) as { url: string };
    const [row] = await app.platform.db.select().from(tenants).where(eq(tenants.id, a.tenantId));
    await app.platform.db
      .update(tenants)
      .set({ settings: { ...row?.settings, favIcon: url } })
      .where(eq(tenants.id, a.tenantId));
    app.platform.tenants.clearCache();
    app.platform.tenantConfigs.invalidate(a.tenantId);

    expect((await get(a.host, '/')).body).toContain('<link rel="icon" href="/site/favicon.png" sizes="16x16">');
    const icon = await get(a.host, '/site/favicon.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const meta = await sharp(icon.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([16, 16]);
    expect((await get(b.host, '/site/favicon.png')).statusCode).toBe(404);
  });

  it('serves the boot script', async () => {
    const response = await get(a.host, '/site/boot.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toContain('atrium.loginTrace');
  });
});

describe('page addresses, redirects and the 404 status', () => {
  const pages = async (token: string, host: string) =>
    JSON.parse((await app.inject({ url: '/stemplate/webpage', headers: bearer(token, host) })).body) as {
      id: string;
      name: string;
    }[];
  const put = (token: string, host: string, id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/stemplate/webpage/${id}`, headers: bearer(token, host), payload });

  it('answers a path that is neither a page nor the app with the branded 404 page and status 404', async () => {
    for (const path of ['/nope', '/workshops', '/nope/deeper', '/favicon.ico', '/Some%20Page']) {
      const response = await get(a.host, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('404 Page Not Found');
      expect(response.body).toContain(`Studio ${a.orgId}`);
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toContain('rel="canonical"');
      expect(response.body).not.toContain('<div id="root"></div>');
    }
    // Admin, student and public app areas stay the app's, whoever asks.
    for (const path of ['/products', '/store/new', '/settings/plan', '/checkout', '/oauth/stripe', '/profile']) {
      const response = await get(a.host, path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('a new page takes its address from its first title; the old address then redirects (301)', async () => {
    const admin = (await loginAs(app, a, 'admin')).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/stemplate/webpage/4821',
      headers: bearer(admin, a.host),
      payload: { unhtml: '<p>Weekend workshops</p>', isPublished: true },
    });
    expect(created.statusCode).toBe(201);
    const page = JSON.parse(created.body) as { id: string; url: string };
    expect(page.url).toBe('4821');
    expect((await get(a.host, '/4821')).body).toContain('Weekend workshops');

    const renamed = await put(admin, a.host, page.id, { title: 'Workshops & Retreats' });
    expect(JSON.parse(renamed.body).url).toBe('workshops-retreats');
    expect((await get(a.host, '/workshops-retreats')).body).toContain('Weekend workshops');
    const old = await get(a.host, '/4821');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/workshops-retreats');

    // A second title change keeps the address: it was chosen already.
    expect(JSON.parse((await put(admin, a.host, page.id, { title: 'Workshops' })).body).url).toBe('workshops-retreats');

    // The admin sets the address; both old addresses lead to the new one.
    const moved = await put(admin, a.host, page.id, { url: '/Workshops/' });
    expect(moved.statusCode).toBe(200);
    expect(JSON.parse(moved.body).url).toBe('workshops');
    for (const path of ['/4821', '/workshops-retreats']) {
      const response = await get(a.host, path);
      expect(response.statusCode, path).toBe(301);
      expect(response.headers.location).toBe('/workshops');
    }
    // Another tenant's visitors meet none of it.
    expect((await get(b.host, '/4821')).statusCode).toBe(404);
    expect((await get(b.host, '/workshops')).statusCode).toBe(404);

    // Taking back an old address makes it a page again, not a redirect.
    await put(admin, a.host, page.id, { url: 'workshops-retreats' });
    const back = await get(a.host, '/workshops-retreats');
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Weekend workshops');
    expect((await get(a.host, '/workshops')).headers.location).toBe('/workshops-retreats');

    // Deleting the page removes its old addresses: they answer 404.
    await app.inject({ method: 'DELETE', url: `/stemplate/webpage/${page.id}`, headers: bearer(admin, a.host) });
    for (const path of ['/4821', '/workshops', '/workshops-retreats']) {
      expect((await get(a.host, path)).statusCode, path).toBe(404);
    }
  });

  it('refuses a malformed, reserved or taken address with a 400 or 409 naming url; fixed pages keep theirs', async () => {
    const admin = (await loginAs(app, a, 'admin')).access_token;
    const list = await pages(admin, a.host);
    const about = list.find((page) => page.name === 'about');
    const home = list.find((page) => page.name === 'home');
    if (!about || !home) throw new Error('demo pages missing');
    const cases: [string, number, RegExp][] = [
      ['', 400, /Page address is required/],
      ['two words', 400, /lower-case letters/],
      ['login', 400, /used by the site/],
      ['contacts', 400, /used by the site/],
      ['merchandise', 400, /used by the site/],
      ['retreats', 409, /The Retreats page already has the address \/retreats/],
    ];
    for (const [url, status, message] of cases) {
      const response = await put(admin, a.host, about.id, { url });
      expect(response.statusCode, url).toBe(status);
      const body = JSON.parse(response.body) as { errors: { field?: string; message: string } };
      expect(body.errors.field).toBe('url');
      expect(body.errors.message).toMatch(message);
    }
    expect((await get(a.host, '/about')).statusCode).toBe(200);
    const homeMove = await put(admin, a.host, home.id, { url: 'start' });
    expect(homeMove.statusCode).toBe(400);
    expect(JSON.parse(homeMove.body).errors.field).toBe('url');
    // The front desk cannot change pages at all; another tenant's page is a 404.
    const desk = (await loginAs(app, a, 'frontdesk')).access_token;
    expect((await put(desk, a.host, about.id, { url: 'about-us' })).statusCode).toBe(403);
    const other = (await loginAs(app, b, 'admin')).access_token;
    expect((await put(other, b.host, about.id, { url: 'about-us' })).statusCode).toBe(404);
  });
});

describe('pageSlug', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/About/', 'about'],
    ['/calendar', null],
    ['/login', null],
    ['/a/b', null],
    ['/home', null],
    ['/products', null],
    ['/workshops', 'workshops'],
  ])('%s -> %s', (path, slug) => {
    expect(pageSlug(path)).toBe(slug);
  });
});
