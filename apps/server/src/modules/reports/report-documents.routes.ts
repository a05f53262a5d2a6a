import { ErrorBody, SaleReceipt, SaleReceiptParams } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { manageContacts } from '../contacts/contact-permission.ts';
import { contactActivityPdf } from './contact-activity.service.ts';
import { findSale } from './sale-receipt.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** One sale's page (/reports/sales/{guId}) and a contact's activity report (issue 24). */
export function registerReportDocumentRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  app.get(
    '/itemreport/sale/:guId',
    {
      // the role is checked before the id is read, so a front desk learns nothing from a 400
      preValidation: async (request) => void requireStaff(request, 'admin', 'staff'),
      schema: {
        tags,
        summary:
          "One sale by its guId: a plan payment's receipt (admins), or where the studio's invoice of that id is (admins and staff)",
        params: SaleReceiptParams,
        response: { 200: SaleReceipt, ...errors },
      },
    },
    (request) => findSale(platform, requireStaff(request, 'admin', 'staff'), request.params.guId),
  );

  app.get(
    '/cform/pdf/cactivityreport/:id',
    {
      // whoever may open the contact detail (the Roles screen's "manage contacts"); checked before the id
      preValidation: async (request) => void manageContacts(request),
      schema: {
        tags,
        summary:
          "A contact's activity as a PDF: bookings and attendance, purchases, memberships and forms, in the studio's zone and currency",
        params: z.object({ id: z.uuid('id must be a contact id') }),
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await contactActivityPdf(platform, manageContacts(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
