import type { DashboardSummary } from '@atrium/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../lib/api';
import { saveBlob } from '../../lib/save-file';
import type { ReportAnswer } from './report-kinds';
import { REPORT_KINDS, type ReportParams, reportQuery } from './report-params';

export const reportKeys = {
  dashboard: ['reports', 'dashboard'] as const,
};

/** GET /itemreport/dashboard: today at a glance and the last 12 months (money for admins and staff). */
export function useDashboardSummary() {
  return useQuery({
    queryKey: reportKeys.dashboard,
    queryFn: ({ signal }) => apiRequest<DashboardSummary>('/itemreport/dashboard', { signal }),
    staleTime: 30_000,
  });
}

/** GET {the report's path}: the report of a range, grouping and filters (the last one kept while the next loads). */
export function useReport(params: ReportParams) {
  return useQuery({
    queryKey: ['reports', params.report, params] as const,
    queryFn: ({ signal }) =>
      apiRequest<ReportAnswer>(`${REPORT_KINDS[params.report].path}?${reportQuery(params)}`, {
        signal,
        silent: true,
      }),
    // the last figures stay while a new range loads, but never another report's (their rows differ)
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === params.report ? keepPreviousData(previous) : undefined,
    staleTime: 15_000,
  });
}

/** Downloads the report as CSV (the server's own file: the same figures, totals last). */
export async function downloadReportCsv(params: ReportParams): Promise<void> {
  const blob = await apiFile(`${REPORT_KINDS[params.report].path}.csv?${reportQuery(params)}`);
  saveBlob(blob, `${params.report}-${params.groupBy}-${params.from}-${params.to}.csv`);
}
