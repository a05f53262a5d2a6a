import { dateInZone } from '@atrium/contracts';
import { REPORT_KINDS, type ReportKind } from './report-kinds';

export { REPORT_KINDS, type ReportKind } from './report-kinds';

export interface ReportParams {
  report: ReportKind;
  from: string;
  to: string;
  groupBy: string;
  /** The report's filters that apply to its grouping (query name to value); absent when none is set. */
  filters?: Record<string, string>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This month so far in the studio's zone: the first of the month to today. */
export function thisMonthSoFar(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dateInZone(now, timeZone);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The filters of `report` that apply to `groupBy`, kept from `values` (empty ones dropped). */
export function applicableFilters(
  report: ReportKind,
  groupBy: string,
  values: Readonly<Record<string, string | null | undefined>>,
): Record<string, string> | undefined {
  const kept: Record<string, string> = {};
  for (const filter of REPORT_KINDS[report].filters ?? []) {
    const value = values[filter.name];
    if (value && filter.appliesTo(groupBy)) kept[filter.name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * The report's state from the address (so a filtered report can be linked and survives a reload):
 * missing or malformed parts fall back to the sales report of this month so far, by its first
 * grouping; a filter the grouping does not take is dropped.
 */
export function reportParamsFrom(search: URLSearchParams, timeZone: string, now = new Date()): ReportParams {
  const fallback = thisMonthSoFar(timeZone, now);
  const report = (search.get('report') ?? '') in REPORT_KINDS ? (search.get('report') as ReportKind) : 'sales';
  const groups: readonly string[] = REPORT_KINDS[report].groups;
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const asked = search.get('groupBy') ?? '';
  const groupBy = groups.includes(asked) ? asked : (groups[0] as string);
  const filters = applicableFilters(report, groupBy, Object.fromEntries(search));
  return {
    report,
    from: DATE.test(from) ? from : fallback.from,
    to: DATE.test(to) ? to : fallback.to,
    groupBy,
    ...(filters ? { filters } : {}),
  };
}

/** The query of a report: range, grouping, then its filters (the address and the calls use it). */
export function reportSearch(params: ReportParams): URLSearchParams {
  const { report, from, to, groupBy, filters } = params;
  return new URLSearchParams({ report, from, to, groupBy, ...filters });
}

/** The address of a report (the dashboard's tiles link to one). */
export function reportPath(params: ReportParams): string {
  return `/reports?${reportSearch(params)}`;
}

/** The query of a report's calls (its address's, without the report's name). */
export function reportQuery(params: ReportParams): string {
  const search = reportSearch(params);
  search.delete('report');
  return search.toString();
}
