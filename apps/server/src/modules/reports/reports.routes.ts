import {
  AttendanceReport,
  AttendanceReportQuery,
  ContactReport,
  ContactReportQuery,
  DashboardSummary,
  DonationReport,
  DonationReportQuery,
  ErrorBody,
  MembershipReport,
  MembershipReportQuery,
  PackReport,
  PackReportQuery,
  ReportEmailResult,
  SalesReport,
  SalesReportQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { attendanceReport, attendanceReportCsv } from './attendance.service.ts';
import { contactReport, contactReportCsv } from './contacts-report.service.ts';
import { dashboardSummary } from './dashboard.service.ts';
import { donationReport, donationReportCsv } from './donation-report.service.ts';
import { membershipReport, membershipReportCsv } from './membership-report.service.ts';
import { packReport, packReportCsv } from './packs-report.service.ts';
import { registerReportDocumentRoutes } from './report-documents.routes.ts';
import { EMAILED_REPORTS, emailReport, registerReportPdfAttachment, reportEmailBody } from './report-email.service.ts';
import { salesReport, salesReportCsv } from './sales.service.ts';
import { registerSalesLinesRoutes } from './sales-lines.routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Reports read the takings: admins and staff (decisions.md "Reports"). */
const readReports = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');

/** The dashboard and the reports (spec 1 §2 admin menu: Dashboard, Reports; the "item report" family). */
export function registerReportRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  // the rows behind the sales report's figures, and their streamed CSV
  registerSalesLinesRoutes(server, platform);
  // one sale's page and a contact's activity report
  registerReportDocumentRoutes(server, platform);
  // each report emailed as a PDF: POST /itemreport/{kind}/email (report-email.service.ts)
  registerReportPdfAttachment(platform);
  for (const kind of Object.keys(EMAILED_REPORTS)) {
    app.post(
      `/itemreport/${kind}/email`,
      {
        schema: {
          tags,
          summary: `The ${kind} report as a PDF table, emailed (through the mail job) to the recipients, or to the asking staff member; the body is the report's query plus recipients (at most 10)`,
          body: reportEmailBody(kind),
          response: { 202: ReportEmailResult, ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const sent = await emailReport(platform, readReports(request), kind, request.body, request.ip);
        return reply.code(202).send(sent);
      },
    );
  }

  app.get(
    '/itemreport/dashboard',
    {
      schema: {
        tags,
        summary:
          "Today at a glance and the last 12 months in the studio's zone; money figures for admins and staff only (null for the front desk)",
        response: { 200: DashboardSummary, ...errors },
      },
    },
    (request) => dashboardSummary(platform, requireStaff(request)),
  );

  app.get(
    '/itemreport/sales',
    {
      schema: {
        tags,
        summary:
          "Sales over a date range in the studio's zone: money received and refunded by day, week, month, method or who took it, or what was sold by item, category or kind",
        querystring: SalesReportQuery,
        response: { 200: SalesReport, ...errors },
      },
    },
    (request) => salesReport(platform, readReports(request), request.query),
  );

  app.get(
    '/itemreport/sales.csv',
    {
      schema: {
        tags,
        summary: 'The same sales report as CSV (amounts as decimals; the totals on the last line)',
        querystring: SalesReportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await salesReport(platform, readReports(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-${report.groupBy}-${report.from}-${report.to}.csv"`)
        .send(salesReportCsv(report));
    },
  );

  app.get(
    '/itemreport/attendance',
    {
      schema: {
        tags,
        summary:
          "Attendance of the sessions that start in a date range (the studio's days) by class, teacher, room or day: sessions, places, booked, checked in, no-shows, late cancels, fill rate",
        querystring: AttendanceReportQuery,
        response: { 200: AttendanceReport, ...errors },
      },
    },
    (request) => attendanceReport(platform, readReports(request), request.query),
  );

  app.get(
    '/itemreport/attendance.csv',
    {
      schema: {
        tags,
        summary: 'The same attendance report as CSV (the totals on the last line)',
        querystring: AttendanceReportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await attendanceReport(platform, readReports(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="attendance-${report.groupBy}-${report.from}-${report.to}.csv"`,
        )
        .send(attendanceReportCsv(report));
    },
  );

  app.get(
    '/itemreport/memberships',
    {
      schema: {
        tags,
        summary:
          "Memberships over a date range (the studio's days), per membership: members at the start and end, new, cancelled, paused, past due, suspended, monthly recurring revenue, churn",
        querystring: MembershipReportQuery,
        response: { 200: MembershipReport, ...errors },
      },
    },
    (request) => membershipReport(platform, readReports(request), request.query),
  );

  app.get(
    '/itemreport/memberships.csv',
    {
      schema: {
        tags,
        summary: 'The same memberships report as CSV (the totals on the last line)',
        querystring: MembershipReportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await membershipReport(platform, readReports(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="memberships-${report.from}-${report.to}.csv"`)
        .send(membershipReportCsv(report));
    },
  );

  app.get(
    '/itemreport/donations',
    {
      schema: {
        tags,
        summary:
          "Donations paid in a date range (the studio's days), per campaign: gifts, donors, one-time and monthly amounts, refunded, net",
        querystring: DonationReportQuery,
        response: { 200: DonationReport, ...errors },
      },
    },
    (request) => donationReport(platform, readReports(request), request.query),
  );

  app.get(
    '/itemreport/donations.csv',
    {
      schema: {
        tags,
        summary: 'The same donations report as CSV (the totals on the last line)',
        querystring: DonationReportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await donationReport(platform, readReports(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="donations-${report.from}-${report.to}.csv"`)
        .send(donationReportCsv(report));
    },
  );

  app.get(
    '/itemreport/packs',
    {
      schema: {
        tags,
        summary:
          "Class packs and credits over a date range (the studio's days), per pack or membership with credits: sold and their money (the ledger), credits granted, used, given back, expired; expiring within 30 days of the range's end and open now",
        querystring: PackReportQuery,
        response: { 200: PackReport, ...errors },
      },
    },
    (request) => packReport(platform, readReports(request), request.query),
  );

  app.get(
    '/itemreport/packs.csv',
    {
      schema: {
        tags,
        summary: 'The same class packs and credits report as CSV (the totals on the last line)',
        querystring: PackReportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await packReport(platform, readReports(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="packs-${report.from}-${report.to}.csv"`)
        .send(packReportCsv(report));
    },
  );

  app.get(
    '/itemreport/contacts',
    {
      schema: {
        tags,
        summary:
          "Contacts over a date range (the studio's days): at the start, new and at the end, by day, week or month, or by source, lead source or tag (the team and the walk-in left out)",
        querystring: ContactReportQuery,
        response: { 200: ContactReport, ...errors },
      },
    },
    (request) => contactReport(platform, readReports(request), request.query),
  );

  app.get(
    '/itemreport/contacts.csv',
    {
      schema: {
        tags,
        summary: 'The same contacts report as CSV (the totals on the last line)',
        querystring: ContactReportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await contactReport(platform, readReports(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="contacts-${report.groupBy}-${report.from}-${report.to}.csv"`,
        )
        .send(contactReportCsv(report));
    },
  );
}
