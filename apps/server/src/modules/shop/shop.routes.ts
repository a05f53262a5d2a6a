import {
  CART_ID_HEADER,
  CartUpdate,
  CheckoutRegistrationRequest,
  CheckoutRegistrationResult,
  ErrorBody,
  MemberCheckoutRequest,
  PublicCart,
  PublicCatalogue,
  PublicCatalogueQuery,
  PublicCheckoutQuote,
  PublicCheckoutQuoteRequest,
  PublicCheckoutRequest,
  PublicCheckoutResult,
  PublicCheckoutSettings,
  PublicCheckoutSettingsQuery,
  PublicItemParams,
  PublicItemQuery,
  ShopItemDetail,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireAuth, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { formHumanCheck } from '../forms/form-human-check.ts';
import { getCart, saveCart } from './cart.service.ts';
import { placeRegisteredOrder } from './checkout-registration.service.ts';
import { publicCheckoutSettings, publicCheckoutSettingsOf } from './checkout-settings.ts';
import { publicCatalogue, publicItem } from './shop-catalogue.service.ts';
import { assertMayOrder, placeMemberOrder, placePublicOrder, quotePublicCheckout } from './shop-checkout.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['shop'];
const SINGLE_ITEM_CHECKOUT = 'items must hold exactly one item here; use /snode/product/multicheckout for several.';
const PublicTenantParams = z.object({ id: z.string().trim().min(1).max(100) });

/** The cart id the browser keeps, from its header (never the URL); anything unusable reads as none. */
function cartIdOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[CART_ID_HEADER];
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(raw) ? raw : undefined;
}

/** The public shop (spec 3 §7.8; decisions.md "Public shop"): no login, the host's tenant. */
export function registerShopRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  app.get(
    '/public/checkout',
    {
      schema: {
        tags,
        summary:
          'Public: the checkout settings (currency, tax, card fee, whether cards are taken); orgId, when sent, must be the host’s',
        querystring: PublicCheckoutSettingsQuery,
        response: { 200: PublicCheckoutSettings, ...errors },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      if (request.query.orgId && request.query.orgId !== tenant.orgId) throw notFound('Organisation');
      return publicCheckoutSettings(tenant);
    },
  );

  app.get(
    '/item/tenant/public/:id',
    {
      schema: {
        tags,
        summary:
          "Public: the checkout settings of GET /public/checkout; id is the host tenant's id or org id (any other is a 404)",
        params: PublicTenantParams,
        response: { 200: PublicCheckoutSettings, ...errors },
      },
    },
    async (request) => publicCheckoutSettingsOf(requireTenant(request), request.params.id),
  );

  app.get(
    '/snode/icategory/public',
    {
      schema: {
        tags,
        summary: "Public: the tenant's visible merchandise and bundle categories with their visible items",
        querystring: PublicCatalogueQuery,
        response: { 200: PublicCatalogue, ...errors },
      },
    },
    async (request) => publicCatalogue(db, requireTenant(request), request.query.tid),
  );

  app.get(
    '/public/pitem/:id',
    {
      schema: {
        tags,
        summary: 'Public: one item a visitor may buy (a hidden, archived or unknown item is a 404)',
        params: PublicItemParams,
        querystring: PublicItemQuery,
        response: { 200: ShopItemDetail, ...errors },
      },
    },
    async (request) => publicItem(db, requireTenant(request), request.params.id, request.query.tenant),
  );

  app.get(
    '/public/cart',
    {
      schema: {
        tags,
        summary: `Public: the visitor's cart (id in the ${CART_ID_HEADER} header), priced now; an unknown id is an empty cart`,
        response: { 200: PublicCart, ...errors },
      },
    },
    async (request) => getCart(db, requireTenant(request), cartIdOf(request)),
  );

  app.post(
    '/public/cart',
    {
      schema: {
        tags,
        summary:
          'Public: stores the cart as sent (items 1 to 9 each, a code) and answers it priced; a visitor without one gets a new cart id',
        body: CartUpdate,
        response: { 200: PublicCart, ...errors },
      },
    },
    async (request) => saveCart(platform, requireTenant(request), cartIdOf(request), request.body, request.ip),
  );

  app.post(
    '/item/checkout/public/validate',
    {
      schema: {
        tags,
        summary: 'Public: checks the public user form and prices the order as it would be placed; writes nothing',
        body: PublicCheckoutQuoteRequest,
        response: { 200: PublicCheckoutQuote, ...errors },
      },
    },
    async (request) => quotePublicCheckout(platform, requireTenant(request), request.body),
  );

  // The spec names all these paths (spec 3 §7.8); one handler. /snode/product/checkout is the
  // one-item order (exactly one line), /snode/product/multicheckout the cart's.
  for (const path of [
    '/item/checkout/public',
    '/public/checkout',
    '/snode/product/checkout',
    '/snode/product/multicheckout',
  ]) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary:
            "Public: places the order (stock, code, a pending invoice emailed to the buyer); answers the invoice's public id",
          body: PublicCheckoutRequest,
          response: { 201: PublicCheckoutResult, ...errors },
        },
      },
      async (request, reply) => {
        if (path === '/snode/product/checkout' && request.body.items.length !== 1) {
          throw badRequest('items', SINGLE_ITEM_CHECKOUT);
        }
        return reply.code(201).send(await placePublicOrder(platform, requireTenant(request), request.body, request.ip));
      },
    );
  }

  app.post(
    '/public/checkout/register',
    {
      schema: {
        tags,
        summary:
          "Public, when the studio has isRegAndPurchaseOnSamePage on: submits its Student Registration form (human check) and places the cart's order for that person, in one transaction",
        body: CheckoutRegistrationRequest,
        response: { 201: CheckoutRegistrationResult, ...errors },
      },
    },
    async (request, reply) => {
      const meta = {
        humanCheck: formHumanCheck(platform),
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      };
      const answer = await placeRegisteredOrder(platform, requireTenant(request), request.body, meta);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/snode/product/usercheckout',
    {
      preValidation: async (request) => assertMayOrder(requireAuth(request)),
      schema: {
        tags,
        summary: "A member's order from My Store (the member is the buyer): a pending invoice to pay by card",
        body: MemberCheckoutRequest,
        response: { 201: PublicCheckoutResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await placeMemberOrder(platform, requireAuth(request), request.body)),
  );
}
