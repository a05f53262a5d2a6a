import { ErrorBody } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { PublicPage } from './public-page.ts';
import { findPageByName } from './website.repo.ts';

/** Spec 3 §7.1: a published page for the public viewer. The tenant in the path must be the host's. */
export function registerPublicPageRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/stemplate/public/web/:tenantId/:pageName',
    {
      schema: {
        tags: ['website'],
        summary: 'A published website page',
        params: z.object({ tenantId: z.string().max(100), pageName: z.string().max(100) }),
        response: { 200: PublicPage, 404: ErrorBody },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { tenantId, pageName } = request.params;
      if (tenantId !== tenant.tenantId && tenantId !== tenant.orgId) throw notFound('Page');
      const page = await platform.publicPages.get(`${tenant.tenantId}:${pageName.toLowerCase()}`, async () => {
        const row = await withTenant(platform.db, tenant.tenantId, (tx) =>
          findPageByName(tx, tenant.tenantId, pageName.toLowerCase()),
        );
        if (!row?.isPublished || row.isExternalLink) return null;
        const { name, title, header, subHeader, unhtml, css } = row;
        return { name, title, header, subHeader, unhtml: sanitizePageHtml(unhtml), css };
      });
      if (!page) throw notFound('Page');
      return page;
    },
  );
}
