import {
  formatDecimal,
  nextDate,
  PACK_FIGURES,
  type PackReport,
  type PackReportQuery,
  type PackReportRow,
  packsExpiringBy,
  startOfDayInZone,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { packCreditMoves, packCreditsNow, packMoney } from './packs-report.repo.ts';
import { reportDays } from './report-days.ts';

type Query = z.output<typeof PackReportQuery>;

const emptyRow = (key: string, label: string, kind: PackReportRow['kind']): PackReportRow => ({
  key,
  label,
  kind,
  sold: 0,
  amount: 0,
  granted: 0,
  used: 0,
  returned: 0,
  expired: 0,
  expiring: 0,
  open: 0,
});

const kindOf = (type: string | null): PackReportRow['kind'] =>
  type === null ? 'other' : type === 'card' ? 'pack' : 'membership';

/**
 * GET /itemreport/packs: per class pack (or membership with credits), what was sold and what its
 * credits did in the range (the studio's days), and what is left of them now. The totals are the
 * rows' sums.
 */
export function packReport(platform: Platform, { tenant }: Authenticated, query: Query): Promise<PackReport> {
  const { tenantId } = tenant;
  const { timeZone, from, to } = reportDays(tenant, query);
  const currency = currencyOf(tenant);
  const expiringBy = packsExpiringBy(query.to);
  const expiringBefore = startOfDayInZone(nextDate(expiringBy), timeZone);
  const now = platform.clock.now();
  return readTenant(platform.db, tenantId, async (tx) => {
    const money = await packMoney(tx, tenantId, currency, from, to);
    const moves = await packCreditMoves(tx, tenantId, from, to);
    const left = await packCreditsNow(tx, tenantId, now, expiringBefore);
    const byKey = new Map<string, PackReportRow>();
    const rowOf = (found: { key: string; name: string | null; type: string | null }) => {
      let row = byKey.get(found.key);
      if (!row) {
        row = emptyRow(found.key, found.name ?? 'Other credits', kindOf(found.type));
        byKey.set(found.key, row);
      }
      return row;
    };
    for (const m of money) rowOf(m).amount = m.amount;
    for (const m of moves) {
      const row = rowOf(m);
      row.sold = m.sold;
      row.granted = m.granted;
      row.used = m.booked - m.returned;
      row.returned = m.returned;
      row.expired = m.expired;
    }
    for (const l of left) {
      const row = rowOf(l);
      row.open = l.open;
      row.expiring = l.expiring;
    }
    const rows = [...byKey.values()]
      .filter((row) => PACK_FIGURES.some((figure) => row[figure] !== 0))
      .sort((a, b) => b.amount - a.amount || b.granted - a.granted || a.label.localeCompare(b.label));
    const totals = emptyRow('total', 'Total', 'other');
    for (const row of rows) for (const figure of PACK_FIGURES) totals[figure] += row[figure];
    return {
      from: query.from,
      to: query.to,
      timeZone,
      currency,
      groupBy: query.groupBy,
      expiringBy,
      asOf: now.toISOString(),
      rows,
      totals,
    };
  });
}

/** The packs report as CSV (the amount as a decimal of the currency), the totals last. */
export function packReportCsv(report: PackReport): string {
  const line = (row: PackReportRow) => [
    row.label,
    row.key === 'total' ? '' : row.kind,
    ...PACK_FIGURES.map((figure) =>
      figure === 'amount' ? formatDecimal(row.amount, report.currency) : String(row[figure]),
    ),
  ];
  return toCsv([[report.groupBy, 'kind', ...PACK_FIGURES], ...report.rows.map(line), line(report.totals)]);
}
