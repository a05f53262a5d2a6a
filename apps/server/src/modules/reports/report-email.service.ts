import {
  AttendanceReportQuery,
  ContactReportQuery,
  DonationReportQuery,
  LINE_KIND_LABELS,
  MembershipReportQuery,
  PAYMENT_METHOD_LABELS,
  PackReportQuery,
  ReportEmailFields,
  type ReportEmailResult,
  SalesReportQuery,
} from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { invoiceLines, itemCategories } from '../../db/schema/index.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import { enqueueEmail, type RenderedAttachment } from '../mail/outbox.ts';
import { attendanceReport, attendanceReportCsv } from './attendance.service.ts';
import { contactReport, contactReportCsv } from './contacts-report.service.ts';
import { donationReport, donationReportCsv } from './donation-report.service.ts';
import { membershipReport, membershipReportCsv } from './membership-report.service.ts';
import { packReport, packReportCsv } from './packs-report.service.ts';
import { periodInWords, type ReportLike, rangeInWords, renderReportPdf, reportTable } from './report-pdf.ts';
import { salesReport, salesReportCsv } from './sales.service.ts';

/** What makes a report emailable: its GET's query, the service that answers it and its CSV. */
interface EmailedReport {
  title: string;
  query: z.ZodObject;
  make: (platform: Platform, reader: Authenticated, query: never) => Promise<ReportLike>;
  csv: (report: never) => string;
  /** Said in the PDF when the range has no rows. */
  empty: string;
}

function emailed<Q extends z.ZodObject, R extends ReportLike>(
  title: string,
  query: Q,
  make: (platform: Platform, reader: Authenticated, query: z.output<Q>) => Promise<R>,
  csv: (report: R) => string,
  empty = `Nothing in this period.`,
): EmailedReport {
  return { title, query, make, csv, empty } as EmailedReport;
}

/**
 * The reports that can be emailed as a PDF, each POST /itemreport/{kind}/email. A new report plugs
 * in with its line here: its title, its GET's query schema, its service and its CSV function.
 */
export const EMAILED_REPORTS: Record<string, EmailedReport> = {
  sales: emailed('Sales', SalesReportQuery, salesReport, salesReportCsv, 'No sales in this period.'),
  attendance: emailed('Attendance', AttendanceReportQuery, attendanceReport, attendanceReportCsv, 'No classes.'),
  memberships: emailed('Memberships', MembershipReportQuery, membershipReport, membershipReportCsv, 'No memberships.'),
  donations: emailed('Donations', DonationReportQuery, donationReport, donationReportCsv, 'No gifts.'),
  packs: emailed('Class packs', PackReportQuery, packReport, packReportCsv, 'No class packs or credits yet.'),
  contacts: emailed('Contacts', ContactReportQuery, contactReport, contactReportCsv, 'No contacts in this period.'),
};

/** The body of POST /itemreport/{kind}/email: the report's own query and the recipients. */
export function reportEmailBody(kind: string): z.ZodObject {
  const report = EMAILED_REPORTS[kind];
  if (!report) throw new Error(`no emailed report '${kind}'`);
  return report.query.extend(ReportEmailFields.shape);
}

/** The outbox attachment kind of an emailed report's PDF. */
export const REPORT_PDF_ATTACHMENT = 'report-pdf';

/** Report emails one staff member may send per window (AuthThrottle's, 15 minutes by default). */
export const REPORT_EMAILS_PER_PERSON = 10;
/**
 * The most rows a report's PDF holds (about 7 pages; a year by week fits). react-pdf with the font
 * chain laid out 30 to 80 rows a second on a busy 2-core machine, in the mail job's process (it holds
 * the event loop meanwhile): a longer report is refused with what to do instead (decisions.md).
 */
export const REPORT_PDF_MAX_ROWS = 250;
/** Report emails from one IP per window, whoever asks. */
const REPORT_EMAILS_PER_IP = 30;

/** What the outbox row keeps to make the PDF when the email is sent: the figures as they were asked. */
interface ReportPdfRef {
  kind: string;
  report: ReportLike;
  madeAt: string;
  narrowedTo?: string[];
}

/**
 * The filters a report was narrowed by, in words (`item: Cork mat`, `kind: Products`): an item by
 * the name it was sold under, a category by its name (the report has checked both are the studio's).
 */
async function filtersInWords(tx: Tx, tenantId: string, filters: Record<string, string> | undefined) {
  const words: string[] = [];
  for (const [name, value] of Object.entries(filters ?? {})) {
    let said = value;
    if (name === 'item') {
      const [line] = await tx
        .select({ name: sql<string | null>`min(${invoiceLines.name})` })
        .from(invoiceLines)
        .where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.itemId, value)));
      said = line?.name ?? 'an item not sold yet';
    } else if (name === 'category') {
      const [category] = await tx
        .select({ name: itemCategories.name })
        .from(itemCategories)
        .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, value)));
      said = category?.name ?? value;
    } else if (name === 'kind') {
      said = LINE_KIND_LABELS[value as keyof typeof LINE_KIND_LABELS] ?? value;
    } else if (name === 'method') {
      said = PAYMENT_METHOD_LABELS[value as keyof typeof PAYMENT_METHOD_LABELS] ?? value;
    }
    words.push(`${name}: ${said}`);
  }
  return words;
}

