import {
  AudienceCount,
  AudienceCountInput,
  CAMPAIGN_MESSAGES,
  Campaign,
  CampaignInput,
  CampaignList,
  CampaignListQuery,
  CampaignPreview,
  CampaignPreviewInput,
  CampaignScheduleInput,
  CampaignSenders,
  ErrorBody,
  MessageResponse,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { type Authenticated, requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { registerBrevoWebhookRoutes } from './brevo-webhooks.ts';
import * as delivery from './campaign-delivery.service.ts';
import * as preview from './campaign-preview.service.ts';
import { registerCampaignJobs } from './campaign-sending.ts';
import { registerTrackingRoutes } from './campaign-tracking.ts';
import * as service from './campaigns.service.ts';
import { registerDesignTemplateRoutes } from './design-templates.routes.ts';
import { registerUnsubscribeRoutes } from './unsubscribe.routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const CampaignId = z.object({ id: z.uuid('id must be a campaign id') });
const tags = ['campaigns'];

/**
 * Campaigns are absent (404) while the studio has the Campaigns menu off; inside, admin and staff
 * only (the front desk serves the desk, it does not write to every member).
 */
function requireCampaigns(request: FastifyRequest): Authenticated {
  const { tenant } = requireAuth(request);
  if (!tenant.settings.isShowCampaignsMenu) throw notFound('Page');
  return requireStaff(request, 'admin', 'staff');
}

/** Email campaigns (issue 26, docs/decisions/campaigns.md). */
export function registerCampaignRoutes(server: FastifyInstance, platform: Platform): void {
  registerCampaignJobs(platform);
  registerUnsubscribeRoutes(server, platform);
  registerDesignTemplateRoutes(server, platform);
  registerTrackingRoutes(server, platform);
  registerBrevoWebhookRoutes(server, platform);
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/campaigns',
    {
      schema: {
        tags,
        summary: "The studio's campaigns, newest first (admin, staff)",
        querystring: CampaignListQuery,
        response: { 200: CampaignList, ...errors },
      },
    },
    (request) => service.listCampaigns(platform, requireCampaigns(request).tenant, request.query),
  );

  app.post(
    '/rest/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a draft campaign (admin, staff)',
        body: CampaignInput,
        response: { 201: Campaign, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireCampaigns(request);
      return reply.code(201).send(await service.createCampaign(platform, tenant, auth, request.body));
    },
  );

  app.post(
    '/rest/campaigns/audience/count',
    {
      schema: {
        tags,
        summary: 'How many contacts an audience holds now, opt-outs left out (admin, staff)',
        body: AudienceCountInput,
        response: { 200: AudienceCount, ...errors },
      },
    },
    async (request) => ({
      count: await service.countCampaignAudience(platform, requireCampaigns(request).tenant, request.body.audience),
    }),
  );

  app.post(
    '/rest/campaigns/preview',
    {
      schema: {
        tags,
        summary: "A body rendered as it is sent, with the signed-in staff member's merge fields (admin, staff)",
        body: CampaignPreviewInput,
        response: { 200: CampaignPreview, ...errors },
      },
    },
    (request) => {
      const { tenant, auth } = requireCampaigns(request);
      return preview.previewCampaign(platform, tenant, auth, request.body);
    },
  );

  app.get(
    '/rest/campaigns/senders',
    {
      schema: {
        tags,
        summary:
          "What a campaign can be sent through: the studio's default, Brevo, the connected mailboxes (admin, staff)",
        response: { 200: CampaignSenders, ...errors },
      },
    },
    (request) => {
      const { tenant, auth } = requireCampaigns(request);
      return preview.campaignSenders(platform, tenant, auth);
    },
  );

  app.get(
    '/rest/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'One campaign with its progress (admin, staff)',
        params: CampaignId,
        response: { 200: Campaign, ...errors },
      },
    },
    (request) => service.getCampaign(platform, requireCampaigns(request).tenant, request.params.id),
  );

  app.put(
    '/rest/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Change a draft or scheduled campaign (admin, staff)',
        params: CampaignId,
        body: CampaignInput,
        response: { 200: Campaign, ...errors },
      },
    },
    (request) => {
      const { tenant, auth } = requireCampaigns(request);
      return service.updateCampaign(platform, tenant, auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/rest/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Delete a campaign that is not sending (admin, staff)',
        params: CampaignId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteCampaign(platform, requireCampaigns(request).tenant, request.params.id);
      return { message: CAMPAIGN_MESSAGES.deleted };
    },
  );

  app.post(
    '/rest/campaigns/:id/test',
    {
      schema: {
        tags,
        summary: 'Send the campaign to the signed-in staff member (admin, staff)',
        params: CampaignId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireCampaigns(request);
      const to = await preview.sendTest(platform, tenant, auth, request.params.id);
      return { message: CAMPAIGN_MESSAGES.testSent(to) };
    },
  );

  app.post(
    '/rest/campaigns/:id/send',
    {
      schema: {
        tags,
        summary: 'Send now: recipients made once, then sent in batches (admin, staff)',
        params: CampaignId,
        response: { 200: Campaign, ...errors },
      },
    },
    (request) => delivery.sendCampaign(platform, requireCampaigns(request).tenant, request.params.id),
  );

  app.post(
    '/rest/campaigns/:id/schedule',
    {
      schema: {
        tags,
        summary: "Send at a time in the studio's time zone (admin, staff)",
        params: CampaignId,
        body: CampaignScheduleInput,
        response: { 200: Campaign, ...errors },
      },
    },
    (request) =>
      delivery.scheduleCampaign(
        platform,
        requireCampaigns(request).tenant,
        request.params.id,
        request.body.scheduledAt,
      ),
  );

  app.post(
    '/rest/campaigns/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Stop a scheduled, sending or paused campaign (admin, staff)',
        params: CampaignId,
        response: { 200: Campaign, ...errors },
      },
    },
    (request) => delivery.cancelCampaign(platform, requireCampaigns(request).tenant, request.params.id),
  );

  app.post(
    '/rest/campaigns/:id/resume',
    {
      schema: {
        tags,
        summary: 'Resume a campaign its provider paused: the rest is sent, no one twice (admin, staff)',
        params: CampaignId,
        response: { 200: Campaign, ...errors },
      },
    },
    (request) => delivery.resumeCampaign(platform, requireCampaigns(request).tenant, request.params.id),
  );
}
