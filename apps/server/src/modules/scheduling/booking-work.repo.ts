import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  calendarFeeds,
  classBookingNotices,
  classBookings,
  classRules,
  classSessions,
  contacts,
  invoices,
  rooms,
} from '../../db/schema/index.ts';
import { type BookingRow, bookingsOfSession, waitlistOf } from './bookings.repo.ts';

// Bookings seen from the jobs (holds that ran out, reminders due), the notices sent once, the
// emails of a session's people, check-in's close and the private calendar feeds. Cross-tenant work
// lists run on the owner connection (like the horizon extension's); the rest take the tenant first.

/** The places an invoice pays for: one drop-in, or every session of an event registration. */
export function findBookingsByInvoice(tx: Tx, tenantId: string, invoiceId: string) {
  return tx
    .select()
    .from(classBookings)
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.invoiceId, invoiceId)))
    .orderBy(asc(classBookings.seq));
}

/** The tenants with an offered or pending place whose hold has run out. */
export async function tenantsWithExpiredHolds(tx: Tx, now: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ tenantId: classBookings.tenantId })
    .from(classBookings)
    .where(and(inArray(classBookings.status, ['offered', 'pending']), lte(classBookings.holdExpiresAt, now)));
  return rows.map((r) => r.tenantId);
}

export function expiredHolds(tx: Tx, tenantId: string, now: Date): Promise<BookingRow[]> {
  return tx
    .select()
    .from(classBookings)
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        inArray(classBookings.status, ['offered', 'pending']),
        lte(classBookings.holdExpiresAt, now),
      ),
    )
    .orderBy(asc(classBookings.holdExpiresAt), asc(classBookings.seq));
}

/** The waiting bookings of a session, by id (for a reorder). */
export async function waitlistIds(tx: Tx, tenantId: string, sessionId: string): Promise<string[]> {
  const rows = await tx.select({ id: classBookings.id }).from(classBookings).where(waitlistOf(tenantId, sessionId));
  return rows.map((r) => r.id);
}

/** The people with a live place in a session (to tell them it is cancelled or moved). */
export function livePeopleOf(tx: Tx, tenantId: string, sessionId: string) {
  return tx
    .select({ booking: classBookings, email: contacts.email, name: contacts.name })
    .from(classBookings)
    .innerJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, classBookings.contactId)))
    .where(bookingsOfSession(tenantId, sessionId, ne(classBookings.status, 'cancelled')));
}

export async function contactOf(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ email: contacts.email, name: contacts.name, isWalkin: contacts.isWalkin, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row;
}

// ---------------------------------------------------------------- reminders

/** The tenants with a scheduled session starting in (from, to]. */
export async function tenantsWithSessionsBetween(tx: Tx, from: Date, to: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ tenantId: classSessions.tenantId })
    .from(classSessions)
    .where(
      and(eq(classSessions.status, 'scheduled'), gt(classSessions.startsAt, from), lte(classSessions.startsAt, to)),
    );
  return rows.map((r) => r.tenantId);
}

export type NoticeKind = 'reminder' | 'sms-reminder';

/** Booked places in sessions starting in (from, to] still missing one of the reminders `kinds`. */
export function bookingsToRemind(tx: Tx, tenantId: string, from: Date, to: Date, kinds: NoticeKind[] = ['reminder']) {
  return tx
    .select({
      bookingId: classBookings.id,
      email: contacts.email,
      phone: contacts.phone,
      firstName: contacts.name,
      isWalkin: contacts.isWalkin,
      className: classRules.name,
      startsAt: classSessions.startsAt,
      roomName: rooms.name,
      joinUrl: classRules.onlineJoinUrl,
      // a place to pay at the studio: what its invoice still owes (the reminder names it)
      payment: classBookings.payment,
      invoiceBalance: invoices.balance,
      invoiceCurrency: invoices.currency,
    })
    .from(classBookings)
    .innerJoin(classSessions, and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, classBookings.sessionId)))
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .innerJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, classBookings.contactId)))
    .leftJoin(rooms, and(eq(rooms.tenantId, tenantId), eq(rooms.id, classSessions.roomId)))
    .leftJoin(invoices, and(eq(invoices.tenantId, tenantId), eq(invoices.id, classBookings.invoiceId)))
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.status, 'booked'),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.startsAt, from),
        lte(classSessions.startsAt, to),
        sql`(select count(*) from class_booking_notices n where n.tenant_id = ${classBookings.tenantId} and n.booking_id = ${classBookings.id} and n.kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})) < ${kinds.length}`,
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classBookings.seq));
}

