import type { DashboardSummary, SalesGroup, SalesReport } from '@atrium/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../lib/api';
import { saveBlob } from '../../lib/save-file';

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

export interface SalesParams {
  from: string;
  to: string;
  groupBy: SalesGroup;
}

const salesQuery = (p: SalesParams) =>
  `from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}&groupBy=${encodeURIComponent(p.groupBy)}`;

/** GET /itemreport/sales for a range and grouping (kept while the next one loads). */
export function useSalesReport(params: SalesParams, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'sales', params] as const,
    queryFn: ({ signal }) =>
      apiRequest<SalesReport>(`/itemreport/sales?${salesQuery(params)}`, { signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 15_000,
  });
}

/** Downloads the report as CSV (the server's own file: the same figures, totals last). */
export async function downloadSalesCsv(params: SalesParams): Promise<void> {
  const blob = await apiFile(`/itemreport/sales.csv?${salesQuery(params)}`);
  saveBlob(blob, `sales-${params.groupBy}-${params.from}-${params.to}.csv`);
}
