import { and, eq, gt, gte, isNotNull, lt, lte, ne, not, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  classBookings,
  classSessions,
  contacts,
  invoicePayments,
  invoices,
  ledgerHours,
  subscriptions,
} from '../../db/schema/index.ts';
import { sessionOfBooking } from '../scheduling/booking-session.ts';
import { sessionsHeldBetween } from './attendance.repo.ts';
import { bucketOf, ledgerBetween, perRange, signedAmount, sumOf } from './ledger.ts';

const count = () => sql<number>`count(*)`.mapWith(Number);
const sum = sumOf;

const HOUR_MS = 3_600_000;
const floorHour = (at: Date) => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;

/** Money in minus money out (refunds) of the tenant's invoices in `currency`, over [from, to). */
export async function netReceived(tx: Tx, tenantId: string, currency: string, from: Date, to: Date): Promise<number> {
  return (await netReceivedByRange(tx, tenantId, currency, [from, to]))[0] ?? 0;
}

/**
 * The net received in each of the ranges [bounds[i], bounds[i+1]) (the charts' months), from the
 * ledger's hourly sums (`ledger_hours`, kept by a trigger with every payment and refund): a year is at
 * most 8,760 rows instead of every payment of the year. A bound inside an hour (a month that starts at
 * 18:30 UTC in India, 18:15 in Nepal) splits that hour: its payments are read from the ledger itself.
 */
export async function netReceivedByRange(
  tx: Tx,
  tenantId: string,
  currency: string,
  bounds: readonly Date[],
): Promise<number[]> {
  const first = bounds[0];
  const last = bounds[bounds.length - 1];
  if (!first || !last) return [];
  const splitHours = [...new Set(bounds.filter((b) => b.getTime() % HOUR_MS !== 0).map((b) => floorHour(b)))];
  const whole = await tx
    .select({ bucket: bucketOf(ledgerHours.hour, bounds), value: sumOf(sql`${ledgerHours.net}`) })
    .from(ledgerHours)
    .where(
      and(
        eq(ledgerHours.tenantId, tenantId),
        eq(ledgerHours.currency, currency),
        gte(ledgerHours.hour, first),
        lt(ledgerHours.hour, last),
        splitHours.length === 0
          ? undefined
          : notInArray(
              ledgerHours.hour,
              splitHours.map((t) => new Date(t)),
            ),
      ),
    )
    .groupBy(sql`1`);
  const totals = perRange(whole, bounds);
  if (splitHours.length === 0) return totals;
  const split = await tx
    .select({ bucket: bucketOf(invoicePayments.createdAt, bounds), value: sumOf(signedAmount) })
    .from(invoicePayments)
    .where(
      and(
        ledgerBetween(tenantId, currency, first, last),
        or(
          ...splitHours.map((t) =>
            and(gte(invoicePayments.createdAt, new Date(t)), lt(invoicePayments.createdAt, new Date(t + HOUR_MS))),
          ),
        ),
      ),
    )
    .groupBy(sql`1`);
  return perRange(split, bounds).map((value, i) => value + (totals[i] ?? 0));
}

/**
 * Places booked (not cancelled) in sessions starting in each range [bounds[i], bounds[i+1]): each
 * session's own count of its live places (booked, offered, pending), kept with every booking change
 * under the session's lock and zero once it is cancelled, as today's tile reads it. A year of sessions
 * is read from the start index, not the year's ~150,000 booking rows; the test reconciles the two.
 */
export async function bookingsByRange(tx: Tx, tenantId: string, bounds: readonly Date[]): Promise<number[]> {
  const first = bounds[0];
  const last = bounds[bounds.length - 1];
  if (!first || !last) return [];
  const rows = await tx
    .select({ bucket: bucketOf(classSessions.startsAt, bounds), value: sum(sql`${classSessions.bookedCount}`) })
    .from(classSessions)
    .where(sessionsHeldBetween(tenantId, first, last))
    .groupBy(sql`1`);
  return perRange(rows, bounds);
}

/**
 * A membership running at `at`: started by then, and not cancelled or completed before it. A paused
 * one counts (the member is still a member); one cancelled later counts for the months before, a
 * suspended one until it was suspended (its period end is that day).
 */
export function runningAt(at: Date) {
  return and(
    lte(subscriptions.startedAt, at),
    or(sql`${subscriptions.cancelledAt} is null`, gt(subscriptions.cancelledAt, at)),
    or(
      notInArray(subscriptions.status, ['completed', 'suspended']),
      and(isNotNull(subscriptions.periodEndsAt), gt(subscriptions.periodEndsAt, at)),
    ),
  );
}

/** Memberships (not gifts) running at `at`. */
export async function activeMembersAt(tx: Tx, tenantId: string, at: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), ne(subscriptions.membershipType, 'donation'), runningAt(at)));
  return row?.n ?? 0;
}

