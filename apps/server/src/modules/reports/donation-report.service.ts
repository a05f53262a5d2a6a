import {
  type DonationReport,
  type DonationReportQuery,
  type DonationReportRow,
  formatDecimal,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { donationTotals } from './donation-report.repo.ts';
import { reportDays } from './report-days.ts';

type Query = z.output<typeof DonationReportQuery>;

const SUMMED = ['gifts', 'donors', 'oneTime', 'monthly', 'refunded', 'net'] as const;

/**
 * GET /itemreport/donations: each campaign's gifts paid in the range (the studio's days), one-time
 * and monthly, with what was refunded of them. The totals' donors are the campaigns' donors added
 * up (one person giving to two campaigns counts in each).
 */
export function donationReport(platform: Platform, { tenant }: Authenticated, query: Query): Promise<DonationReport> {
  const { tenantId } = tenant;
  const { timeZone, from, to } = reportDays(tenant, query);
  const currency = currencyOf(tenant);
  return readTenant(platform.db, tenantId, async (tx) => {
    const rows: DonationReportRow[] = (await donationTotals(tx, tenantId, currency, from, to)).map((row) => ({
      ...row,
      net: row.oneTime + row.monthly - row.refunded,
    }));
    const totals: DonationReportRow = {
      key: 'total',
      label: 'Total',
      gifts: 0,
      donors: 0,
      oneTime: 0,
      monthly: 0,
      refunded: 0,
      net: 0,
    };
    for (const row of rows) for (const field of SUMMED) totals[field] += row[field];
    return { from: query.from, to: query.to, timeZone, currency, groupBy: query.groupBy, rows, totals };
  });
}

/** The donations report as CSV (amounts as decimals), the totals last. */
export function donationReportCsv(report: DonationReport): string {
  const line = (row: DonationReportRow) => [
    row.label,
    String(row.gifts),
    String(row.donors),
    ...(['oneTime', 'monthly', 'refunded', 'net'] as const).map((field) => formatDecimal(row[field], report.currency)),
  ];
  return toCsv([[report.groupBy, ...SUMMED], ...report.rows.map(line), line(report.totals)]);
}
