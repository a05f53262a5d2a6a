import type { CreditSummary } from '@atrium/contracts';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/client.ts';
import { creditEntries, creditGrants } from '../../db/schema/index.ts';

// The credits ledger (decisions.md "Memberships"): grants (a class pack, a membership cycle) hold
// `remaining`; every change is an entry. A booking takes one credit under a row lock of the contact's
// grants, so concurrent bookings never spend more credits than there are.

/** Gives a contact credits (a pack bought, a membership cycle paid). */
export async function grantCredits(
  tx: Tx,
  tenantId: string,
  input: {
    contactId: string;
    name: string;
    credits: number;
    expiresAt: Date | null;
    subscriptionId: string | null;
    now: Date;
  },
): Promise<string> {
  const [grant] = await tx
    .insert(creditGrants)
    .values({
      tenantId,
      contactId: input.contactId,
      subscriptionId: input.subscriptionId,
      name: input.name,
      granted: input.credits,
      remaining: input.credits,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .returning({ id: creditGrants.id });
  if (!grant) throw new Error('credit grant not written');
  await tx.insert(creditEntries).values({
    tenantId,
    grantId: grant.id,
    contactId: input.contactId,
    delta: input.credits,
    reason: 'granted',
    createdAt: input.now,
  });
  return grant.id;
}

const usable = (now: Date) => or(isNull(creditGrants.expiresAt), gt(creditGrants.expiresAt, now));

/**
 * Takes one credit for a booking, or answers false when the contact has none. The contact's usable
 * grants are locked (FOR UPDATE) first: a second booking of the same person waits, then reads what
 * the first left. The grant that expires first is spent first.
 */
export async function spendCredit(tx: Tx, tenantId: string, contactId: string, bookingId: string, now: Date) {
  const grants = await tx
    .select({ id: creditGrants.id, remaining: creditGrants.remaining })
    .from(creditGrants)
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.contactId, contactId), usable(now)))
    .orderBy(sql`${creditGrants.expiresAt} asc nulls last`, asc(creditGrants.id))
    .for('update');
  const grant = grants.find((g) => g.remaining > 0);
  if (!grant) return false;
  await tx
    .update(creditGrants)
    .set({ remaining: grant.remaining - 1 })
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.id, grant.id)));
  await tx
    .insert(creditEntries)
    .values({ tenantId, grantId: grant.id, contactId, delta: -1, reason: 'booked', bookingId, createdAt: now });
  return true;
}

/**
 * A booking cancelled in time gets its credit back (to the grant it came from, unless that grant
 * has expired meanwhile). Once per booking: the entry it writes is checked first.
 */
export async function returnCredit(tx: Tx, tenantId: string, bookingId: string, now: Date): Promise<boolean> {
  const entries = await tx
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.tenantId, tenantId), eq(creditEntries.bookingId, bookingId)));
  const spent = entries.find((e) => e.reason === 'booked');
  if (!spent || entries.some((e) => e.reason === 'returned')) return false;
  const [grant] = await tx
    .select()
    .from(creditGrants)
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.id, spent.grantId)))
    .for('update');
  if (!grant || (grant.expiresAt && grant.expiresAt <= now) || grant.remaining >= grant.granted) return false;
  await tx
    .update(creditGrants)
    .set({ remaining: grant.remaining + 1 })
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.id, grant.id)));
  await tx.insert(creditEntries).values({
    tenantId,
    grantId: grant.id,
    contactId: spent.contactId,
    delta: 1,
    reason: 'returned',
    bookingId,
    createdAt: now,
  });
  return true;
}

/** The contact's usable credits now. */
export async function creditBalance(tx: Tx, tenantId: string, contactId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${creditGrants.remaining}), 0)::int` })
    .from(creditGrants)
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.contactId, contactId), usable(now)));
  return row?.n ?? 0;
}

/** What the contact detail and the student see: balance, grants and the latest entries. */
export async function creditSummary(tx: Tx, tenantId: string, contactId: string, now: Date): Promise<CreditSummary> {
  const grants = await tx
    .select()
    .from(creditGrants)
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.contactId, contactId)))
    .orderBy(desc(creditGrants.createdAt), asc(creditGrants.id));
  const entries = await tx
    .select({ entry: creditEntries, name: creditGrants.name })
    .from(creditEntries)
    .innerJoin(
      creditGrants,
      and(eq(creditGrants.tenantId, creditEntries.tenantId), eq(creditGrants.id, creditEntries.grantId)),
    )
    .where(and(eq(creditEntries.tenantId, tenantId), eq(creditEntries.contactId, contactId)))
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(50);
  const live = grants.filter((g) => !g.expiresAt || g.expiresAt > now);
  return {
    balance: live.reduce((sum, g) => sum + g.remaining, 0),
    grants: grants.map((g) => ({
      id: g.id,
      name: g.name,
      granted: g.granted,
      remaining: g.expiresAt && g.expiresAt <= now ? 0 : g.remaining,
      expiresAt: g.expiresAt?.toISOString() ?? null,
    })),
    entries: entries.map(({ entry, name }) => ({
      id: entry.id,
      delta: entry.delta,
      reason: entry.reason,
      name,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * The expiry job: every grant past its date with credits left writes an 'expired' entry and keeps
 * none. One transaction per tenant (row-level security scopes each); answers how many grants.
 */
export async function expireCredits(db: Db, now: Date): Promise<number> {
  const tenants = await db.transaction((tx) =>
    tx
      .selectDistinct({ tenantId: creditGrants.tenantId })
      .from(creditGrants)
      .where(and(lte(creditGrants.expiresAt, now), gt(creditGrants.remaining, 0))),
  );
  let expired = 0;
  for (const { tenantId } of tenants) {
    expired += await withTenant(db, tenantId, async (tx) => {
      const due = await tx
        .select()
        .from(creditGrants)
        .where(
          and(eq(creditGrants.tenantId, tenantId), lte(creditGrants.expiresAt, now), gt(creditGrants.remaining, 0)),
        )
        .for('update');
      for (const grant of due) {
        await tx
          .update(creditGrants)
          .set({ remaining: 0 })
          .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.id, grant.id)));
        await tx.insert(creditEntries).values({
          tenantId,
          grantId: grant.id,
          contactId: grant.contactId,
          delta: -grant.remaining,
          reason: 'expired',
          createdAt: now,
        });
      }
      return due.length;
    });
  }
  return expired;
}
