import {
  formatDecimal,
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  SALES_GROUP_BASIS,
  type SalesReport,
  type SalesReportQuery,
  type SalesReportRow,
  salesReportCsvColumns,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { reportDays } from './report-days.ts';
import { isCategoryOfTenant, isSellableOfTenant, ledgerTotals, type SalesFilters, salesTotals } from './sales.repo.ts';

type Query = z.output<typeof SalesReportQuery>;

const ZERO = { count: 0, gross: 0, discount: 0, tax: 0, refunds: 0, net: 0 };

function payLabel(group: Query['groupBy'], key: string): string {
  if (group === 'method') return PAYMENT_METHOD_LABELS[key as keyof typeof PAYMENT_METHOD_LABELS] ?? key;
  if (group === 'staff') return key || 'Online (card or bank)';
  if (group === 'week') return `Week of ${key}`;
  return key;
}

/** The query's filters that are set. */
export function filtersOf(query: Query): SalesFilters {
  const filters: SalesFilters = {};
  for (const name of ['item', 'category', 'kind', 'method'] as const) {
    const value = query[name];
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

/**
 * GET /itemreport/sales: the range's money received and refunded (by day, week, month, method or
 * who took it) or what was sold (by item, category or kind), in the studio's zone and currency,
 * summed in SQL from the ledger and the invoice lines; totals are the rows' sums.
 */
export function salesReport(platform: Platform, { tenant }: Authenticated, query: Query): Promise<SalesReport> {
  const { tenantId } = tenant;
  const { timeZone, from, to } = reportDays(tenant, query);
  const currency = currencyOf(tenant);
  const basis = SALES_GROUP_BASIS[query.groupBy];
  const filters = filtersOf(query);
  return readTenant(platform.db, tenantId, async (tx) => {
    // another studio's item or category is not one of this studio's: 404, as any other id
    if (filters.item !== undefined && !(await isSellableOfTenant(tx, tenantId, filters.item))) throw notFound('Item');
    if (filters.category !== undefined && !(await isCategoryOfTenant(tx, tenantId, filters.category))) {
      throw notFound('Category');
    }
    let rows: SalesReportRow[];
    if (basis === 'payments') {
      const group = query.groupBy as 'day' | 'week' | 'month' | 'method' | 'staff';
      rows = (await ledgerTotals(tx, tenantId, currency, from, to, group, timeZone, filters)).map((row) => ({
        ...ZERO,
        key: row.key,
        label: payLabel(group, row.key),
        count: row.count,
        gross: row.gross,
        refunds: row.refunds,
        net: row.gross - row.refunds,
      }));
    } else {
      const group = query.groupBy as 'item' | 'category' | 'kind';
      rows = (await salesTotals(tx, tenantId, currency, from, to, group, filters)).map((row) => ({
        ...ZERO,
        key: row.key,
        label:
          group === 'kind'
            ? (LINE_KIND_LABELS[row.key as keyof typeof LINE_KIND_LABELS] ?? row.key)
            : row.label || (group === 'category' ? 'Not in the catalogue' : row.key),
        count: row.count,
        gross: row.gross,
        discount: row.discount,
        tax: row.tax,
        net: row.net,
      }));
    }
    const totals: SalesReportRow = { ...ZERO, key: 'total', label: 'Total' };
    for (const row of rows) {
      totals.count += row.count;
      totals.gross += row.gross;
      totals.discount += row.discount;
      totals.tax += row.tax;
      totals.refunds += row.refunds;
      totals.net += row.net;
    }
    return {
      from: query.from,
      to: query.to,
      timeZone,
      currency,
      groupBy: query.groupBy,
      basis,
      ...(Object.keys(filters).length > 0 ? { filters } : {}),
      rows,
      totals,
    };
  });
}

/** The report as CSV: amounts as decimals of the currency, the totals as the last line. */
export function salesReportCsv(report: SalesReport): string {
  const columns = salesReportCsvColumns(report.basis);
  const header = columns.map((column) => (column === 'label' ? report.groupBy : column));
  const line = (row: SalesReportRow) =>
    columns.map((column) =>
      column === 'label'
        ? row.label
        : column === 'count'
          ? String(row.count)
          : formatDecimal(row[column] as number, report.currency),
    );
  return toCsv([header, ...report.rows.map(line), line(report.totals)]);
}
