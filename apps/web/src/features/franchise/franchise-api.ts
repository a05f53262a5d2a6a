import type { FranchiseSwitchGrant, FranchiseSwitchResponse } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/**
 * The franchise switch's two calls (decisions.md "Franchise"). Apart from franchise-switch.ts, which
 * logs out through the session actions, so the session's boot can exchange a code without an import cycle.
 */
export const franchiseSwitchApi = {
  grant: (tenantId: string, masterAdminId: string) =>
    apiRequest<FranchiseSwitchGrant>(`/rest/tenant/${encodeURIComponent(tenantId)}/token`, {
      query: { masterAdminId },
    }),
  exchange: (code: string) =>
    apiRequest<FranchiseSwitchResponse>('/public/franchise/switch', { method: 'POST', body: { code } }),
};
