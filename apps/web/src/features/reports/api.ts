import type { DashboardSummary } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

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
