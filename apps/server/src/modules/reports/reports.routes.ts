import { DashboardSummary, ErrorBody } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { dashboardSummary } from './dashboard.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The dashboard and the reports (spec 1 §2 admin menu: Dashboard, Reports; the "item report" family). */
export function registerReportRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  app.get(
    '/itemreport/dashboard',
    {
      schema: {
        tags,
        summary:
          "Today at a glance and the last 12 months in the studio's zone; money figures for admins and staff only (null for the front desk)",
        response: { 200: DashboardSummary, ...errors },
      },
    },
    (request) => dashboardSummary(platform, requireStaff(request)),
  );
}
