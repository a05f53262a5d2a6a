import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { returnCredit, spendCredit } from './credits.service.ts';

// What Scheduling asks of memberships when a student books a priced class (decisions.md "Memberships").

/**
 * Pays a booking with the student's membership: a current unlimited membership (trial included)
 * books free; otherwise one class credit is taken (under the credits' row lock). Answers false when
 * neither covers it.
 */
export async function payWithMembership(
  tx: Tx,
  tenantId: string,
  contactId: string,
  bookingId: string,
  now: Date,
): Promise<boolean> {
  const unlimited = await tx
    .select({ periodEndsAt: subscriptions.periodEndsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        eq(subscriptions.contactId, contactId),
        eq(subscriptions.membershipType, 'unlimited'),
        inArray(subscriptions.status, ['trialing', 'active']),
      ),
    );
  if (unlimited.some((s) => !s.periodEndsAt || s.periodEndsAt > now)) return true;
  return spendCredit(tx, tenantId, contactId, bookingId, now);
}

export { returnCredit };
