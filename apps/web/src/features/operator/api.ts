import type {
  ImpersonateResult,
  ImpersonationEnded,
  ImpersonationState,
  MasterPlan,
  MasterPlanCreate,
  MasterPlanList,
  MasterPlanUpdate,
  MyStudioList,
  OperatorAuditList,
  OperatorTenant,
  OperatorTenantList,
  PlanOffers,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export const operatorKeys = {
  plans: ['operator', 'plans'] as const,
  tenants: (query: object) => ['operator', 'tenants', query] as const,
  audit: (query: object) => ['operator', 'audit', query] as const,
  impersonation: ['operator', 'impersonation'] as const,
  myStudios: ['operator', 'my-studios'] as const,
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
  audit: (query: { search: string; start: number; length: number }) =>
    apiRequest<OperatorAuditList>('/rest/operator/audit', { query }),
  /** On a studio's host: whether this session is the operator acting as its owner. */
  impersonation: () => apiRequest<ImpersonationState>('/rest/operator/impersonation', { silent: true }),
  endImpersonation: () =>
    apiRequest<ImpersonationEnded>('/rest/operator/impersonation/end', { method: 'POST', silent: true }),
  myStudios: () => apiRequest<MyStudioList>('/rest/operator/my-studios'),
  publicPlans: () => apiRequest<PlanOffers>('/public/tplan'),
};
