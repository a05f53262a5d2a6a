import {
  ErrorBody,
  PublicCatalogue,
  PublicCatalogueQuery,
  PublicItemParams,
  PublicItemQuery,
  ShopItemDetail,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { publicCatalogue, publicItem } from './shop-catalogue.service.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['shop'];

/** The public shop (spec 3 §7.8; decisions.md "Public shop"): no login, the host's tenant. */
export function registerShopRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

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
}
