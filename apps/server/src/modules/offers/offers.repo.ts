import { and, asc, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { itemCategories, items, offers } from '../../db/schema/index.ts';
import { escapeLike } from '../contacts/contact-list.repo.ts';

export type OfferRow = typeof offers.$inferSelect;
export type OfferValues = Omit<typeof offers.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'usedCount'>;
type Status = OfferRow['status'];

/** An offer with the names of what it points at, for the admin screen. */
export interface OfferWithNames {
  row: OfferRow;
  targetName: string | null;
  primaryName: string | null;
  secondaryName: string | null;
}

const targetCategory = alias(itemCategories, 'target_category');
const primaryCategory = alias(itemCategories, 'primary_category');
const secondaryCategory = alias(itemCategories, 'secondary_category');

/** What applies now: an ACTIVE offer whose end has passed is EXPIRED. */
export const effectiveStatusSql = (now: Date): SQL<Status> =>
  sql<Status>`case when ${offers.status} = 'ACTIVE' and ${offers.endsAt} is not null and ${offers.endsAt} <= ${now.toISOString()}::timestamptz then 'EXPIRED' else ${offers.status} end`;

function withNames(tx: Tx, tenantId: string) {
  return tx
    .select({
      row: offers,
      targetName: sql<string | null>`coalesce(${targetCategory.name}, ${items.name})`,
      primaryName: sql<string | null>`${primaryCategory.name}`,
      secondaryName: sql<string | null>`${secondaryCategory.name}`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(offers)
    .leftJoin(
      targetCategory,
      and(eq(targetCategory.tenantId, tenantId), eq(targetCategory.id, offers.targetCategoryId)),
    )
    .leftJoin(items, and(eq(items.tenantId, tenantId), eq(items.id, offers.targetItemId)))
    .leftJoin(
      primaryCategory,
      and(eq(primaryCategory.tenantId, tenantId), eq(primaryCategory.id, offers.primaryCategoryId)),
    )
    .leftJoin(
      secondaryCategory,
      and(eq(secondaryCategory.tenantId, tenantId), eq(secondaryCategory.id, offers.secondaryCategoryId)),
    );
}

export interface OfferFilter {
  search?: string;
  status?: Status;
  now: Date;
}

const offerWhere = (tenantId: string, filter: OfferFilter) => {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    eq(offers.tenantId, tenantId),
    pattern ? or(sql`${offers.offerCode} ilike ${pattern}`, sql`${offers.description} ilike ${pattern}`) : undefined,
    filter.status ? sql`${effectiveStatusSql(filter.now)} = ${filter.status}` : undefined,
  );
};

/** A page of offers, newest first, and how many match in all. */
export async function findOffers(
  tx: Tx,
  tenantId: string,
  filter: OfferFilter,
  page: { start: number; length: number },
): Promise<{ rows: OfferWithNames[]; total: number }> {
  const rows = await withNames(tx, tenantId)
    .where(offerWhere(tenantId, filter))
    .orderBy(desc(offers.createdAt), asc(offers.offerCode))
    .limit(page.length)
    .offset(page.start);
  if (rows.length === 0 && page.start > 0) {
    const [count] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(offers)
      .where(offerWhere(tenantId, filter));
    return { rows: [], total: count?.total ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findOfferWithNames(tx: Tx, tenantId: string, id: string): Promise<OfferWithNames | undefined> {
  const [found] = await withNames(tx, tenantId).where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)));
  return found;
}

export async function findOffer(tx: Tx, tenantId: string, id: string): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)));
  return row;
}

/** The offer a code names; `code` must already be normalised (trimmed, lower-cased). */
export async function findOfferByCode(tx: Tx, tenantId: string, code: string): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.offerCode, code)));
  return row;
}

export async function insertOffer(tx: Tx, tenantId: string, values: OfferValues): Promise<OfferRow> {
  const [row] = await tx
    .insert(offers)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

export async function updateOffer(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<OfferValues>,
): Promise<OfferRow | undefined> {
  const [row] = await tx
    .update(offers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .returning();
  return row;
}

/**
 * Counts one use of an offer if it still has one left, in the caller's transaction: the row lock
 * of the UPDATE makes concurrent redemptions wait and re-read `used_count`, so a limit of 3 gives
 * exactly 3 uses however many buyers race. Undefined when none is left (or the offer is gone).
 */
export async function takeOfferUse(tx: Tx, tenantId: string, id: string): Promise<{ usedCount: number } | undefined> {
  const [row] = await tx
    .update(offers)
    .set({ usedCount: sql`${offers.usedCount} + 1` })
    .where(
      and(
        eq(offers.tenantId, tenantId),
        eq(offers.id, id),
        eq(offers.status, 'ACTIVE'),
        or(isNull(offers.usageLimit), lt(offers.usedCount, offers.usageLimit)),
      ),
    )
    .returning({ usedCount: offers.usedCount });
  return row;
}

// ---------------------------------------------------------------- what an offer may point at

export async function findCategoryRef(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: itemCategories.id, name: itemCategories.name, categoryType: itemCategories.categoryType })
    .from(itemCategories)
    .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, id)));
  return row;
}

export async function findItemRef(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({
      id: items.id,
      name: items.name,
      kind: items.kind,
      categoryId: items.categoryId,
      priceMinor: items.priceMinor,
      isTaxable: items.isTaxable,
      isChargeCreditCardFees: items.isChargeCreditCardFees,
      isArchived: items.isArchived,
    })
    .from(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.id, id)));
  return row;
}