/** `Sales by day`: the report and its grouping as the PDF and the subject name it. */
function reportTitle(kind: string, report: ReportLike, csv: string): string {
  const grouping = reportTable(report, csv).headings[0] ?? report.groupBy;
  return `${EMAILED_REPORTS[kind]?.title ?? kind} by ${grouping.toLowerCase()}`;
}

/** When the figures were read, in the studio's zone and in words. */
function madeAtInWords(now: Date, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(now);
  return `Made ${when}`;
}

/**
 * POST /itemreport/{kind}/email: the report of the query, as its GET answers it now, mailed as a PDF
 * to `recipients` (the asking staff member when none is named), one message to them all. The figures
 * are kept with the outbox row; the mail job makes the PDF from them and sends it (a retry sends the
 * same figures). Within the per-person and per-IP limits.
 */
export async function emailReport(
  platform: Platform,
  reader: Authenticated,
  kind: string,
  body: Record<string, unknown>,
  ip: string,
): Promise<ReportEmailResult> {
  const emailed = EMAILED_REPORTS[kind];
  if (!emailed) throw new Error(`no emailed report '${kind}'`);
  const { tenant, auth } = reader;
  const { recipients: named, ...query } = body as { recipients?: string[] };
  const sender = await readTenant(platform.db, tenant.tenantId, (tx) => findPerson(tx, tenant.tenantId, auth.sub));
  const recipients = [...new Set(named ?? (sender?.email ? [sender.email.toLowerCase()] : []))];
  if (recipients.length === 0) throw badRequest('recipients', 'Name at least one recipient');

  const wait = await platform.throttle.take(tenant.tenantId, 'report_email', auth.sub, ip, {
    perAccount: REPORT_EMAILS_PER_PERSON,
    perIp: REPORT_EMAILS_PER_IP,
  });
  if (wait > 0) throw tooManyRequests(`Too many reports emailed. ${tryAgainIn(wait)}`);

  const report = await emailed.make(platform, reader, query as never);
  if (report.rows.length > REPORT_PDF_MAX_ROWS) {
    throw badRequest(
      'groupBy',
      `This report has ${report.rows.length} rows; a PDF holds at most ${REPORT_PDF_MAX_ROWS}. Group it by a longer period, shorten the range, or download the CSV.`,
    );
  }
  const csv = emailed.csv(report as never);
  const title = reportTitle(kind, report, csv);
  const period = periodInWords(report);
  const who = [sender?.name, sender?.lastName].filter(Boolean).join(' ') || 'A colleague';
  const madeAt = madeAtInWords(platform.clock.now(), report.timeZone);
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const narrowedTo = await filtersInWords(tx, tenant.tenantId, report.filters);
    const ref: ReportPdfRef = { kind, report, madeAt, narrowedTo };
    await enqueueEmail(tx, tenant.tenantId, {
      to: recipients.join(', '),
      subject: `${title}, ${rangeInWords(report)} – ${tenant.name}`,
      text: [
        'Hello,',
        '',
        `${who} sent you the ${title.charAt(0).toLowerCase()}${title.slice(1)} report of ${tenant.name}:`,
        `${period}.`,
        '',
        'The report is attached as a PDF.',
        '',
        tenant.name,
      ].join('\n'),
      attachment: { kind: REPORT_PDF_ATTACHMENT, ref: JSON.stringify(ref) },
    });
  });
  void platform.outbox.kick();
  return { recipients, rows: report.rows.length };
}

/** Makes an emailed report's PDF when its email is sent (the outbox's renderer for REPORT_PDF_ATTACHMENT). */
export function registerReportPdfAttachment(platform: Platform): void {
  platform.outbox.registerAttachment(REPORT_PDF_ATTACHMENT, async (tenantId, ref): Promise<RenderedAttachment> => {
    const { kind, report, madeAt, narrowedTo } = JSON.parse(ref) as ReportPdfRef;
    const emailed = EMAILED_REPORTS[kind];
    const tenant = await platform.tenants.byId(tenantId);
    if (!emailed || !tenant) throw new Error(`report PDF of '${kind}' for a tenant or report that is gone`);
    const csv = emailed.csv(report as never);
    const content = await renderReportPdf({
      studio: tenant.name,
      title: reportTitle(kind, report, csv),
      report,
      table: reportTable(report, csv),
      madeAt,
      empty: emailed.empty,
      narrowedTo,
    });
    return {
      filename: `${kind}-${report.groupBy}-${report.from}-${report.to}.pdf`,
      content,
      contentType: 'application/pdf',
    };
  });
}
