import {
  SALES_FILTER_BASIS,
  SALES_GROUP_BASIS,
  SALES_GROUPS,
  SALES_LINE_SORTS_BY_BASIS,
  SALES_LINES_PAGE_SIZE_DEFAULT,
  type SalesGroup,
  type SalesLineSort,
} from '@atrium/contracts';
import { type ReportParams, thisMonthSoFar } from './report-params';

/**
 * /reports/lines: the rows behind a sales report's figure. Its state is the report's query (range,
 * grouping, filters), the row's key, and the page (offset, sort, order), all in the address, so a
 * figure links to its rows and the rows survive a reload.
 */
export interface SalesLinesParams {
  from: string;
  to: string;
  groupBy: SalesGroup;
  /** The report row's key; absent: every row of the range. */
  key?: string;
  filters?: Record<string, string>;
  offset: number;
  sort: SalesLineSort;
  order: 'asc' | 'desc';
}

export const SALES_LINES_PAGE_SIZE = SALES_LINES_PAGE_SIZE_DEFAULT;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTERS = Object.keys(SALES_FILTER_BASIS) as (keyof typeof SALES_FILTER_BASIS)[];

/** The rows' state from the address; malformed parts fall back (this month, by day, newest first). */
export function salesLinesParamsFrom(search: URLSearchParams, timeZone: string, now = new Date()): SalesLinesParams {
  const fallback = thisMonthSoFar(timeZone, now);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const asked = search.get('groupBy') ?? '';
  const groupBy = (SALES_GROUPS as readonly string[]).includes(asked) ? (asked as SalesGroup) : 'day';
  const basis = SALES_GROUP_BASIS[groupBy];
  const filters: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value && SALES_FILTER_BASIS[name] === basis) filters[name] = value;
  }
  const sorts = SALES_LINE_SORTS_BY_BASIS[basis];
  const sort = sorts.includes(search.get('sort') as SalesLineSort) ? (search.get('sort') as SalesLineSort) : 'date';
  const offset = Number(search.get('offset') ?? 0);
  const key = search.get('key');
  return {
    from: DATE.test(from) ? from : fallback.from,
    to: DATE.test(to) ? to : fallback.to,
    groupBy,
    ...(key === null ? {} : { key }),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    offset: Number.isInteger(offset) && offset >= 0 ? offset : 0,
    sort,
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The rows' query: the address's and the calls' (the CSV ignores the page). */
export function salesLinesSearch(params: SalesLinesParams): URLSearchParams {
  const search = new URLSearchParams({ from: params.from, to: params.to, groupBy: params.groupBy });
  if (params.key !== undefined) search.set('key', params.key);
  for (const [name, value] of Object.entries(params.filters ?? {})) search.set(name, value);
  if (params.offset > 0) search.set('offset', String(params.offset));
  if (params.sort !== 'date') search.set('sort', params.sort);
  if (params.order !== 'desc') search.set('order', params.order);
  return search;
}

/** The address of the rows behind one row of a sales report (no key: behind its totals). */
export function salesLinesPath(report: ReportParams, key?: string): string {
  const params: SalesLinesParams = {
    from: report.from,
    to: report.to,
    groupBy: report.groupBy as SalesGroup,
    ...(key === undefined ? {} : { key }),
    ...(report.filters ? { filters: report.filters } : {}),
    offset: 0,
    sort: 'date',
    order: 'desc',
  };
  return `/reports/lines?${salesLinesSearch(params)}`;
}

/** The sales report these rows are behind (the way back). */
export function salesReportPath(params: SalesLinesParams): string {
  const search = new URLSearchParams({ report: 'sales', from: params.from, to: params.to, groupBy: params.groupBy });
  for (const [name, value] of Object.entries(params.filters ?? {})) search.set(name, value);
  return `/reports?${search}`;
}
