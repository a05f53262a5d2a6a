import {
  DonateRequest,
  DonateResult,
  DonationCampaign,
  DonationCampaignInput,
  DonationCampaignList,
  DonationCampaignListQuery,
  DonationList,
  ErrorBody,
  MonthlyDonationComplete,
  MonthlyDonationRequest,
  MonthlyDonationResult,
  MonthlyDonationSetup,
  MonthlyGiftByLink,
  PublicDonationCampaign,
  PublicDonationCampaignList,
  PublicDonationQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import type { Memberships } from '../memberships/subscriptions.service.ts';
import { createStripeGateway } from '../payments/payments.routes.ts';
import { registerReceipts } from './donation-receipt.ts';
import * as service from './donations.service.ts';
import { giftByLink, stopGiftByLink } from './monthly-gift-link.ts';
import { completeMonthlyGift, registerMonthlyGifts, startMonthlyGift } from './monthly-gifts.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['donations'];
const IdParams = z.object({ id: z.uuid('id must be an id') });
const GiftLinkParams = z.object({ token: z.string().min(1, 'token is required').max(64, 'token is not a gift link') });
const StoppedGift = MonthlyGiftByLink.extend({ message: z.string() });
const ArchiveBody = z.object({ archived: z.boolean({ error: 'archived must be true or false' }) }).strict();

/** Every staff role reads campaigns and gifts; admins and staff write campaigns (decisions.md "Donations"). */
const read = (request: FastifyRequest) => requireStaff(request);
const write = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');
const readPre = async (request: FastifyRequest) => void read(request);
const writePre = async (request: FastifyRequest) => void write(request);
const signedInPre = async (request: FastifyRequest) => void requireAuth(request);

/** Donations (issue 12): admin /donation, public /donations and /donate/{id}, the donor's My Donations. */
export function registerDonationRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  registerReceipts(platform);
  registerMonthlyGifts(platform);
  // Monthly gifts are charged by the memberships' billing engine, on the tenant's saved-card provider.
  const m: Memberships = { platform, gateway: createStripeGateway(platform) };

  // ------------------------------------------------------------ staff
  app.get(
    '/snode/donation',
    {
      preValidation: readPre,
      schema: {
        tags,
        summary: 'Donation campaigns with what each raised (paid less refunded) and its donors',
        querystring: DonationCampaignListQuery,
        response: { 200: DonationCampaignList, ...errors },
      },
    },
    async (request) => service.listCampaigns(db, read(request), request.query.archived === 'true'),
  );
  app.post(
    '/snode/donation',
    {
      preValidation: writePre,
      schema: {
        tags,
        summary: 'Adds a donation campaign (amounts in minor units)',
        body: DonationCampaignInput,
        response: { 201: DonationCampaign, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createCampaign(db, write(request), request.body)),
  );
  app.get(
    '/snode/donation/my',
    {
      preValidation: signedInPre,
      schema: { tags, summary: "The signed-in person's own donations", response: { 200: DonationList, ...errors } },
    },
    async (request) => service.myDonations(db, requireAuth(request)),
  );
  app.get(
    '/snode/donation/contact/:id',
    {
      preValidation: readPre,
      schema: {
        tags,
        summary: "A contact's donations",
        params: IdParams,
        response: { 200: DonationList, ...errors },
      },
    },
    async (request) => service.contactDonations(db, read(request), request.params.id),
  );
  app.get(
    '/snode/donation/receipt/:id',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary: "A paid gift's receipt as a PDF: staff any of the tenant's, a donor their own",
        params: IdParams,
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await service.downloadReceipt(platform, requireAuth(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  app.get(
    '/snode/donation/:id',
    {
      preValidation: readPre,
      schema: { tags, summary: 'One campaign', params: IdParams, response: { 200: DonationCampaign, ...errors } },
    },
    async (request) => service.getCampaign(db, read(request), request.params.id),
  );
  app.put(
    '/snode/donation/:id',
    {
      preValidation: writePre,
      schema: {
        tags,
        summary: 'Changes a campaign',
        params: IdParams,
        body: DonationCampaignInput,
        response: { 200: DonationCampaign, ...errors },
      },
    },
    async (request) => service.editCampaign(db, write(request), request.params.id, request.body),
  );
  app.post(
    '/snode/donation/:id/archive',
    {
      preValidation: writePre,
      schema: {
        tags,
        summary: 'Archives a campaign (off the site, no more gifts) or brings it back',
        params: IdParams,
        body: ArchiveBody,
        response: { 200: DonationCampaign, ...errors },
      },
    },
    async (request) => service.archiveCampaign(db, write(request), request.params.id, request.body.archived),
  );
  app.get(
    '/snode/donation/:id/donations',
    {
      preValidation: readPre,
      schema: {
        tags,
        summary: "A campaign's gifts, newest first",
        params: IdParams,
        response: { 200: DonationList, ...errors },
      },
    },
    async (request) => service.campaignDonations(db, read(request), request.params.id),
  );

  // ------------------------------------------------------------ visitors
  app.get(
    '/public/donations',
    {
      schema: {
        tags,
        summary: 'Public: the active campaigns with their progress',
        querystring: PublicDonationQuery,
        response: { 200: PublicDonationCampaignList, ...errors },
      },
    },
    async (request) => service.publicCampaigns(db, requireTenant(request)),
  );
  app.get(
    '/public/donations/:id/items',
    {
      schema: {
        tags,
        summary: 'Public: one active campaign and the amounts it takes (spec 3 §7.8)',
        params: IdParams,
        querystring: PublicDonationQuery,
        response: { 200: PublicDonationCampaign, ...errors },
      },
    },
    async (request) => service.publicCampaign(db, requireTenant(request), request.params.id),
  );
  app.post(
    '/public/donations/:id',
    {
      schema: {
        tags,
        summary:
          'Public: a one-time gift: a pending invoice for the donor to pay by card (POST /item/invoice/{publicId}/publicpayment)',
        params: IdParams,
        body: DonateRequest,
        response: { 201: DonateResult, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.give(
            platform,
            requireTenant(request),
            request.params.id,
            request.body,
            request.ip,
            request.auth,
          ),
        ),
  );
  app.post(
    '/public/donations/:id/monthly',
    {
      schema: {
        tags,
        summary:
          'Public: a monthly gift: the donor saves a card on the provider’s page (url); the first gift is charged on return',
        params: IdParams,
        body: MonthlyDonationRequest,
        response: { 200: MonthlyDonationSetup, ...errors },
      },
    },
    async (request) =>
      startMonthlyGift(m, requireTenant(request), request.params.id, request.body, request.ip, request.auth),
  );
  app.post(
    '/public/donations/:id/monthly/complete',
    {
      schema: {
        tags,
        summary:
          'Public: back from the provider’s page: the monthly gift is made once per session and its first month charged',
        params: IdParams,
        body: MonthlyDonationComplete,
        response: { 201: MonthlyDonationResult, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await completeMonthlyGift(m, requireTenant(request), request.params.id, request.body.sessionId)),
  );

  app.get(
    '/public/monthly-gifts/:token',
    {
      schema: {
        tags,
        summary:
          'Public: a monthly gift by the link in its receipts (no login): what it gives and whether more is charged',
        params: GiftLinkParams,
        response: { 200: MonthlyGiftByLink, ...errors },
      },
    },
    async (request) => giftByLink(platform, requireTenant(request), request.params.token),
  );
  app.post(
    '/public/monthly-gifts/:token/cancel',
    {
      schema: {
        tags,
        summary: 'Public: the donor stops their monthly gift from its link; the gifts made stay',
        params: GiftLinkParams,
        response: { 200: StoppedGift, ...errors },
      },
    },
    async (request) => stopGiftByLink(platform, requireTenant(request), request.params.token),
  );
}
