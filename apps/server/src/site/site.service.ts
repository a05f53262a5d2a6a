import { isAppPathSegment, withScheme } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { withTenant } from '../db/client.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { findPageByName, findPublishedPageByUrl, findRedirectedPage } from '../modules/website/website.repo.ts';
import type { Platform } from '../platform.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage } from './render-page.ts';
import { sanitizePageHtml } from './sanitize.ts';
import type { SiteEntry, SitePage } from './site-entry.ts';
import { fillSiteNotices, hasSiteNotices, siteNoticesOf } from './site-notices.ts';
import { fillSiteReviews, hasSiteReviews, siteReviewsOf } from './site-reviews.ts';

export type SiteAnswer =
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; url: string; permanent?: boolean };

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The website page a browser path may name: `/` is home, `/{url}` a page; app routes are not pages. */
export function pageSlug(path: string): string | null {
  if (path === '/' || path === '') return 'home';
  const slug = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!SLUG.test(slug) || isAppPathSegment(slug)) return null;
  return slug;
}

/** A path that belongs to a face of the web app (its client router decides, including its 404). */
function isAppPath(path: string): boolean {
  return isAppPathSegment(path.split('/')[1] ?? '');
}

async function loadEntry(platform: Platform, tenantId: string, slug: string): Promise<SiteEntry | null> {
  return withTenant(platform.db, tenantId, async (tx) => {
    const page =
      slug === 'home'
        ? await findPageByName(tx, tenantId, 'home')
        : ((await findPublishedPageByUrl(tx, tenantId, slug)) ?? (await findPageByName(tx, tenantId, slug)));
    if (!page) {
      // An address the page had before it was renamed: sent on to where it lives now.
      const moved = slug === 'home' ? null : await findRedirectedPage(tx, tenantId, slug);
      if (!moved?.isPublished) return null;
      return { kind: 'moved', url: moved.name === 'home' ? '/' : `/${moved.url}` };
    }
    if (!page.isPublished) return { kind: 'unpublished' };
    // Found by its name (its first address) while it has an address of its own now.
    if (slug !== 'home' && page.url && page.url !== slug && !page.isExternalLink)
      return { kind: 'moved', url: `/${page.url}` };
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

export const NOT_FOUND_PAGE: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: '404 Page Not Found',
  header: '404 Page Not Found',
  subHeader: 'The page you are looking for does not exist.',
  html: '<p><a href="/">Go to Home Page</a></p>',
  css: '',
};

/**
 * A published internal page comes back as complete HTML; an external page redirects; an old address
 * of a renamed page redirects permanently to its address now. A page that exists but is unpublished,
 * and any path neither a page nor the web app answers, is the site's 404 page with status 404. App
 * routes are the web app's.
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
  if (!slug && isAppPath(path)) return null;
  // External Website settings (spec 2 §2): no website sends visitors to the login; an external
  // website takes the place of the home page.
  const { webstate, website } = tenant.settings;
  if (webstate === 'no_website') return { kind: 'redirect', url: '/login' };
  if (webstate === 'ext_website' && website && slug === 'home') return { kind: 'redirect', url: withScheme(website) };
  const entry = slug
    ? await platform.sitePages.get(`${tenant.tenantId}:${slug}`, () => loadEntry(platform, tenant.tenantId, slug))
    : null;
  if (entry?.kind === 'external') return { kind: 'redirect', url: entry.url };
  if (entry?.kind === 'moved') return { kind: 'redirect', url: entry.url, permanent: true };
  const { config } = await platform.tenantConfigs.get(tenant);
  const url = `${requestOrigin(request)}${path}`;
  if (!entry || entry.kind === 'unpublished') {
    return { kind: 'html', status: 404, html: renderSitePage(config, NOT_FOUND_PAGE, { url, path }, assets) };
  }
  // Member reviews and notices (issue 27) are filled per request, after the page cache: consent can change any time.
  // Reviews first: their text is escaped, so no marker can come from it; a notice's HTML goes in last.
  let html = entry.page.html;
  if (hasSiteReviews(html)) html = fillSiteReviews(html, await siteReviewsOf(platform, tenant.tenantId));
  if (hasSiteNotices(html)) html = fillSiteNotices(html, await siteNoticesOf(platform, tenant));
  const page = html === entry.page.html ? entry.page : { ...entry.page, html };
  return { kind: 'html', status: 200, html: renderSitePage(config, page, { url, path }, assets) };
}

/** The web app's entry script and stylesheets, read from its built index.html. */
export function appAssetsFrom(indexHtml: string): AppAssets {
  const entry = indexHtml.match(/<script[^>]*type="module"[^>]*src="([^"]+)"/)?.[1] ?? null;
  const styles = [...indexHtml.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return { entryScript: entry, styles: styles.filter(Boolean) };
}
