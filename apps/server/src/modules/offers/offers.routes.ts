import {
  ErrorBody,
  OfferCheck,
  OfferInput,
  OfferList,
  OfferListQuery,
  OfferUpdate,
  OfferView,
  PublicItemOfferQuery,
  PublicPromotionItems,
  PublicPromotionParams,
  PublicPromotionQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { createOffer, editOffer, getOffer, listOffers } from './offers.service.ts';
import { promotionItems } from './offers-promotion.service.ts';
import { checkItemOffer, checkOfferCode } from './offers-public.service.ts';
import { manageOffers } from './offers-rules.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['offers'];
const OfferParams = z.object({ id: z.uuid('id must be an offer id') });
const CodeParams = z.object({ code: z.string().trim().min(1, 'code is required').max(50, 'code is too long') });

/** Checked before the body is read, so a role without 'Manage Offers' learns nothing from a 400. */
const managePreValidation = async (request: FastifyRequest) => {
  manageOffers(request);
};

/**
 * Offers (spec 3 §3, §5, §7.8). The admin calls the spec does not name live under /item/offer
 * (decisions.md "Offers"); the two public calls keep the spec's paths.
 */
export function registerOfferRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  app.get(
    '/item/offer',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'A page of offers (start, length up to 1000, search on code or description, status as it applies now)',
        querystring: OfferListQuery,
        response: { 200: OfferList, ...errors },
      },
    },
    async (request) => listOffers(db, manageOffers(request), request.query, new Date()),
  );

  app.post(
    '/item/offer',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Adds an offer; the code is stored lower-cased and must be new in the tenant (409 when taken)',
        body: OfferInput,
        response: { 201: OfferView, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOffer(db, manageOffers(request), request.body, new Date())),
  );

  app.get(
    '/item/offer/:id',
    {
      preValidation: managePreValidation,
      schema: { tags, summary: 'One offer', params: OfferParams, response: { 200: OfferView, ...errors } },
    },
    async (request) => getOffer(db, manageOffers(request), request.params.id, new Date()),
  );

  app.put(
    '/item/offer/:id',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Changes the fields sent; {status: DISABLED} disables the code, {status: ACTIVE} enables it',
        params: OfferParams,
        body: OfferUpdate,
        response: { 200: OfferView, ...errors },
      },
    },
    async (request) => editOffer(db, manageOffers(request), request.params.id, request.body, new Date()),
  );

  app.get(
    '/public/itemOffer',
    {
      schema: {
        tags,
        summary:
          'Public: the code on one item (offerCode, itemGuId, qty) or a category (categoryGuId); a bad code is a normal answer with its alert',
        querystring: PublicItemOfferQuery,
        response: { 200: OfferCheck, ...errors },
      },
    },
    async (request) => checkItemOffer(db, requireTenant(request), request.query, new Date()),
  );

  app.get(
    '/item/offercode/:code/public',
    {
      schema: {
        tags,
        summary: 'Public: whether a code can be used now and what it is; a bad code is a normal answer with its alert',
        params: CodeParams,
        response: { 200: OfferCheck, ...errors },
      },
    },
    async (request) => checkOfferCode(db, requireTenant(request), request.params.code, new Date()),
  );

  app.get(
    '/public/promotions/:id/items',
    {
      schema: {
        tags,
        summary:
          "Public: a usable offer (by id or code) and the shop's items it applies to, each with its price after the offer when that is one number; anything else is a 404",
        params: PublicPromotionParams,
        querystring: PublicPromotionQuery,
        response: { 200: PublicPromotionItems, ...errors },
      },
    },
    async (request) =>
      promotionItems(db, requireTenant(request), request.params.id, request.query.tenant, platform.clock.now()),
  );
}
