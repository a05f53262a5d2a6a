import { formatInvoiceNumber, formatMoney, INVOICE_STATUS_LABELS, knownTimeZone } from '@atrium/contracts';
import { readTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { loadLogo } from '../invoices/invoice-pdf.ts';
import {
  activityAttendance,
  activityBookings,
  activityForms,
  activityInvoices,
  activityInvoiceTotals,
  activityMemberships,
  findActivityContact,
} from './contact-activity.repo.ts';
import { type ActivityPdfInput, type ActivitySection, renderContactActivityPdf } from './contact-activity-pdf.ts';

/** Rows listed per section (the latest); the counts and totals above them cover everything. */
export const ACTIVITY_ROWS_MAX = 500;

type Booking = Awaited<ReturnType<typeof activityBookings>>[number];
type Membership = Awaited<ReturnType<typeof activityMemberships>>[number];
type Form = Awaited<ReturnType<typeof activityForms>>[number];

/** What the desk marked, in the words of the roster. */
export function attendanceWords(booking: Booking, now: Date): string {
  if (booking.attendedAt) return 'Checked in';
  if (booking.noShow) return 'No-show';
  if (booking.lateCancel) return 'Late cancel';
  if (booking.sessionStatus === 'cancelled') return 'Class cancelled';
  if (booking.status === 'waitlisted') return 'Waitlisted';
  if (booking.status === 'offered') return 'Spot offered';
  if (booking.status === 'pending') return 'Awaiting payment';
  return booking.startsAt.getTime() > now.getTime() ? 'Booked' : 'Not marked';
}

const MEMBERSHIP_STATUS: Record<Membership['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
const MEMBERSHIP_KIND: Record<Membership['membershipType'], string> = {
  recurring: 'Recurring',
  card: 'Class pack',
  unlimited: 'Unlimited',
  donation: 'Gift',
};
const FORM_KIND: Record<Form['formType'], string> = {
  CUSTOM: 'Form',
  WAIVER: 'Waiver',
  STUDENT_REGISTRATION: 'Registration',
};

/** Date, or date and time, in the studio's zone. */
function formatters(timeZone: string) {
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return {
    day: (at: Date | null) => (at ? date.format(at) : '—'),
    at: (at: Date) => dateTime.format(at),
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const cutNote = (shown: number, what: string) =>
  shown >= ACTIVITY_ROWS_MAX ? [`The latest ${ACTIVITY_ROWS_MAX} ${what} are listed.`] : [];

/**
 * Everything the activity report prints about one contact: their bookings and attendance, purchases,
 * memberships and forms, dates in the studio's zone, money in each invoice's currency. Another
 * studio's contact (or none) is a 404.
 */
export async function contactActivity(
  platform: Platform,
  { tenant }: Authenticated,
  contactId: string,
  now = new Date(),
): Promise<ActivityPdfInput> {
  const { tenantId } = tenant;
  const timeZone = knownTimeZone(tenant.settings.timezone);
  const found = await readTenant(platform.db, tenantId, async (tx) => {
    const contact = await findActivityContact(tx, tenantId, contactId);
    if (!contact) return null;
    return {
      contact,
      bookings: await activityBookings(tx, tenantId, contactId, ACTIVITY_ROWS_MAX),
      attendance: await activityAttendance(tx, tenantId, contactId),
      invoices: await activityInvoices(tx, tenantId, contactId, ACTIVITY_ROWS_MAX),
      totals: await activityInvoiceTotals(tx, tenantId, contactId),
      memberships: await activityMemberships(tx, tenantId, contactId, ACTIVITY_ROWS_MAX),
      forms: await activityForms(tx, tenantId, contactId, ACTIVITY_ROWS_MAX),
    };
  });
  if (!found) throw notFound('Contact');
  const { contact, bookings, attendance, invoices, totals, memberships, forms } = found;
  const { day, at } = formatters(timeZone);
  const contactName = `${contact.name} ${contact.lastName}`.trim() || contact.email;
  const activeMemberships = memberships.filter((m) => ['trialing', 'active', 'past_due', 'paused'].includes(m.status));

  const sections: ActivitySection[] = [
    {
      title: 'Bookings and attendance',
      columns: [
        { label: 'When', width: 130 },
        { label: 'Class or event', grow: 1 },
        { label: 'Attendance', width: 100 },
      ],
      rows: bookings.map((b) => [at(b.startsAt), b.className, attendanceWords(b, now)]),
      empty: 'No bookings.',
      notes: cutNote(bookings.length, 'bookings'),
    },
    {
      title: 'Purchases',
      columns: [
        { label: 'Invoice', width: 62 },
        { label: 'Date', width: 70 },
        { label: 'Items', grow: 1 },
        { label: 'Total', width: 66, align: 'right' },
        { label: 'Paid', width: 66, align: 'right' },
        { label: 'Refunded', width: 60, align: 'right' },
        { label: 'Status', width: 56 },
      ],
      rows: invoices.map((i) => [
        formatInvoiceNumber(i.number),
        day(i.createdAt),
        i.items || '—',
        formatMoney(i.total, i.currency),
        formatMoney(i.amountPaid, i.currency),
        i.amountRefunded ? formatMoney(i.amountRefunded, i.currency) : '—',
        INVOICE_STATUS_LABELS[i.status],
      ]),
      empty: 'No purchases.',
      notes: [
        ...totals.map(
          (t) =>
            `${plural(t.count, 'invoice')} (void ones aside): invoiced ${formatMoney(t.total, t.currency)}, paid ${formatMoney(t.paid, t.currency)}, refunded ${formatMoney(t.refunded, t.currency)}, net ${formatMoney(t.paid - t.refunded, t.currency)}, owed ${formatMoney(t.balance, t.currency)}.`,
        ),
        ...cutNote(invoices.length, 'invoices'),
      ],
    },
    {
      title: 'Memberships',
      columns: [
        { label: 'Membership', grow: 1 },
        { label: 'Kind', width: 62 },
        { label: 'Status', width: 62 },
        { label: 'Started', width: 70 },
        { label: 'Paid until', width: 70 },
        { label: 'Ended', width: 70 },
        { label: 'Price', width: 64, align: 'right' },
      ],
      rows: memberships.map((m) => [
        m.name,
        MEMBERSHIP_KIND[m.membershipType],
        m.cancelAtPeriodEnd && !m.cancelledAt ? `${MEMBERSHIP_STATUS[m.status]} (ends)` : MEMBERSHIP_STATUS[m.status],
        day(m.startedAt),
        day(m.periodEndsAt),
        day(m.cancelledAt),
        `${formatMoney(m.priceMinor, m.currency)}${m.frequency ? ` ${m.frequency}` : ''}`,
      ]),
      empty: 'No memberships.',
      notes: cutNote(memberships.length, 'memberships'),
    },
    {
      title: 'Forms',
      columns: [
        { label: 'Form', grow: 1 },
        { label: 'Kind', width: 70 },
        { label: 'Signed by', grow: 1 },
        { label: 'Date', width: 130 },
        { label: 'Signature', width: 90 },
      ],
      rows: forms.map((f) => [
        f.formName,
        FORM_KIND[f.formType],
        f.signerName,
        at(f.signedAt),
        !f.signed ? 'Not signed' : f.formType === 'WAIVER' && !f.confirmedAt ? 'Awaiting confirmation' : 'Signed',
      ]),
      empty: 'No forms.',
      notes: cutNote(forms.length, 'forms'),
    },
  ];

  return {
    studioName: tenant.name,
    logo: await loadLogo(platform.media, tenantId, tenant.settings.logo),
    contactName,
    contactLines: [contact.email, contact.phone, `Contact since ${day(contact.createdAt)}`].filter(Boolean),
    generated: `${at(now)} (${timeZone})`,
    summary: [
      ['Bookings', String(attendance.places)],
      ['Checked in', String(attendance.attended)],
      ['No-shows', String(attendance.noShows)],
      ['Late cancels', String(attendance.lateCancels)],
      ...totals.map((t): [string, string] => [
        `Paid, net (${t.currency})`,
        formatMoney(t.paid - t.refunded, t.currency),
      ]),
      ['Active memberships', String(activeMemberships.length)],
      ['Forms', String(forms.length)],
    ],
    sections,
  };
}

/** The activity report as a PDF and its file name. */
export async function contactActivityPdf(
  platform: Platform,
  ctx: Authenticated,
  contactId: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const now = new Date();
  const input = await contactActivity(platform, ctx, contactId, now);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: knownTimeZone(ctx.tenant.settings.timezone) }).format(now);
  return { pdf: await renderContactActivityPdf(input), filename: `activity-report-${date}.pdf` };
}
