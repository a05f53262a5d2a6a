import {
  googleReviewLinkFor,
  REVIEW_MESSAGES,
  type Review,
  type ReviewCreate,
  type ReviewLink,
  type ReviewLinkWrite,
  type ReviewList,
  type ReviewListQuery,
  type ReviewResult,
  type ReviewStatus,
  type ReviewUpdate,
} from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { dropSiteReviews } from '../../site/site-reviews.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import * as repo from './reviews.repo.ts';

export function toReview(row: repo.ReviewWithContact): Review {
  return {
    _id: row.id,
    contactId: row.contactId,
    contactName: [row.contactName, row.contactLastName].filter(Boolean).join(' '),
    contactEmail: row.contactEmail,
    stars: row.stars,
    reviewText: row.reviewText,
    isReviewedOnGoogle: row.isReviewedOnGoogle,
    isShownOnWebsite: row.isShownOnWebsite,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    repliedByName: row.repliedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The studio's link, and whether the platform generated it from the studio's Google Place ID. */
export function reviewLinkOf(tenant: TenantContext): ReviewLink {
  const { googleReviewLink, googlePlaceId } = tenant.settings;
  const link = googleReviewLink?.trim() || null;
  const generated = Boolean(link && googlePlaceId && link === googleReviewLinkFor(googlePlaceId));
  return { googleReviewLink: link, isGoogleLinkGenerated: generated, placeId: generated ? googlePlaceId : null };
}

/** Only a member signed in as themselves reviews: not staff, not a student preview, not an admin acting as them. */
function memberOf(auth: AccessClaims): string {
  if (auth.role !== 'student' || auth.preview || auth.act) throw forbidden(REVIEW_MESSAGES.notMember);
  return auth.sub;
}

/** GET /providerservice/review/mstatus: whether I reviewed, and whether the studio has a Google link. */
export async function reviewStatus(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
): Promise<ReviewStatus> {
  const link = reviewLinkOf(tenant);
  const mine =
    auth.role === 'student'
      ? await readTenant(platform.db, tenant.tenantId, (tx) =>
          repo.findReview(tx, tenant.tenantId, { contactId: auth.sub }),
        )
      : null;
  return {
    status: mine ? 'REVIEWED' : 'NOT_REVIEWED',
    isGoogleReviewLinkPresent: link.googleReviewLink !== null,
    googleReviewLink: link.googleReviewLink,
    isGoogleLinkGenerated: link.isGoogleLinkGenerated,
    review: mine ? toReview(mine) : null,
  };
}

/** POST /providerservice/review: a star click (spec 3 §4 "A star click posts a review"); a second one changes it. */
export async function postReview(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  input: z.output<typeof ReviewCreate>,
): Promise<{ result: ReviewResult; created: boolean }> {
  const contactId = memberOf(auth);
  const link = reviewLinkOf(tenant);
  const answer = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const { id, created } = await repo.upsertReview(tx, tenant.tenantId, contactId, {
      stars: input.stars,
      ...(input.reviewText !== undefined ? { reviewText: input.reviewText } : {}),
      ...(input.isReviewedOnGoogle !== undefined ? { isReviewedOnGoogle: input.isReviewedOnGoogle } : {}),
      ...(input.isShownOnWebsite !== undefined ? { isShownOnWebsite: input.isShownOnWebsite } : {}),
    });
    const row = await repo.findReview(tx, tenant.tenantId, { id });
    if (!row) throw notFound('Review');
    return {
      created,
      result: {
        reviewResult: {
          _id: id,
          googleReviewLink: link.googleReviewLink,
          isGoogleLinkGenerated: link.isGoogleLinkGenerated,
        },
        review: toReview(row),
      },
    };
  });
  dropSiteReviews(platform, tenant.tenantId);
  return answer;
}

/** PUT /providerservice/review/{id}: the member changes their own review (another's is a 404). */
export async function changeReview(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  input: z.output<typeof ReviewUpdate>,
): Promise<Review> {
  const contactId = memberOf(auth);
  const review = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const current = await repo.findReview(tx, tenant.tenantId, { id });
    if (!current || current.contactId !== contactId) throw notFound('Review');
    await repo.updateReview(tx, tenant.tenantId, id, {
      ...(input.stars !== undefined ? { stars: input.stars } : {}),
      ...(input.reviewText !== undefined ? { reviewText: input.reviewText } : {}),
      ...(input.isReviewedOnGoogle !== undefined ? { isReviewedOnGoogle: input.isReviewedOnGoogle } : {}),
      ...(input.isShownOnWebsite !== undefined ? { isShownOnWebsite: input.isShownOnWebsite } : {}),
    });
    const row = await repo.findReview(tx, tenant.tenantId, { id });
    if (!row) throw notFound('Review');
    return toReview(row);
  });
  dropSiteReviews(platform, tenant.tenantId);
  return review;
}

/** GET /providerservice/review: staff read every review, filtered and paged, with the studio's summary. */
export function listReviews(
  platform: Platform,
  tenant: TenantContext,
  query: z.output<typeof ReviewListQuery>,
): Promise<ReviewList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const { rows, total } = await repo.findReviews(
      tx,
      tenant.tenantId,
      {
        search: query.search || undefined,
        stars: query.stars,
        replied: query.replied,
        google: query.google,
        sort: query.sort,
      },
      { offset: (query.page - 1) * query.size, limit: query.size },
    );
    return { items: rows.map(toReview), total, summary: await repo.reviewSummary(tx, tenant.tenantId) };
  });
}

/**
 * PUT /providerservice/review/{id}/reply: a staff answer, kept on the review (shown to the member) and
 * emailed to them from the studio. Answering again replaces the answer and mails the new one.
 */
export async function replyToReview(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  reply: string,
): Promise<Review> {
  const origin = tenantOrigin(platform.config, tenant);
  const answered = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const current = await repo.findReview(tx, tenant.tenantId, { id });
    if (!current) throw notFound('Review');
    const [staff] = await tx
      .select({ name: contacts.name, lastName: contacts.lastName })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.id, auth.sub)));
    const repliedByName = [staff?.name, staff?.lastName].filter(Boolean).join(' ');
    await repo.updateReview(tx, tenant.tenantId, id, { reply, repliedAt: new Date(), repliedByName });
    await enqueueEmail(tx, tenant.tenantId, {
      to: current.contactEmail,
      subject: `${tenant.name} replied to your review`,
      text: [
        `Hello ${current.contactName || 'there'},`,
        '',
        `${repliedByName || tenant.name} replied to your review of ${tenant.name}:`,
        '',
        reply,
        '',
        `Your review (${current.stars} of 5): ${current.reviewText || '(stars only)'}`,
        '',
        `${origin}/`,
        tenant.name,
      ].join('\n'),
    });
    const row = await repo.findReview(tx, tenant.tenantId, { id });
    if (!row) throw notFound('Review');
    return toReview(row);
  });
  // the answer's email goes now, not at the outbox's next sweep
  await platform.outbox.kick();
  return answered;
}

/** PUT /providerservice/review/link: generate the link from a Place ID, paste one, or clear it (null). */
export async function saveReviewLink(
  platform: Platform,
  tenant: TenantContext,
  input: ReviewLinkWrite,
): Promise<ReviewLink> {
  const patch =
    'placeId' in input
      ? { googlePlaceId: input.placeId.trim(), googleReviewLink: googleReviewLinkFor(input.placeId.trim()) }
      : { googlePlaceId: null, googleReviewLink: input.googleReviewLink?.trim() || null };
  const updated = await saveTenantSettings(platform, tenant, patch);
  return reviewLinkOf(updated);
}
