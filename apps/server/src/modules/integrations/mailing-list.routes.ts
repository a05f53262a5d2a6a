import {
  CampaignTenant,
  IntegrationMessage,
  MailchimpCreateList,
  MailchimpList,
  MailchimpStats,
  MailchimpWrite,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admin, adminFirst, providerErrors, tags } from './admin-route.ts';
import type { Integrations } from './integrations.service.ts';
import { createMailchimpList, getMailchimpList, mailchimpStats, saveMailchimp } from './mailchimp.service.ts';
import { deleteMailingList, getMailingList } from './mailing-list.service.ts';

const errors = providerErrors;
const preValidation = adminFirst;
const Params = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * Spec 2 §7 "Mailing list service": GET/POST/PUT /rest/mailingList, GET/DELETE /rest/mailingList/{id},
 * GET /rest/mailingList/stats, on the Mailchimp services behind /campaign/tenant/mailchimp (admins).
 */
export function registerMailingListRoutes(server: FastifyInstance, ctx: Integrations): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/rest/mailingList',
    {
      preValidation,
      schema: { tags, summary: 'The Mailchimp list data, masked', response: { 200: MailchimpList, ...errors } },
    },
    (request) => getMailchimpList(ctx, admin(request).tenant),
  );
  app.post(
    '/rest/mailingList',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a Mailchimp audience and make it the active list (isActiveList)',
        body: MailchimpCreateList,
        response: { 200: CampaignTenant, ...errors },
      },
    },
    (request) => createMailchimpList(ctx, admin(request).tenant, request.body),
  );
  app.put(
    '/rest/mailingList',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Update the list: name, list id, API key, from name and email (checked with Mailchimp)',
        body: MailchimpWrite,
        response: { 200: CampaignTenant, ...errors },
      },
    },
    (request) => saveMailchimp(ctx, admin(request).tenant, request.body),
  );
  app.get(
    '/rest/mailingList/stats',
    { preValidation, schema: { tags, summary: 'The list stats', response: { 200: MailchimpStats, ...errors } } },
    (request) => mailchimpStats(ctx, admin(request).tenant),
  );
  app.get(
    '/rest/mailingList/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: "The list data when {id} is this tenant's audience id",
        params: Params,
        response: { 200: MailchimpList, ...errors },
      },
    },
    (request) => getMailingList(ctx, admin(request).tenant, request.params.id),
  );
  app.delete(
    '/rest/mailingList/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Forget the audience and its key here (the audience stays at Mailchimp); 409 while a resync runs',
        params: Params,
        response: { 200: IntegrationMessage, ...errors },
      },
    },
    (request) => deleteMailingList(ctx, admin(request).tenant, request.params.id),
  );
}
