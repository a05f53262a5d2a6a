import {
  churnRate,
  formatDecimal,
  type MembershipReport,
  type MembershipReportQuery,
  type MembershipReportRow,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { membershipTotals } from './membership-report.repo.ts';
import { reportDays } from './report-days.ts';

type Query = z.output<typeof MembershipReportQuery>;

const COUNTS = ['activeAtStart', 'activeAtEnd', 'started', 'cancelled', 'paused', 'pastDue', 'suspended'] as const;

/**
 * GET /itemreport/memberships: each membership product's members over the range (the studio's days),
 * its monthly recurring revenue and churn; the totals are the products' sums.
 */
export function membershipReport(
  platform: Platform,
  { tenant }: Authenticated,
  query: Query,
): Promise<MembershipReport> {
  const { tenantId } = tenant;
  const { timeZone, from, to } = reportDays(tenant, query);
  const currency = currencyOf(tenant);
  return readTenant(platform.db, tenantId, async (tx) => {
    const rows: MembershipReportRow[] = (await membershipTotals(tx, tenantId, currency, from, to)).map((row) => ({
      ...row,
      churnRate: churnRate(row.cancelled, row.activeAtStart),
    }));
    const totals: MembershipReportRow = {
      key: 'total',
      label: 'Total',
      activeAtStart: 0,
      activeAtEnd: 0,
      started: 0,
      cancelled: 0,
      paused: 0,
      pastDue: 0,
      suspended: 0,
      mrr: 0,
      churnRate: null,
    };
    for (const row of rows) {
      for (const count of COUNTS) totals[count] += row[count];
      totals.mrr += row.mrr;
    }
    totals.churnRate = churnRate(totals.cancelled, totals.activeAtStart);
    return { from: query.from, to: query.to, timeZone, currency, groupBy: query.groupBy, rows, totals };
  });
}

/** The memberships report as CSV (MRR as a decimal of the currency), the totals last. */
export function membershipReportCsv(report: MembershipReport): string {
  const line = (row: MembershipReportRow) => [
    row.label,
    ...COUNTS.map((count) => String(row[count])),
    formatDecimal(row.mrr, report.currency),
    row.churnRate === null ? '' : String(row.churnRate),
  ];
  return toCsv([[report.groupBy, ...COUNTS, 'mrr', 'churnRate'], ...report.rows.map(line), line(report.totals)]);
}
