import {
  Bundle,
  BundleInput,
  BundleList,
  BundleListQuery,
  BundleUpdate,
  Item,
  ItemInput,
  ItemList,
  ItemListQuery,
  ItemSupplier,
  ItemSupplierInput,
  ItemUpdate,
  MessageResponse,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform.ts';
import { createBundle, editBundle, getBundle, listBundles } from './bundles.service.ts';
import { manageCatalogue, readCatalogue } from './catalogue-rules.ts';
import { catalogueErrors as errors, managePreValidation, catalogueTags as tags } from './categories.routes.ts';
import {
  archiveItem,
  createItem,
  createSupplier,
  editItem,
  getItem,
  listItems,
  listSuppliers,
} from './items.service.ts';

const ItemParams = z.object({ id: z.uuid('id must be an item id') });
const BundleParams = z.object({ guId: z.uuid('guId must be a bundle id') });

/** Spec 3 §7.6: items (/rest/item), suppliers (/rest/itemSupplier) and bundles (/snode/pbundle). */
export function registerItemRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  app.get(
    '/rest/item',
    {
      schema: {
        tags,
        summary: 'A page of products and services (start, length up to 1000, search, categoryId, type, isShowArchived)',
        querystring: ItemListQuery,
        response: { 200: ItemList, ...errors },
      },
    },
    async (request) => listItems(db, readCatalogue(request).tenant, request.query),
  );

  app.post(
    '/rest/item',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Adds a product (PRODUCT category) or a service (SERVICE category); price is a decimal amount',
        body: ItemInput,
        response: { 201: Item, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createItem(db, manageCatalogue(request), request.body)),
  );

  app.get(
    '/rest/item/:id',
    {
      schema: { tags, summary: 'One product or service', params: ItemParams, response: { 200: Item, ...errors } },
    },
    async (request) => getItem(db, readCatalogue(request).tenant, request.params.id),
  );

  app.put(
    '/rest/item/:id',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Changes the fields sent; { isArchived: false } restores an archived item',
        params: ItemParams,
        body: ItemUpdate,
        response: { 200: Item, ...errors },
      },
    },
    async (request) => editItem(db, manageCatalogue(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/item/:id',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Archives the item: no longer sellable, hidden from lists; restorable',
        params: ItemParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => archiveItem(db, manageCatalogue(request), request.params.id),
  );

  app.get(
    '/rest/itemSupplier',
    {
      schema: { tags, summary: 'The suppliers, by name', response: { 200: z.array(ItemSupplier), ...errors } },
    },
    async (request) => listSuppliers(db, readCatalogue(request).tenant),
  );

  app.post(
    '/rest/itemSupplier',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Adds a supplier (names are unique, ignoring case)',
        body: ItemSupplierInput,
        response: { 201: ItemSupplier, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSupplier(db, manageCatalogue(request), request.body)),
  );

  app.get(
    '/snode/pbundle',
    {
      schema: {
        tags,
        summary: 'A page of bundles (start, max up to 1000, isShowArchived, search)',
        querystring: BundleListQuery,
        response: { 200: BundleList, ...errors },
      },
    },
    async (request) => listBundles(db, readCatalogue(request).tenant, request.query),
  );

  app.post(
    '/snode/pbundle',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Adds a bundle: items with quantities at its own price',
        body: BundleInput,
        response: { 201: Bundle, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createBundle(db, manageCatalogue(request), request.body)),
  );

  app.get(
    '/snode/pbundle/:guId',
    {
      schema: { tags, summary: 'One bundle', params: BundleParams, response: { 200: Bundle, ...errors } },
    },
    async (request) => getBundle(db, readCatalogue(request).tenant, request.params.guId),
  );

  app.put(
    '/snode/pbundle/:guId',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Changes the fields sent; items replaces the set; isArchived archives or restores',
        params: BundleParams,
        body: BundleUpdate,
        response: { 200: Bundle, ...errors },
      },
    },
    async (request) => editBundle(db, manageCatalogue(request), request.params.guId, request.body),
  );
}
