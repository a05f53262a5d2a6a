import type { ReviewSort } from '@atrium/contracts';
import { and, asc, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, reviews } from '../../db/schema/index.ts';
import { escapeLike } from '../contacts/contact-list.repo.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export interface ReviewWithContact extends ReviewRow {
  contactName: string;
  contactLastName: string;
  contactEmail: string;
}

export interface ReviewFilter {
  search?: string;
  stars?: number;
  replied?: 'yes' | 'no';
  google?: 'yes' | 'no';
  sort: ReviewSort;
}

const ORDER: Record<ReviewSort, SQL[]> = {
  '-date': [desc(reviews.createdAt), desc(reviews.id)],
  date: [asc(reviews.createdAt), asc(reviews.id)],
  '-stars': [desc(reviews.stars), desc(reviews.createdAt), desc(reviews.id)],
  stars: [asc(reviews.stars), desc(reviews.createdAt), desc(reviews.id)],
};

const withContact = {
  review: reviews,
  contactName: contacts.name,
  contactLastName: contacts.lastName,
  contactEmail: contacts.email,
};

const flatten = (row: { review: ReviewRow; contactName: string; contactLastName: string; contactEmail: string }) => ({
  ...row.review,
  contactName: row.contactName,
  contactLastName: row.contactLastName,
  contactEmail: row.contactEmail,
});

function reviewWhere(tenantId: string, filter: ReviewFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    eq(reviews.tenantId, tenantId),
    pattern
      ? or(
          sql`${reviews.reviewText} ilike ${pattern}`,
          sql`(${contacts.name} || ' ' || ${contacts.lastName}) ilike ${pattern}`,
          sql`${contacts.email} ilike ${pattern}`,
        )
      : undefined,
    filter.stars ? eq(reviews.stars, filter.stars) : undefined,
    filter.replied === 'yes' ? ne(reviews.reply, '') : filter.replied === 'no' ? eq(reviews.reply, '') : undefined,
    filter.google ? eq(reviews.isReviewedOnGoogle, filter.google === 'yes') : undefined,
  );
}

/** A page of the studio's reviews with their members, and how many match. */
export async function findReviews(
  tx: Tx,
  tenantId: string,
  filter: ReviewFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ReviewWithContact[]; total: number }> {
  const where = reviewWhere(tenantId, filter);
  const join = and(eq(contacts.tenantId, reviews.tenantId), eq(contacts.id, reviews.contactId));
  const rows = await tx
    .select(withContact)
    .from(reviews)
    .innerJoin(contacts, join)
    .where(where)
    .orderBy(...ORDER[filter.sort])
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(contacts, join)
    .where(where);
  return { rows: rows.map(flatten), total: count?.total ?? 0 };
}

/** Count, average, count per star (1..5) and how many went to Google, over every review of the studio. */
export async function reviewSummary(tx: Tx, tenantId: string) {
  const rows = await tx
    .select({
      stars: reviews.stars,
      count: sql<number>`count(*)::int`,
      onGoogle: sql<number>`count(*) filter (where ${reviews.isReviewedOnGoogle})::int`,
    })
    .from(reviews)
    .where(eq(reviews.tenantId, tenantId))
    .groupBy(reviews.stars);
  const byStars = [1, 2, 3, 4, 5].map((star) => rows.find((row) => row.stars === star)?.count ?? 0);
  const count = byStars.reduce((sum, n) => sum + n, 0);
  const total = byStars.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return {
    count,
    average: count ? Math.round((total / count) * 10) / 10 : null,
    byStars,
    onGoogle: rows.reduce((sum, row) => sum + row.onGoogle, 0),
  };
}

export async function findReview(
  tx: Tx,
  tenantId: string,
  by: { id: string } | { contactId: string },
): Promise<ReviewWithContact | null> {
  const [row] = await tx
    .select(withContact)
    .from(reviews)
    .innerJoin(contacts, and(eq(contacts.tenantId, reviews.tenantId), eq(contacts.id, reviews.contactId)))
    .where(
      and(eq(reviews.tenantId, tenantId), 'id' in by ? eq(reviews.id, by.id) : eq(reviews.contactId, by.contactId)),
    )
    .limit(1);
  return row ? flatten(row) : null;
}

export type ReviewChanges = Partial<
  Pick<
    ReviewRow,
    'stars' | 'reviewText' | 'isReviewedOnGoogle' | 'isShownOnWebsite' | 'reply' | 'repliedAt' | 'repliedByName'
  >
>;

/**
 * The member's review made or changed: one row per member, so a second star click (another tab, a
 * double click) changes the same review rather than adding one.
 */
export async function upsertReview(
  tx: Tx,
  tenantId: string,
  contactId: string,
  values: { stars: number } & ReviewChanges,
): Promise<{ id: string; created: boolean }> {
  const [row] = await tx
    .insert(reviews)
    .values({ tenantId, contactId, ...values })
    .onConflictDoUpdate({
      target: [reviews.tenantId, reviews.contactId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('review could not be written');
  return row;
}

export async function updateReview(tx: Tx, tenantId: string, id: string, changes: ReviewChanges): Promise<boolean> {
  const rows = await tx
    .update(reviews)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.id, id)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}
