import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classBookings, classSessions, contacts } from '../../db/schema/index.ts';

// Places in a session: booked, waitlisted (in the waitlist's order), cancelled; a session's roster and a contact's places.

export type BookingRow = typeof classBookings.$inferSelect;

/** The bookings of one of the tenant's sessions, narrowed by `more` (a status, a contact). */
export const bookingsOfSession = (tenantId: string, sessionId: string, ...more: SQL[]) =>
  and(eq(classBookings.tenantId, tenantId), eq(classBookings.sessionId, sessionId), ...more);

/** A session's waitlist. */
export const waitlistOf = (tenantId: string, sessionId: string) =>
  bookingsOfSession(tenantId, sessionId, eq(classBookings.status, 'waitlisted'));

export async function findLiveBooking(tx: Tx, tenantId: string, sessionId: string, contactId: string) {
  const [row] = await tx
    .select()
    .from(classBookings)
    .where(
      bookingsOfSession(
        tenantId,
        sessionId,
        eq(classBookings.contactId, contactId),
        ne(classBookings.status, 'cancelled'),
      ),
    );
  return row;
}

export async function findBooking(tx: Tx, tenantId: string, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(classBookings)
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.id, id)));
  return row;
}

export type BookingValues = Pick<BookingRow, 'sessionId' | 'contactId' | 'status'> &
  Partial<Pick<BookingRow, 'id' | 'payment' | 'invoiceId' | 'holdExpiresAt'>>;

export async function insertBooking(tx: Tx, tenantId: string, values: BookingValues): Promise<BookingRow> {
  const [row] = await tx
    .insert(classBookings)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('booking insert returned nothing');
  return row;
}

export async function setBooking(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<
      BookingRow,
      | 'status'
      | 'attendedAt'
      | 'cancelledAt'
      | 'holdExpiresAt'
      | 'payment'
      | 'invoiceId'
      | 'lateCancel'
      | 'noShow'
      | 'waitlistRank'
    >
  >,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(classBookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.id, id)))
    .returning();
  return row;
}

/** Adds `delta` to a session's booked count (under the session's lock). */
export async function addBooked(tx: Tx, tenantId: string, sessionId: string, delta: number): Promise<void> {
  await tx
    .update(classSessions)
    .set({ bookedCount: sql`${classSessions.bookedCount} + ${delta}` })
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, sessionId)));
}

/**
 * Waitlist order: the order staff set (ranked first), then the time each place was taken (the
 * database clock at its insert, behind the session's lock), then the identity for equal times.
 */
const WAITLIST_ORDER = [
  sql`${classBookings.waitlistRank} asc nulls last`,
  asc(classBookings.placedAt),
  asc(classBookings.seq),
];

/** How many are waiting for a session (read under its lock). */
export async function countWaitlisted(tx: Tx, tenantId: string, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(classBookings)
    .where(waitlistOf(tenantId, sessionId));
  return row?.n ?? 0;
}

/** The first in line on a session's waitlist. */
export async function firstWaitlisted(tx: Tx, tenantId: string, sessionId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(classBookings)
    .where(waitlistOf(tenantId, sessionId))
    .orderBy(...WAITLIST_ORDER)
    .limit(1);
  return row;
}

/** Cancels every live booking of a session (the session itself is cancelled). */
export async function cancelBookingsOf(tx: Tx, tenantId: string, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(classBookings)
    .set({ status: 'cancelled', cancelledAt: now, holdExpiresAt: null, updatedAt: now })
    .where(bookingsOfSession(tenantId, sessionId, ne(classBookings.status, 'cancelled')));
}

/**
 * The live bookings of a session (and its late cancels, which the roster shows): booked, offered
 * and pending first, then the waitlist in its order, then the late cancels.
 */
export function rosterOf(tx: Tx, tenantId: string, sessionId: string) {
  return tx
    .select({
      row: classBookings,
      name: sql<string>`trim(${contacts.name} || ' ' || ${contacts.lastName})`,
      email: contacts.email,
    })
    .from(classBookings)
    .innerJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, classBookings.contactId)))
    .where(
      bookingsOfSession(
        tenantId,
        sessionId,
        sql`(${classBookings.status} <> 'cancelled' or ${classBookings.lateCancel})`,
      ),
    )
    .orderBy(
      sql`case ${classBookings.status} when 'waitlisted' then 1 when 'cancelled' then 2 else 0 end`,
      ...WAITLIST_ORDER,
    );
}

/** A waitlisted booking's place in line (1 for the first); null for any other status. */
export const waitlistPosition = sql<
  number | null
>`case when ${classBookings.status} = 'waitlisted' then (select count(*)::int from class_bookings w where w.tenant_id = class_bookings.tenant_id and w.session_id = class_bookings.session_id and w.status = 'waitlisted' and (coalesce(w.waitlist_rank, 2147483647), w.placed_at, w.seq) <= (coalesce(class_bookings.waitlist_rank, 2147483647), class_bookings.placed_at, class_bookings.seq)) end`;

/** A contact's live bookings on these sessions, with the waitlist position of each waitlisted one. */
export async function bookingsOfContact(tx: Tx, tenantId: string, contactId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return tx
    .select({
      row: classBookings,
      position: waitlistPosition,
      invoicePublicId: sql<
        string | null
      >`(select i.public_id from invoices i where i.tenant_id = class_bookings.tenant_id and i.id = class_bookings.invoice_id)`,
    })
    .from(classBookings)
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.contactId, contactId),
        inArray(classBookings.sessionId, sessionIds),
        ne(classBookings.status, 'cancelled'),
      ),
    );
}
