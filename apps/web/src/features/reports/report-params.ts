import {
  ATTENDANCE_GROUP_LABELS,
  ATTENDANCE_GROUPS,
  DONATION_GROUP_LABELS,
  DONATION_GROUPS,
  dateInZone,
  MEMBERSHIP_GROUP_LABELS,
  MEMBERSHIP_GROUPS,
  SALES_GROUP_LABELS,
  SALES_GROUPS,
} from '@atrium/contracts';

/** The reports of /reports, each with its groupings (the first is its default). */
export const REPORT_KINDS = {
  sales: { title: 'Sales', groups: SALES_GROUPS, labels: SALES_GROUP_LABELS as Record<string, string> },
  attendance: {
    title: 'Attendance',
    groups: ATTENDANCE_GROUPS,
    labels: ATTENDANCE_GROUP_LABELS as Record<string, string>,
  },
  donations: {
    title: 'Donations',
    groups: DONATION_GROUPS,
    labels: DONATION_GROUP_LABELS as Record<string, string>,
  },
  memberships: {
    title: 'Memberships',
    groups: MEMBERSHIP_GROUPS,
    labels: MEMBERSHIP_GROUP_LABELS as Record<string, string>,
  },
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;

export interface ReportParams {
  report: ReportKind;
  from: string;
  to: string;
  groupBy: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This month so far in the studio's zone: the first of the month to today. */
export function thisMonthSoFar(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dateInZone(now, timeZone);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/**
 * The report's state from the address (so a filtered report can be linked and survives a reload):
 * missing or malformed parts fall back to the sales report of this month so far, by its first grouping.
 */
export function reportParamsFrom(search: URLSearchParams, timeZone: string, now = new Date()): ReportParams {
  const fallback = thisMonthSoFar(timeZone, now);
  const report = (search.get('report') ?? '') in REPORT_KINDS ? (search.get('report') as ReportKind) : 'sales';
  const groups: readonly string[] = REPORT_KINDS[report].groups;
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const groupBy = search.get('groupBy') ?? '';
  return {
    report,
    from: DATE.test(from) ? from : fallback.from,
    to: DATE.test(to) ? to : fallback.to,
    groupBy: groups.includes(groupBy) ? groupBy : (groups[0] as string),
  };
}

/** The address of a report (the dashboard's tiles link to one). */
export function reportPath(params: ReportParams): string {
  const { report, from, to, groupBy } = params;
  return `/reports?${new URLSearchParams({ report, from, to, groupBy })}`;
}

/** The query of a report's calls. */
export const reportQuery = (params: ReportParams) =>
  `from=${encodeURIComponent(params.from)}&to=${encodeURIComponent(params.to)}&groupBy=${encodeURIComponent(params.groupBy)}`;
