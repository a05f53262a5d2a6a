import { AccountDetail, ErrorBody, permissionsOf } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';

/** Spec 1 §3 "Account detail flags (drive admin menus)"; the spec does not show the path. */
export function registerAccountRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/rest/account/detail',
    {
      schema: {
        tags: ['account'],
        summary: 'Flags that drive the admin menu',
        response: { 200: AccountDetail, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { tenant, auth } = requireStaff(request);
      const s = tenant.settings;
      return {
        isShowEventsMenu: s.isShowEventsMenu,
        isShowAssessment: s.isShowAssessment,
        isShowFormsMenu: s.isShowFormsMenu,
        isShowMerchandiseMenu: s.isShowMerchandiseMenu,
        isShowDonationMenu: s.isShowDonationMenu,
        isShowCampaignsMenu: s.isShowCampaignsMenu,
        orgId: tenant.orgId,
        masterOrgId: tenant.masterOrgId,
        permissions: permissionsOf(auth.role, s.tenantRoles),
      };
    },
  );
}
