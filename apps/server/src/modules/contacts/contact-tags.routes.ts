import {
  ContactTagBulkRequest,
  ContactTagBulkResponse,
  ErrorBody,
  TagCreate,
  TagEntry,
  TagListQuery,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform.ts';
import { manageContacts } from './contact-permission.ts';
import { createRegistryEntry, listRegistry, tagContacts } from './contact-tags.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['contacts'];

/** Spec 3 §7.4: the tags and categories registry and bulk tagging. "Manage contacts" permission. */
export function registerContactTagRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/tag',
    {
      schema: {
        tags,
        summary:
          "The tenant's tags (type=tag, with how many contacts carry each) or contact categories (type=category)",
        querystring: TagListQuery,
        response: { 200: z.array(TagEntry), ...errors },
      },
    },
    async (request) => listRegistry(platform.db, manageContacts(request).tenant, request.query.type),
  );

  app.post(
    '/rest/tag',
    {
      // Checked before the body is validated: a caller without the permission learns nothing from a 400.
      preValidation: async (request) => {
        manageContacts(request);
      },
      schema: {
        tags,
        summary: 'Creates a tag or a contact category (names are unique in any case)',
        body: TagCreate,
        response: { 201: TagEntry, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await createRegistryEntry(platform, manageContacts(request).tenant, request.body);
      return reply.code(201).send(entry);
    },
  );

  app.put(
    '/rest/contactTag',
    {
      preValidation: async (request) => {
        manageContacts(request);
      },
      schema: {
        tags,
        summary: 'Adds (action=add) or removes (action=remove) tags on many contacts, all or nothing',
        body: ContactTagBulkRequest,
        response: { 200: ContactTagBulkResponse, ...errors },
      },
    },
    async (request) => tagContacts(platform.db, manageContacts(request).tenant, request.body),
  );
}
