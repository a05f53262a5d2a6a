import { dateInZone, knownTimeZone } from '@atrium/contracts';
import { withTenant } from '../db/client.ts';
import type { TenantContext } from '../lib/tenant-context.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { findNotices } from '../modules/notices/notices.repo.ts';
import type { Platform } from '../platform.ts';
import { sanitizePageHtml } from './sanitize.ts';
import { fillMarked, hasMarked } from './site-fill.ts';

/**
 * Notices on the public site (issue 27, docs/decisions/engagement.md): the website builder's "Notices"
 * section (`data-site-notices-section`, container `data-site-notices="3"`) is filled per request, after
 * the page cache, with the studio's newest active notices of type notice whose last day has not passed
 * in the studio's zone (quotes stay on the members' board). With none the section is left out.
 */
export const SITE_NOTICES_MAX = 5;
const TTL_MS = 30_000;

const caches = new WeakMap<Platform, TtlCache<string[]>>();
const cacheOf = (platform: Platform) => {
  let cache = caches.get(platform);
  if (!cache) {
    cache = new TtlCache<string[]>(TTL_MS, 5_000);
    caches.set(platform, cache);
  }
  return cache;
};

/** Staff wrote, changed or deleted a notice: the studio's site shows it at the next request. */
export function dropSiteNotices(platform: Platform, tenantId: string): void {
  caches.get(platform)?.drop({ prefix: `${tenantId}:` });
}

export function hasSiteNotices(html: string): boolean {
  return hasMarked(html, 'notices');
}

/** The messages (sanitised when stored, and again here) of the notices shown today, newest first. */
export function siteNoticesOf(platform: Platform, tenant: TenantContext): Promise<string[]> {
  const today = dateInZone(platform.clock.now(), knownTimeZone(tenant.settings.timezone));
  return cacheOf(platform).get(`${tenant.tenantId}:${today}`, async () => {
    const rows = await withTenant(platform.db, tenant.tenantId, (tx) =>
      findNotices(tx, tenant.tenantId, { shownOn: today }),
    );
    return rows
      .filter((row) => row.type === 'notice')
      .slice(0, SITE_NOTICES_MAX)
      .map((row) => sanitizePageHtml(row.message));
  });
}

export const noticeItem = (message: string) => `<article class="sb-notice">${message}</article>`;

export function fillSiteNotices(html: string, messages: string[]): string {
  return fillMarked(html, 'notices', messages.map(noticeItem), SITE_NOTICES_MAX);
}
