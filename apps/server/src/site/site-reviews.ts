import { and, desc, eq, ne } from 'drizzle-orm';
import { withTenant } from '../db/client.ts';
import { contacts, reviews } from '../db/schema/index.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import type { Platform } from '../platform.ts';
import { escapeHtml as e } from './sanitize.ts';
import { fillMarked, hasMarked } from './site-fill.ts';

/**
 * Member reviews on the public site (issue 27, docs/decisions/reviews.md). The website builder's
 * "Member reviews" section emits a section marked `data-site-reviews-section` around a quotes
 * container marked `data-site-reviews="N"` (N = how many, at most 6). Pages are cached sanitised
 * (platform.sitePages); on each request the container's contents are replaced with the studio's
 * newest reviews whose member agreed (`is_shown_on_website`). With none, the marked section is left
 * out (or, when the section marker was removed in the designer, the container is emptied).
 */
export const SITE_REVIEWS_MAX = 6;
const TTL_MS = 30_000;

export interface SiteReview {
  stars: number;
  text: string;
  /** The member's first name and last initial ("Priya S."). */
  author: string;
}

const caches = new WeakMap<Platform, TtlCache<SiteReview[]>>();
const cacheOf = (platform: Platform) => {
  let cache = caches.get(platform);
  if (!cache) {
    cache = new TtlCache<SiteReview[]>(TTL_MS, 5_000);
    caches.set(platform, cache);
  }
  return cache;
};

/** A member changed a review or their consent: the studio's site shows it at the next request. */
export function dropSiteReviews(platform: Platform, tenantId: string): void {
  caches.get(platform)?.drop({ key: tenantId });
}

export function authorName(name: string, lastName: string): string {
  const first = name.trim();
  const initial = [...lastName.trim()][0]?.toUpperCase();
  if (!first) return initial ? `${initial}.` : 'A member';
  return initial ? `${first} ${initial}.` : first;
}

async function loadSiteReviews(platform: Platform, tenantId: string): Promise<SiteReview[]> {
  const rows = await withTenant(platform.db, tenantId, (tx) =>
    tx
      .select({ stars: reviews.stars, text: reviews.reviewText, name: contacts.name, lastName: contacts.lastName })
      .from(reviews)
      .innerJoin(contacts, and(eq(contacts.tenantId, reviews.tenantId), eq(contacts.id, reviews.contactId)))
      .where(and(eq(reviews.tenantId, tenantId), eq(reviews.isShownOnWebsite, true), ne(reviews.reviewText, '')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(SITE_REVIEWS_MAX),
  );
  return rows.map((row) => ({ stars: row.stars, text: row.text.trim(), author: authorName(row.name, row.lastName) }));
}

export function siteReviewsOf(platform: Platform, tenantId: string): Promise<SiteReview[]> {
  return cacheOf(platform).get(tenantId, () => loadSiteReviews(platform, tenantId));
}

/** Whether page HTML holds a reviews container (so the reviews are read only for such pages). */
export function hasSiteReviews(html: string): boolean {
  return hasMarked(html, 'reviews');
}

const stars = (n: number) => {
  const count = Math.max(1, Math.min(5, Math.round(n)));
  return `<p class="sb-stars" role="img" aria-label="${count} out of 5 stars">${'★'.repeat(count)}${'☆'.repeat(5 - count)}</p>`;
};

export function reviewQuote(review: SiteReview): string {
  return `<figure class="sb-quote">${stars(review.stars)}<blockquote>“${e(review.text)}”</blockquote><figcaption>${e(review.author)}</figcaption></figure>`;
}

/** Page HTML with its reviews container filled (see the module comment); other HTML comes back as it was. */
export function fillSiteReviews(html: string, list: SiteReview[]): string {
  return fillMarked(html, 'reviews', list.map(reviewQuote), SITE_REVIEWS_MAX);
}
