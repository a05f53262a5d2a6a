import type {
  ImpersonateResult,
  MasterPlan,
  MasterPlanCreate,
  MasterPlanList,
  MasterPlanUpdate,
  OperatorAuditList,
  OperatorTenant,
  OperatorTenantList,
  PlanOffers,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export const operatorKeys = {
  plans: ['operator', 'plans'] as const,
  tenants: (query: object) => ['operator', 'tenants', query] as const,
  audit: ['operator', 'audit'] as const,
  publicPlans: ['operator', 'public-plans'] as const,
};

/** The platform operator's calls (issue 28; docs/decisions/tenancy.md "The platform operator"). */
export const operatorApi = {
  plans: () => apiRequest<MasterPlanList>('/rest/masterplan'),
  createPlan: (body: MasterPlanCreate) =>
    apiRequest<MasterPlan>('/rest/masterplan', { method: 'POST', body, silent: true }),
  updatePlan: (id: string, body: MasterPlanUpdate) =>
    apiRequest<MasterPlan>(`/rest/masterplan/${encodeURIComponent(id)}`, { method: 'PUT', body, silent: true }),
  tenants: (query: { search: string; start: number; length: number }) =>
    apiRequest<OperatorTenantList>('/rest/operator/tenants', { query }),
  suspend: (id: string, suspended: boolean) =>
    apiRequest<OperatorTenant>(`/rest/operator/tenants/${encodeURIComponent(id)}/${suspended ? 'suspend' : 'resume'}`, {
      method: 'POST',
      silent: true,
    }),
  impersonate: (id: string) =>
    apiRequest<ImpersonateResult>(`/rest/operator/tenants/${encodeURIComponent(id)}/impersonate`, {
      method: 'POST',
      silent: true,
    }),
  audit: () => apiRequest<OperatorAuditList>('/rest/operator/audit'),
  publicPlans: () => apiRequest<PlanOffers>('/public/tplan'),
};