/**
 * Claims a notice: true for the one transaction that inserts the key. A second runner waits on the
 * primary key until the first commits, then finds it taken (or takes it when the first rolled back).
 */
export async function claimNotice(tx: Tx, tenantId: string, bookingId: string, kind: NoticeKind): Promise<boolean> {
  const rows = await tx
    .insert(classBookingNotices)
    .values({ tenantId, bookingId, kind })
    .onConflictDoNothing()
    .returning({ bookingId: classBookingNotices.bookingId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- check-in

/** Closes check-in: the booked places not checked in become no-shows. */
export async function closeCheckIn(tx: Tx, tenantId: string, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(classSessions)
    .set({ checkInClosedAt: now, updatedAt: now })
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, sessionId)));
  await tx
    .update(classBookings)
    .set({ noShow: true, updatedAt: now })
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.sessionId, sessionId),
        eq(classBookings.status, 'booked'),
        isNull(classBookings.attendedAt),
      ),
    );
}

// ---------------------------------------------------------------- calendar feeds

export type FeedKind = 'student' | 'teacher';

/** The contact's feed of this kind while it is not revoked (one at most). */
const liveFeed = (tenantId: string, contactId: string, kind: FeedKind) =>
  and(
    eq(calendarFeeds.tenantId, tenantId),
    eq(calendarFeeds.contactId, contactId),
    eq(calendarFeeds.kind, kind),
    isNull(calendarFeeds.revokedAt),
  );

export async function findLiveFeed(tx: Tx, tenantId: string, contactId: string, kind: FeedKind) {
  const [row] = await tx
    .select()
    .from(calendarFeeds)
    .where(liveFeed(tenantId, contactId, kind));
  return row;
}

/** A new live feed, or the one a concurrent request made first. */
export async function insertFeed(tx: Tx, tenantId: string, contactId: string, kind: FeedKind, token: string) {
  await tx.insert(calendarFeeds).values({ tenantId, contactId, kind, token }).onConflictDoNothing();
  return findLiveFeed(tx, tenantId, contactId, kind);
}

export async function revokeFeed(tx: Tx, tenantId: string, contactId: string, kind: FeedKind, now: Date) {
  await tx
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(liveFeed(tenantId, contactId, kind));
}

export async function findFeedByToken(tx: Tx, tenantId: string, token: string) {
  const [row] = await tx
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tenantId, tenantId), eq(calendarFeeds.token, token), isNull(calendarFeeds.revokedAt)));
  return row;
}

/**
 * What a feed lists, from `from` on: a teacher's sessions, or a student's booked ones and those the
 * studio cancelled while the student had a place (their places were cancelled with the session, the
 * last places it cancelled), so the calendar app shows the class as cancelled instead of keeping it.
 */
export function feedSessions(tx: Tx, tenantId: string, kind: FeedKind, contactId: string, from: Date) {
  const base = tx
    .select({
      id: classSessions.id,
      name: classRules.name,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      status: classSessions.status,
      roomName: rooms.name,
      sequence: classSessions.sequence,
      updatedAt: classSessions.updatedAt,
    })
    .from(classSessions)
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .leftJoin(rooms, and(eq(rooms.tenantId, tenantId), eq(rooms.id, classSessions.roomId)));
  const mine =
    kind === 'teacher'
      ? eq(classSessions.teacherId, contactId)
      : sql`exists (select 1 from class_bookings b where b.tenant_id = ${classSessions.tenantId} and b.session_id = ${classSessions.id} and b.contact_id = ${contactId} and (b.status = 'booked' or (${classSessions.status} = 'cancelled' and b.status = 'cancelled' and not b.late_cancel and b.cancelled_at = (select max(c.cancelled_at) from class_bookings c where c.tenant_id = b.tenant_id and c.session_id = b.session_id))))`;
  return base
    .where(and(eq(classSessions.tenantId, tenantId), gt(classSessions.endsAt, from), mine))
    .orderBy(asc(classSessions.startsAt))
    .limit(2000);
}
