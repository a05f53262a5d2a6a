import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import type { Platform } from '../platform.ts';
import { registerAuthPages } from '../site/auth-pages.ts';
import { SITE_BOOT_JS } from '../site/boot.js.ts';
import { registerCalendarPage } from '../site/calendar-page.ts';
import { registerCoursePages } from '../site/course-pages.ts';
import { robotsTxt, sitemapXml } from '../site/crawlers.ts';
import { registerDonatePage } from '../site/donate-page.ts';
import { registerDonationsPage } from '../site/donations-page.ts';
import { registerEventPage } from '../site/event-page.ts';
import { registerEventsPage } from '../site/events-page.ts';
import { faviconPng } from '../site/favicon.ts';
import { registerInvoicePage } from '../site/invoice-page.ts';
import { registerNewStudioPage } from '../site/new-studio-page.ts';
import { registerProductPage } from '../site/product-page.ts';
import { registerRegformPage } from '../site/regform-page.ts';
import { tenantAppShell } from '../site/render-page.ts';
import { registerShopPage } from '../site/shop-page.ts';
import { answerSitePath, appAssetsFrom } from '../site/site.service.ts';

/** First path segments of the API: an unknown path under these is a JSON 404, never the web app. */
const API_SEGMENTS = new Set([
  'api',
  'app',
  'assets',
  'authmgr',
  'cform',
  'edtest',
  'esend',
  'fauth',
  'healthz',
  'item',
  'itemreport',
  'media',
  'metrics',
  'ping',
  'public',
  'readyz',
  'refresh-access-token',
  'rest',
  'snode',
  'stemplate',
  'unlayertemplate',
]);

function isApiPath(url: string): boolean {
  const segment = url.split('?')[0]?.split('/')[1] ?? '';
  return API_SEGMENTS.has(segment);
}

/**
 * Serves the built React app: hashed assets cached for a year, every other browser path gets
 * index.html (the client router decides, including its own 404 page).
 */
export async function registerWebApp(app: FastifyInstance, platform: Platform): Promise<void> {
  const distDir = platform.config.webDistDir;
  const indexPath = join(distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  // The shell of every browser path: read once, served from memory.
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  const assets = appAssetsFrom(indexHtml ?? '');
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      maxAge: '365d',
      immutable: true,
      preCompressed: true,
      index: false,
    });
  }

  /** The web app's index.html for this request, in the studio's title and config; null before a build. */
  const appShell = async (request: FastifyRequest): Promise<string | null> => {
    if (!indexHtml) return null;
    const tenant = request.tenant ? await platform.tenantConfigs.get(request.tenant) : null;
    return tenantAppShell(indexHtml, tenant, request.url);
  };

  app.get('/site/boot.js', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(SITE_BOOT_JS),
  );

  // The courses listing and each course's page, rendered here (issue 25).
  registerCoursePages(app, platform, assets);
  // The shop's /merchandise, rendered here with the cart as an island (issue 30).
  registerShopPage(app, platform, assets);
  // One product's page in the shop, rendered here with the shop's cart island (issue 30).
  registerProductPage(app, platform, assets);
  // The donations page, rendered here (issue 30).
  registerDonationsPage(app, platform, assets);
  // One campaign's give form, rendered here with its island; the provider's return is the app's (issue 30).
  registerDonatePage(app, platform, assets, appShell);
  // The public timetable, rendered here with the class dialog as an island (issue 30).
  registerCalendarPage(app, platform, assets, appShell);
  // The events list, rendered here (issue 30).
  registerEventsPage(app, platform, assets);
  // One event's page, rendered here; a visitor's Register is a form to the login (issue 30).
  registerEventPage(app, platform, assets);
  // The invoice behind an emailed link, rendered here with its island (issue 30).
  registerInvoicePage(app, platform, assets, appShell);
  // A published form to fill, rendered here with one island (issue 30).
  registerRegformPage(app, platform, assets);
  // The studio's /login and /register, rendered here with one small island (issue 30).
  registerAuthPages(app, platform, assets);
  // The platform's sign-up on the bare domain, rendered here with a small island (issue 30).
  registerNewStudioPage(app, platform);

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(requestOrigin(request))),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const tenant = requireTenant(request);
    const { config } = await platform.tenantConfigs.get(tenant);
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(requestOrigin(request), config));
  });

  app.get('/site/favicon.png', { schema: { hide: true } }, async (request, reply) => {
    const png = await faviconPng(platform, requireTenant(request));
    if (!png) return reply.code(404).send({ errors: { message: 'No favicon.', code: 'not_found' } });
    return reply.header('Cache-Control', 'public, max-age=3600').type('image/png').send(png);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && !isApiPath(request.url)) {
      const site = await answerSitePath(platform, request, assets);
      if (site?.kind === 'redirect') return reply.redirect(site.url, site.permanent ? 301 : 302);
      if (site) {
        return reply
          .code(site.status)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(site.html);
      }
      const shell = await appShell(request);
      if (!shell) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell);
    }
    return reply.code(404).send({ errors: { message: 'Not found.', code: 'not_found' } });
  });
}
