import {
  CONTACT_REPORT_CSV_COLUMNS,
  CONTACT_REPORT_NONE,
  CONTACT_SOURCE_LABELS,
  type ContactReport,
  type ContactReportQuery,
  type ContactReportRow,
  type ContactSource,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { addedPerPeriod, contactTotals, perAttribute, perTag } from './contacts-report.repo.ts';
import { reportDays } from './report-days.ts';

type Query = z.output<typeof ContactReportQuery>;
type Period = 'day' | 'week' | 'month';

/** The date `days` after `date` (calendar dates, no zone). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A day's period key, as the repo's SQL keys it: the day, its week's Monday, its month. */
function periodOf(date: string, period: Period): string {
  if (period === 'day') return date;
  if (period === 'month') return date.slice(0, 7);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return plusDays(date, -((weekday + 6) % 7));
}

/** Every period the range touches, in order (a growth table has no gaps). */
export function periodsOf(from: string, to: string, period: Period): string[] {
  const keys: string[] = [];
  for (let day = from; day <= to; day = plusDays(day, 1)) {
    const key = periodOf(day, period);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

function labelOf(group: Query['groupBy'], key: string, stored: string): string {
  if (group === 'week') return `Week of ${key}`;
  if (group === 'day' || group === 'month') return key;
  if (key === '') return CONTACT_REPORT_NONE[group];
  if (group === 'source') return CONTACT_SOURCE_LABELS[key as ContactSource] ?? key;
  return stored || key;
}

/**
 * GET /itemreport/contacts: the studio's contacts at the range's start and end (its days, in its
 * zone) and the new ones in it: per day, week or month with the running total, or per source,
 * lead source or tag. Counted in SQL from the contacts rows.
 */
export function contactReport(platform: Platform, { tenant }: Authenticated, query: Query): Promise<ContactReport> {
  const { tenantId } = tenant;
  const { timeZone, from, to } = reportDays(tenant, query);
  const group = query.groupBy;
  return readTenant(platform.db, tenantId, async (tx) => {
    const total = await contactTotals(tx, tenantId, from, to);
    const totals: ContactReportRow = {
      key: 'total',
      label: 'Total',
      atStart: total.atStart,
      added: total.added,
      atEnd: total.atStart + total.added,
    };
    let rows: ContactReportRow[];
    if (group === 'day' || group === 'week' || group === 'month') {
      const added = new Map(
        (await addedPerPeriod(tx, tenantId, from, to, group, timeZone)).map((r) => [r.key, r.added]),
      );
      let running = total.atStart;
      rows = periodsOf(query.from, query.to, group).map((key) => {
        const atStart = running;
        running += added.get(key) ?? 0;
        return { key, label: labelOf(group, key, ''), atStart, added: running - atStart, atEnd: running };
      });
    } else {
      const counted =
        group === 'tag' ? await perTag(tx, tenantId, from, to) : await perAttribute(tx, tenantId, from, to, group);
      rows = counted
        .filter((row) => row.atStart + row.added > 0)
        .map((row) => ({
          key: row.key,
          label: labelOf(group, row.key, row.label),
          atStart: row.atStart,
          added: row.added,
          atEnd: row.atStart + row.added,
        }))
        // the biggest groups first; none recorded last
        .sort(
          (a, b) => Number(a.key === '') - Number(b.key === '') || b.atEnd - a.atEnd || a.label.localeCompare(b.label),
        );
    }
    return { from: query.from, to: query.to, timeZone, groupBy: group, rows, totals };
  });
}

/** The contacts report as CSV: the group's label, contacts at its start, new, at its end; the totals last. */
export function contactReportCsv(report: ContactReport): string {
  const line = (row: ContactReportRow) => [
    row.label,
    ...CONTACT_REPORT_CSV_COLUMNS.map((column) => String(row[column])),
  ];
  const header = [report.groupBy, ...CONTACT_REPORT_CSV_COLUMNS];
  return toCsv([header, ...report.rows.map(line), line(report.totals)]);
}
