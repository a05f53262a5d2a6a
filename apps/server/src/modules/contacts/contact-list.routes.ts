import {
  ContactDeleteRequest,
  ContactDeleteResponse,
  ContactDetail,
  ContactListQuery,
  ContactListResponse,
  ContactStats,
  ErrorBody,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { contactStats, listContacts } from './contact-list.service.ts';
import { manageContacts } from './contact-permission.ts';
import { deleteContacts, walkinContact } from './contact-records.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Spec 3 §7.4: the contact list, its stats, the walk-in contact and bulk delete. Staff only. */
export function registerContactListRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/snode/contact',
    {
      schema: {
        tags: ['contacts'],
        summary: 'A page of contacts (search, status and tag filters, sort), or the walk-in contact (userType=walkin)',
        querystring: ContactListQuery,
        response: { 200: z.union([ContactListResponse, ContactDetail]), ...errors },
      },
    },
    async (request) => {
      // The walk-in contact serves front-desk sales, so it needs no contacts permission.
      if (request.query.userType === 'walkin') return walkinContact(platform.db, requireStaff(request).tenant);
      return listContacts(platform.db, manageContacts(request).tenant, request.query);
    },
  );

  app.get(
    '/snode/contact/stats',
    {
      schema: {
        tags: ['contacts'],
        summary: 'How many contacts have each status flag, how many are unread, and the total',
        response: { 200: ContactStats, ...errors },
      },
    },
    async (request) => contactStats(platform.db, manageContacts(request).tenant),
  );

  app.post(
    '/snode/contact/delete',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Deletes the named contacts, all or none',
        body: ContactDeleteRequest,
        response: { 200: ContactDeleteResponse, ...errors },
      },
    },
    async (request) => deleteContacts(platform.db, manageContacts(request), request.body.contacts),
  );
}
