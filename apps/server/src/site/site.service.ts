import { RESERVED_PAGE_NAMES, STANDARD_PAGES, withScheme } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { withTenant } from '../db/client.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { findPageByName, findPublishedPageByUrl } from '../modules/website/website.repo.ts';
import type { Platform } from '../platform.ts';
import { type AppAssets, renderSitePage } from './render-page.ts';
import { sanitizePageHtml } from './sanitize.ts';
import type { SiteEntry, SitePage } from './site-entry.ts';

export type SiteAnswer = { kind: 'html'; status: number; html: string } | { kind: 'redirect'; url: string };

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The website page a browser path may name: `/` is home, `/{url}` a page; app routes are not pages. */
export function pageSlug(path: string): string | null {
  if (path === '/' || path === '') return 'home';
  const slug = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!SLUG.test(slug) || slug === 'home') return null;
  if ((STANDARD_PAGES as readonly string[]).includes(slug)) return null;
  if ((RESERVED_PAGE_NAMES as readonly string[]).includes(slug)) return null;
  return slug;
}

async function loadEntry(platform: Platform, tenantId: string, slug: string): Promise<SiteEntry | null> {
  return withTenant(platform.db, tenantId, async (tx) => {
    const page =
      slug === 'home'
        ? await findPageByName(tx, tenantId, 'home')
        : ((await findPublishedPageByUrl(tx, tenantId, slug)) ?? (await findPageByName(tx, tenantId, slug)));
    if (!page) return null;
    if (!page.isPublished) return { kind: 'unpublished' };
    if (page.isExternalLink) return page.externalLink ? { kind: 'external', url: withScheme(page.externalLink) } : null;
    return {
      kind: 'page',
      page: {
        name: page.name,
        title: page.title,
        header: page.header,
        subHeader: page.subHeader,
        html: sanitizePageHtml(page.unhtml),
        css: page.css,
      },
    };
  });
}

const NOT_FOUND_PAGE: SitePage = {
  name: 'not-found',
  title: '404 Page Not Found',
  header: '404 Page Not Found',
  subHeader: 'The page you are looking for does not exist.',
  html: '<p><a href="/">Go to Home Page</a></p>',
  css: '',
};

/**
 * A published internal page comes back as complete HTML; an external page redirects; a page that
 * exists but is unpublished is a 404 page. Anything else (app routes, unknown paths) is the web app's.
 */
export async function answerSitePath(
  platform: Platform,
  request: FastifyRequest,
  assets: AppAssets,
): Promise<SiteAnswer | null> {
  const tenant = request.tenant;
  if (!tenant) return null;
  const path = request.url.split('?')[0] ?? '/';
  const slug = pageSlug(path);
  if (!slug) return null;
  // External Website settings (spec 2 §2): no website sends visitors to the login; an external
  // website takes the place of the home page.
  const { webstate, website } = tenant.settings;
  if (webstate === 'no_website') return { kind: 'redirect', url: '/login' };
  if (webstate === 'ext_website' && website && slug === 'home') return { kind: 'redirect', url: withScheme(website) };
  const entry = await platform.sitePages.get(`${tenant.tenantId}:${slug}`, () =>
    loadEntry(platform, tenant.tenantId, slug),
  );
  if (!entry) return null;
  if (entry.kind === 'external') return { kind: 'redirect', url: entry.url };
  const { config } = await platform.tenantConfigs.get(tenant);
  const url = `${requestOrigin(request)}${path}`;
  if (entry.kind === 'unpublished') {
    return { kind: 'html', status: 404, html: renderSitePage(config, NOT_FOUND_PAGE, { url, path }, assets) };
  }
  return { kind: 'html', status: 200, html: renderSitePage(config, entry.page, { url, path }, assets) };
}

/** The web app's entry script and stylesheets, read from its built index.html. */
export function appAssetsFrom(indexHtml: string): AppAssets {
  const entry = indexHtml.match(/<script[^>]*type="module"[^>]*src="([^"]+)"/)?.[1] ?? null;
  const styles = [...indexHtml.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return { entryScript: entry, styles: styles.filter(Boolean) };
}
