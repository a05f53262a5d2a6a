import { and, desc, eq, ne } from 'drizzle-orm';
import { withTenant } from '../db/client.ts';
import { contacts, reviews } from '../db/schema/index.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import type { Platform } from '../platform.ts';
import { escapeHtml as e } from './sanitize.ts';

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

const CONTAINER = /<([a-z][a-z0-9]*)\b[^>]*\sdata-site-reviews(?:="(\d*)")?(?=[\s/>])[^>]*>/i;
const SECTION = /<([a-z][a-z0-9]*)\b[^>]*\sdata-site-reviews-section(?:="[^"]*")?(?=[\s/>])[^>]*>/i;

/** Whether page HTML holds a reviews container (so the reviews are read only for such pages). */
export function hasSiteReviews(html: string): boolean {
  return /\sdata-site-reviews(?:="\d*")?[\s/>]/i.test(html);
}

/**
 * Where the element whose opening tag ends at `from` closes: the end index of its matching close tag.
 * The HTML is sanitize-html's output (well formed, no comments, `<` in text escaped), so counting the
 * same tag's opening and closing tags finds it.
 */
function closeOf(html: string, tag: string, from: number): { start: number; end: number } | null {
  const tokens = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tokens.lastIndex = from;
  let depth = 1;
  for (let m = tokens.exec(html); m; m = tokens.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return { start: m.index, end: m.index + m[0].length };
  }
  return null;
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
  const opening = html.match(CONTAINER);
  if (!opening || opening.index === undefined) return html;
  const tag = (opening[1] ?? 'div').toLowerCase();
  const wanted = Number(opening[2] ?? '') || SITE_REVIEWS_MAX;
  const innerStart = opening.index + opening[0].length;
  const close = opening[0].endsWith('/>') ? null : closeOf(html, tag, innerStart);
  if (!close) return html;
  const shown = list.slice(0, Math.max(1, Math.min(SITE_REVIEWS_MAX, wanted)));
  if (shown.length === 0) {
    const section = html.match(SECTION);
    if (section && section.index !== undefined && section.index < opening.index) {
      const sectionTag = (section[1] ?? 'section').toLowerCase();
      const sectionClose = closeOf(html, sectionTag, section.index + section[0].length);
      if (sectionClose && sectionClose.end >= close.end) {
        return html.slice(0, section.index) + html.slice(sectionClose.end);
      }
    }
    return html.slice(0, innerStart) + html.slice(close.start);
  }
  return html.slice(0, innerStart) + shown.map(reviewQuote).join('') + html.slice(close.start);
}
