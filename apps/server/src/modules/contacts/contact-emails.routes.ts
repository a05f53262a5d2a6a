import { ContactEmailList, ContactEmailsQuery, ContactEmailsRequest, ErrorBody } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Platform } from '../../platform.ts';
import { listContactEmails } from './contact-emails.service.ts';
import { manageContacts } from './contact-permission.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Spec 3 §7.4 POST /esend/email/contact: the contact detail's "Emails" card. Needs "manage contacts". */
export function registerContactEmailRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/esend/email/contact',
    {
      // Checked before the body is validated, so a caller without the right learns nothing from a 400.
      preValidation: async (request) => {
        manageContacts(request);
      },
      schema: {
        tags: ['contacts'],
        summary:
          'The emails sent to a contact of the tenant ({email}; tenantId and orgId are ignored), newest first: subject, status, times',
        body: ContactEmailsRequest,
        querystring: ContactEmailsQuery,
        response: { 200: ContactEmailList, ...errors },
      },
    },
    async (request) =>
      listContactEmails(platform.db, manageContacts(request).tenant, request.body.email, request.query),
  );
}
