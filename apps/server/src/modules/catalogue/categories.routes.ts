import {
  CategoryItemsQuery,
  ErrorBody,
  Item,
  ItemCategory,
  ItemCategoryDetail,
  ItemCategoryDetailQuery,
  ItemCategoryInput,
  ItemCategoryList,
  ItemCategoryListQuery,
  ItemCategoryUpdate,
  MessageResponse,
  ProductsByType,
  ProductsByTypeQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform.ts';
import { manageCatalogue, readCatalogue } from './catalogue-rules.ts';
import {
  categoryItems,
  createCategory,
  editCategory,
  getCategory,
  listCategories,
  productsByType,
  removeCategory,
} from './categories.service.ts';

export const catalogueErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const errors = catalogueErrors;
export const catalogueTags = ['catalogue'];
const tags = catalogueTags;
const CategoryParams = z.object({ id: z.uuid('id must be a category id') });

/** Checked before the body is read, so a role that may not write learns nothing from a 400. */
export const managePreValidation = async (request: FastifyRequest) => {
  manageCatalogue(request);
};

/** Spec 3 §7.6: categories (PRODUCT merchandise, SERVICE courses, BUNDLE) under both of the spec's paths. */
export function registerCategoryRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  for (const path of ['/rest/itemCategory', '/snode/icategory']) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            'A page of categories (type=product|service|bundle, include=stats, start, length up to 1000, search, isShowArchived)',
          querystring: ItemCategoryListQuery,
          response: { 200: ItemCategoryList, ...errors },
        },
      },
      async (request) => listCategories(db, readCatalogue(request).tenant, request.query),
    );
  }

  app.get(
    '/snode/icategory/products',
    {
      schema: {
        tags,
        summary:
          'What can be sold, grouped by category type into courses, merchandise and bundles (types=PRODUCT,SERVICE,BUNDLE)',
        querystring: ProductsByTypeQuery,
        response: { 200: ProductsByType, ...errors },
      },
    },
    async (request) => productsByType(db, readCatalogue(request).tenant, request.query.types),
  );

  for (const path of ['/snode/icategory', '/rest/itemCategory']) {
    app.post(
      path,
      {
        preValidation: managePreValidation,
        schema: {
          tags,
          summary: 'Adds a category (SERVICE categories need the Manage Courses permission)',
          body: ItemCategoryInput,
          response: { 201: ItemCategory, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createCategory(db, manageCatalogue(request), request.body)),
    );
  }

  for (const path of ['/snode/icategory/:id', '/rest/itemCategory/:id']) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'One category; include=details adds its items (archived ones too), include=template is accepted',
          params: CategoryParams,
          querystring: ItemCategoryDetailQuery,
          response: { 200: ItemCategoryDetail, ...errors },
        },
      },
      async (request) => getCategory(db, readCatalogue(request).tenant, request.params.id, request.query.include ?? []),
    );

    app.put(
      path,
      {
        preValidation: managePreValidation,
        schema: {
          tags,
          summary: 'Changes the fields sent (name, description, isVisible, isArchived, sequence, imageId)',
          params: CategoryParams,
          body: ItemCategoryUpdate,
          response: { 200: ItemCategory, ...errors },
        },
      },
      async (request) => editCategory(db, manageCatalogue(request), request.params.id, request.body),
    );
  }

  app.delete(
    '/rest/itemCategory/:id',
    {
      preValidation: managePreValidation,
      schema: {
        tags,
        summary: 'Deletes an empty category (one that still has items is a 400)',
        params: CategoryParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => removeCategory(db, manageCatalogue(request), request.params.id),
  );

  app.get(
    '/rest/itemCategory/:id/items',
    {
      schema: {
        tags,
        summary: 'The items of a category: include=disabled adds archived ones, isVisible=true keeps visible ones',
        params: CategoryParams,
        querystring: CategoryItemsQuery,
        response: { 200: z.array(Item), ...errors },
      },
    },
    async (request) => categoryItems(db, readCatalogue(request).tenant, request.params.id, request.query),
  );
}