/**
 * Memberships (not gifts) running at each of `ats`, in one scan (the chart's 12 month ends). A membership
 * runs over [started_at, its end), its end the earliest of its cancellation and, once completed or
 * suspended, its period's end (as `runningAt` says). So the count at t is the memberships started by t
 * less those whose end (never before their start) is by t: each row is put in two buckets of the sorted
 * instants once, instead of testing `runningAt` against every instant.
 */
export async function activeMembersAtEach(tx: Tx, tenantId: string, ats: readonly Date[]): Promise<number[]> {
  if (ats.length === 0) return [];
  const sorted = [...new Set(ats.map((at) => at.getTime()))].sort((a, b) => a - b);
  // one microsecond past each instant: width_bucket(x) is then the number of instants strictly before x
  const edges = sql.join(
    sorted.map((t) => sql`(${new Date(t).toISOString()}::timestamptz + interval '1 microsecond')`),
    sql`, `,
  );
  const end = sql`coalesce(least(${subscriptions.cancelledAt}, case when ${subscriptions.status} in ('completed', 'suspended') then coalesce(${subscriptions.periodEndsAt}, '-infinity') end), 'infinity')`;
  const rows = await tx
    .select({
      startedBefore: sql<number>`width_bucket(${subscriptions.startedAt}, array[${edges}])`.mapWith(Number),
      endedBefore: sql<number>`width_bucket(greatest(${subscriptions.startedAt}, ${end}), array[${edges}])`.mapWith(
        Number,
      ),
      n: count(),
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), ne(subscriptions.membershipType, 'donation')))
    .groupBy(sql`1`, sql`2`);
  // a row counts at the instants from index startedBefore on, and stops counting from endedBefore on
  const running = new Array<number>(sorted.length + 1).fill(0);
  for (const row of rows) {
    running[row.startedBefore] = (running[row.startedBefore] ?? 0) + row.n;
    running[row.endedBefore] = (running[row.endedBefore] ?? 0) - row.n;
  }
  const at = new Map<number, number>();
  let total = 0;
  sorted.forEach((t, i) => {
    total += running[i] ?? 0;
    at.set(t, total);
  });
  return ats.map((instant) => at.get(instant.getTime()) ?? 0);
}

/** Today's sessions (not cancelled): how many, places booked and places offered. */
export async function sessionsBetween(tx: Tx, tenantId: string, from: Date, to: Date) {
  const [row] = await tx
    .select({
      sessions: count(),
      booked: sum(sql`${classSessions.bookedCount}`),
      capacity: sum(sql`${classSessions.capacity}`),
    })
    .from(classSessions)
    .where(sessionsHeldBetween(tenantId, from, to));
  return { sessions: row?.sessions ?? 0, booked: row?.booked ?? 0, capacity: row?.capacity ?? 0 };
}

/** People checked in over [from, to). */
export async function checkInsBetween(tx: Tx, tenantId: string, from: Date, to: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(classBookings)
    .where(
      and(eq(classBookings.tenantId, tenantId), gte(classBookings.attendedAt, from), lt(classBookings.attendedAt, to)),
    );
  return row?.n ?? 0;
}

/** People on the waitlists of sessions that have not started. */
export async function waitlistedAfter(tx: Tx, tenantId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(classBookings)
    .innerJoin(classSessions, sessionOfBooking())
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.status, 'waitlisted'),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.startsAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** People (not staff) added over [from, to). */
export async function contactsAddedBetween(tx: Tx, tenantId: string, from: Date, to: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.role, 'student'),
        // as the contacts report counts them: the walk-in is nobody new
        not(contacts.isWalkin),
        gte(contacts.createdAt, from),
        lt(contacts.createdAt, to),
      ),
    );
  return row?.n ?? 0;
}

/** Memberships to chase and to renew: past due now, and due to charge before `until`. */
export async function membershipsToWatch(tx: Tx, tenantId: string, now: Date, until: Date) {
  const [row] = await tx
    .select({
      pastDue: sql<number>`count(*) filter (where ${subscriptions.status} = 'past_due')`.mapWith(Number),
      dueSoon:
        sql<number>`count(*) filter (where ${subscriptions.status} in ('active', 'trialing') and ${subscriptions.nextChargeAt} >= ${now.toISOString()}::timestamptz and ${subscriptions.nextChargeAt} < ${until.toISOString()}::timestamptz and not ${subscriptions.cancelAtPeriodEnd})`.mapWith(
          Number,
        ),
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), ne(subscriptions.membershipType, 'donation')));
  return { pastDue: row?.pastDue ?? 0, dueSoon: row?.dueSoon ?? 0 };
}

/** Invoices whose payment failed and that still have something to pay. */
export async function failedInvoices(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.status, 'failed'),
        gt(invoices.balance, 0),
        eq(invoices.isArchived, false),
      ),
    );
  return row?.n ?? 0;
}
