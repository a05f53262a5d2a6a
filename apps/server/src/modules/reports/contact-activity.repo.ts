import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  classBookings,
  classRules,
  classSessions,
  contacts,
  formSubmissions,
  invoices,
  subscriptions,
} from '../../db/schema/index.ts';
import { contactIdentityColumns } from '../contacts/contact-columns.ts';
import { sessionOfBooking } from '../scheduling/booking-session.ts';

// What one contact did with the studio, for the activity report (GET /cform/pdf/cactivityreport/{id}).
// Every query names the tenant first and runs under its RLS (readTenant).

export function findActivityContact(tx: Tx, tenantId: string, contactId: string) {
  return tx
    .select({
      ...contactIdentityColumns,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/**
 * The person's places, newest session first (at most `max`): a cancelled place only when it was
 * cancelled late (it counts against the person) or its session was cancelled.
 */
export function activityBookings(tx: Tx, tenantId: string, contactId: string, max: number) {
  return tx
    .select({
      id: classBookings.id,
      className: classRules.name,
      kind: classRules.kind,
      startsAt: classSessions.startsAt,
      sessionStatus: classSessions.status,
      status: classBookings.status,
      attendedAt: classBookings.attendedAt,
      noShow: classBookings.noShow,
      lateCancel: classBookings.lateCancel,
    })
    .from(classBookings)
    .innerJoin(classSessions, sessionOfBooking())
    .innerJoin(
      classRules,
      and(eq(classRules.tenantId, classSessions.tenantId), eq(classRules.id, classSessions.ruleId)),
    )
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.contactId, contactId),
        or(ne(classBookings.status, 'cancelled'), eq(classBookings.lateCancel, true)),
      ),
    )
    .orderBy(desc(classSessions.startsAt), desc(classBookings.id))
    .limit(max);
}

/** All the person's bookings counted (the list above may be cut): checked in, no-shows, late cancels. */
export async function activityAttendance(tx: Tx, tenantId: string, contactId: string) {
  const [row] = await tx
    .select({
      places: sql<number>`count(*) filter (where ${classBookings.status} <> 'cancelled' or ${classBookings.lateCancel})::int`,
      attended: sql<number>`count(*) filter (where ${classBookings.attendedAt} is not null)::int`,
      noShows: sql<number>`count(*) filter (where ${classBookings.noShow})::int`,
      lateCancels: sql<number>`count(*) filter (where ${classBookings.lateCancel})::int`,
    })
    .from(classBookings)
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.contactId, contactId)));
  return row ?? { places: 0, attended: 0, noShows: 0, lateCancels: 0 };
}

/** The person's invoices, newest first (at most `max`), with what each sold; amounts in minor units. */
export function activityInvoices(tx: Tx, tenantId: string, contactId: string, max: number) {
  return tx
    .select({
      id: invoices.id,
      number: invoices.number,
      createdAt: invoices.createdAt,
      currency: invoices.currency,
      status: invoices.status,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountRefunded: invoices.amountRefunded,
      balance: invoices.balance,
      // spelled out: drizzle leaves a single table's columns unqualified, which the subquery would take as its own
      items: sql<string>`coalesce((select string_agg(l.name, ', ' order by l.position) from invoice_lines l
        where l.tenant_id = invoices.tenant_id and l.invoice_id = invoices.id), '')`,
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.contactId, contactId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(max);
}

/** Per currency, over all the person's invoices that are not void: invoiced, paid, refunded, owed. */
export function activityInvoiceTotals(tx: Tx, tenantId: string, contactId: string) {
  return tx
    .select({
      currency: invoices.currency,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${invoices.total}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoices.amountPaid}), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${invoices.amountRefunded}), 0)`.mapWith(Number),
      balance: sql<number>`coalesce(sum(${invoices.balance}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.contactId, contactId), ne(invoices.status, 'void')))
    .groupBy(invoices.currency)
    .orderBy(invoices.currency);
}

/** The person's memberships and class packs (recurring gifts are donations, not here), newest first. */
export function activityMemberships(tx: Tx, tenantId: string, contactId: string, max: number) {
  return tx
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      membershipType: subscriptions.membershipType,
      frequency: subscriptions.frequency,
      status: subscriptions.status,
      priceMinor: subscriptions.priceMinor,
      currency: subscriptions.currency,
      startedAt: subscriptions.startedAt,
      periodEndsAt: subscriptions.periodEndsAt,
      nextChargeAt: subscriptions.nextChargeAt,
      cancelledAt: subscriptions.cancelledAt,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        eq(subscriptions.contactId, contactId),
        ne(subscriptions.membershipType, 'donation'),
      ),
    )
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
    .limit(max);
}

/** The forms the person signed or submitted, newest first. */
export function activityForms(tx: Tx, tenantId: string, contactId: string, max: number) {
  return tx
    .select({
      id: formSubmissions.id,
      formName: formSubmissions.formName,
      formType: formSubmissions.formType,
      signerName: formSubmissions.signerName,
      signedAt: formSubmissions.signedAt,
      confirmedAt: formSubmissions.confirmedAt,
      signed: sql<boolean>`(${formSubmissions.signature} <> '' or ${formSubmissions.typedSignature} <> '')`,
    })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.contactId, contactId)))
    .orderBy(desc(formSubmissions.signedAt), desc(formSubmissions.id))
    .limit(max);
}
