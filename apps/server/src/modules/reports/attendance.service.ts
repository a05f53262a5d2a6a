import {
  type AttendanceReport,
  type AttendanceReportQuery,
  type AttendanceReportRow,
  fillRate,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { attendanceTotals } from './attendance.repo.ts';
import { reportDays } from './report-days.ts';

type Query = z.output<typeof AttendanceReportQuery>;

const UNNAMED: Record<Query['groupBy'], string> = { class: '', teacher: 'No teacher', room: 'No room', day: '' };

/**
 * GET /itemreport/attendance: the sessions that start in the range (the studio's days), grouped by
 * class, teacher, room or day; the fill rate is booked of capacity.
 */
export function attendanceReport(
  platform: Platform,
  { tenant }: Authenticated,
  query: Query,
): Promise<AttendanceReport> {
  const { tenantId } = tenant;
  const { timeZone, from, to } = reportDays(tenant, query);
  return readTenant(platform.db, tenantId, async (tx) => {
    const rows: AttendanceReportRow[] = (await attendanceTotals(tx, tenantId, from, to, query.groupBy)).map((row) => ({
      ...row,
      label: row.label || UNNAMED[query.groupBy],
      fillRate: fillRate(row.booked, row.capacity),
    }));
    const totals: AttendanceReportRow = {
      key: 'total',
      label: 'Total',
      sessions: 0,
      capacity: 0,
      booked: 0,
      attended: 0,
      noShows: 0,
      lateCancels: 0,
      fillRate: null,
    };
    for (const row of rows) {
      totals.sessions += row.sessions;
      totals.capacity += row.capacity;
      totals.booked += row.booked;
      totals.attended += row.attended;
      totals.noShows += row.noShows;
      totals.lateCancels += row.lateCancels;
    }
    totals.fillRate = fillRate(totals.booked, totals.capacity);
    return { from: query.from, to: query.to, timeZone, groupBy: query.groupBy, rows, totals };
  });
}

const CSV_COLUMNS = ['sessions', 'capacity', 'booked', 'attended', 'noShows', 'lateCancels', 'fillRate'] as const;

/** The attendance report as CSV, the totals last. */
export function attendanceReportCsv(report: AttendanceReport): string {
  const line = (row: AttendanceReportRow) => [
    row.label,
    ...CSV_COLUMNS.map((column) => (row[column] === null ? '' : String(row[column]))),
  ];
  return toCsv([[report.groupBy, ...CSV_COLUMNS], ...report.rows.map(line), line(report.totals)]);
}
