import { dateInZone, SALES_GROUPS, type SalesGroup } from '@atrium/contracts';
import type { SalesParams } from './api';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This month so far in the studio's zone: the first of the month to today. */
export function thisMonthSoFar(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dateInZone(now, timeZone);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/**
 * The report's state from the address (so a filtered report can be linked and survives a reload):
 * missing or malformed parts fall back to this month so far, by day.
 */
export function salesParamsFrom(search: URLSearchParams, timeZone: string, now = new Date()): SalesParams {
  const fallback = thisMonthSoFar(timeZone, now);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const groupBy = search.get('groupBy') ?? '';
  return {
    from: DATE.test(from) ? from : fallback.from,
    to: DATE.test(to) ? to : fallback.to,
    groupBy: (SALES_GROUPS as readonly string[]).includes(groupBy) ? (groupBy as SalesGroup) : 'day',
  };
}

/** The address of a sales report (the dashboard's tiles link to it). */
export function salesReportPath(params: SalesParams): string {
  return `/reports?${new URLSearchParams({ from: params.from, to: params.to, groupBy: params.groupBy })}`;
}
