import {
  CampaignEvent,
  CampaignListQuery,
  CampaignReport,
  ErrorBody,
  MessageResponse,
  SMS_CAMPAIGN_MESSAGES,
  SmsCampaign,
  SmsCampaignInput,
  SmsCampaignList,
  SmsEstimate,
  SmsEstimateInput,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type Authenticated, requireAuth, requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { manageContacts } from '../contacts/contact-permission.ts';
import { contactCampaignEvents, emailCampaignReport } from './campaign-report.ts';
import { registerSmsCampaignJobs, type SmsCampaignOptions } from './sms-campaign-sending.ts';
import * as service from './sms-campaigns.service.ts';
import { applyInbound, applyStatus, verifyProvider } from './sms-webhooks.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const CampaignId = z.object({ id: z.uuid('id must be an SMS campaign id') });
const tags = ['campaigns'];

/** As email campaigns: absent (404) while the Campaigns menu is off; admin and staff inside. */
function requireCampaigns(request: FastifyRequest): Authenticated {
  const { tenant } = requireAuth(request);
  if (!tenant.settings.isShowCampaignsMenu) throw notFound('Page');
  return requireStaff(request, 'admin', 'staff');
}

/** SMS campaigns and the providers' webhooks (issue 26, docs/decisions/campaigns.md "SMS campaigns"). */
export async function registerSmsCampaignRoutes(
  server: FastifyInstance,
  platform: Platform,
  options: SmsCampaignOptions = {},
): Promise<void> {
  registerSmsCampaignJobs(platform, options);
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/sms-campaigns',
    {
      schema: {
        tags,
        summary: "The studio's SMS campaigns with their numbers, newest first (admin, staff)",
        querystring: CampaignListQuery,
        response: { 200: SmsCampaignList, ...errors },
      },
    },
    (request) => service.listSmsCampaigns(platform, requireCampaigns(request).tenant, request.query),
  );

  app.post(
    '/rest/sms-campaigns',
    {
      schema: {
        tags,
        summary: 'Create a draft SMS campaign (admin, staff)',
        body: SmsCampaignInput,
        response: { 201: SmsCampaign, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireCampaigns(request);
      return reply.code(201).send(await service.createSmsCampaign(platform, tenant, auth, request.body));
    },
  );

  app.post(
    '/rest/sms-campaigns/estimate',
    {
      schema: {
        tags,
        summary: 'Recipients, those left out (no mobile, opted out), segments and cost of a text, before sending',
        body: SmsEstimateInput,
        response: { 200: SmsEstimate, ...errors },
      },
    },
    (request) =>
      service.estimateSms(platform, requireCampaigns(request).tenant, request.body.body, request.body.audience),
  );

  app.get(
    '/rest/sms-campaigns/:id',
    {
      schema: {
        tags,
        summary: 'One SMS campaign with its progress and report (admin, staff)',
        params: CampaignId,
        response: { 200: SmsCampaign, ...errors },
      },
    },
    (request) => service.getSmsCampaign(platform, requireCampaigns(request).tenant, request.params.id),
  );

  app.put(
    '/rest/sms-campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Change a draft SMS campaign (admin, staff)',
        params: CampaignId,
        body: SmsCampaignInput,
        response: { 200: SmsCampaign, ...errors },
      },
    },
    (request) => service.updateSmsCampaign(platform, requireCampaigns(request).tenant, request.params.id, request.body),
  );

  app.delete(
    '/rest/sms-campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Delete an SMS campaign that is not sending (admin, staff)',
        params: CampaignId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteSmsCampaign(platform, requireCampaigns(request).tenant, request.params.id);
      return { message: SMS_CAMPAIGN_MESSAGES.deleted };
    },
  );

  app.get(
    '/rest/campaigns/:id/report',
    {
      schema: {
        tags,
        summary: "An email campaign's numbers: sent, delivered, opened, clicked, bounced, unsubscribed (admin, staff)",
        params: z.object({ id: z.uuid('id must be a campaign id') }),
        response: { 200: CampaignReport, ...errors },
      },
    },
    (request) => emailCampaignReport(platform, requireCampaigns(request).tenant, request.params.id),
  );

  app.get(
    '/rest/contact/:id/campaign-events',
    {
      schema: {
        tags: ['contacts'],
        summary:
          "A contact's campaign events (emails and texts sent, opened, clicked, bounced, opted out), newest first",
        params: z.object({ id: z.uuid('id must be a contact id') }),
        response: { 200: z.array(CampaignEvent), ...errors },
      },
    },
    (request) => contactCampaignEvents(platform, manageContacts(request).tenant, request.params.id),
  );

  for (const [action, summary, run] of [
    ['send', 'Send now, in pages of the SMS settings (admin, staff)', service.sendSmsCampaign],
    ['resume', 'Carry on a paused SMS campaign (admin, staff)', service.resumeSmsCampaign],
    ['cancel', 'Stop a sending or paused SMS campaign (admin, staff)', service.cancelSmsCampaign],
  ] as const) {
    app.post(
      `/rest/sms-campaigns/:id/${action}`,
      { schema: { tags, summary, params: CampaignId, response: { 200: SmsCampaign, ...errors } } },
      (request) => run(platform, requireCampaigns(request).tenant, request.params.id),
    );
  }

  // The providers post forms; this scope reads forms only, as posted fields (the signature is over them).
  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    const Fields = z.record(z.string(), z.string());
    for (const provider of ['twilio', 'plivo'] as const) {
      const name = provider === 'twilio' ? 'Twilio' : 'Plivo';
      const signed = async (request: FastifyRequest, fields: Record<string, string>) => {
        const tenant = requireTenant(request);
        if (!(await verifyProvider(platform, tenant, provider, request.url, request.headers, fields))) {
          throw forbidden(`The ${name} signature is missing or wrong.`);
        }
        return tenant;
      };
      hooks.post(
        `/webhooks/sms/${provider}`,
        {
          schema: {
            tags,
            summary: `${name}'s inbound text to the studio's number, signed: STOP opts the number out of campaign texts, START back in`,
            body: Fields,
            response: { 200: z.string(), 403: ErrorBody, 404: ErrorBody },
          },
        },
        async (request, reply) => {
          const fields = request.body;
          const tenant = await signed(request, fields);
          const text = provider === 'twilio' ? (fields.Body ?? '') : (fields.Text ?? '');
          await applyInbound(platform, tenant.tenantId, provider, fields.From ?? '', text);
          // The provider's own opt-out handling answers the sender; nothing more to say.
          return provider === 'twilio'
            ? reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>')
            : reply.type('text/plain').send('');
        },
      );
      hooks.post(
        `/webhooks/sms/${provider}/status`,
        {
          schema: {
            tags,
            summary: `${name}'s delivery status for a campaign text, signed: delivered or undelivered`,
            body: Fields,
            response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody },
          },
        },
        async (request, reply) => {
          const fields = request.body;
          const tenant = await signed(request, fields);
          const id = provider === 'twilio' ? (fields.MessageSid ?? '') : (fields.MessageUUID ?? '');
          const status = provider === 'twilio' ? (fields.MessageStatus ?? '') : (fields.Status ?? '');
          await applyStatus(platform, tenant.tenantId, id, status);
          return reply.code(204).send(null);
        },
      );
    }
  });
}
