import {
  ContactChildRequest,
  ContactCreate,
  ContactDeleteResponse,
  ContactDetail,
  ContactGuardianList,
  ContactGuardianListQuery,
  ContactGuardianRequest,
  ContactRelative,
  ContactTagsRequest,
  ContactUpdate,
  ErrorBody,
  UserDetail,
  UserUpdate,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform.ts';
import { requireAdmin } from '../users/users.routes.ts';
import { updateUser } from '../users/users.service.ts';
import {
  addChild,
  addGuardian,
  listChildren,
  listGuardians,
  listTenantGuardians,
  removeGuardianLink,
} from './contact-family.service.ts';
import { manageContacts } from './contact-permission.ts';
import {
  createContact,
  deleteContacts,
  getContactDetail,
  setContactTags,
  updateContact,
} from './contact-records.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
export const ContactParams = z.object({ id: z.uuid('id must be a contact id') });
const GuardianLinkParams = ContactParams.extend({ guardianId: z.uuid('guardianId must be a contact id') });
const ChildLinkParams = ContactParams.extend({ childId: z.uuid('childId must be a contact id') });

/**
 * PUT /rest/contact/{id} carries two edits (spec 2 §7): the contact edit, and with
 * `isUpdateRole: true` the Settings > Users form (users module, admins only). The flag picks the
 * schema, so a failed user update names its own field instead of falling back to a contact edit.
 */
const ContactOrUserUpdate = z.discriminatedUnion('isUpdateRole', [
  UserUpdate,
  ContactUpdate.extend({ isUpdateRole: z.literal(false).optional() }),
]);
const isUserUpdate = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { isUpdateRole?: unknown }).isUpdateRole === true;

/** Spec 3 §7.4: one contact (read, create, edit, delete, tags) and its guardians and children. Staff only. */
export function registerContactRecordRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/snode/contact',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Creates a contact (the Create Contact dialog)',
        body: ContactCreate,
        response: { 201: ContactDetail, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant } = manageContacts(request);
      const detail = await createContact(platform.db, tenant, request.body);
      // Staff's note of the new contact (the sales email list and those who opted in).
      void platform.outbox.kick();
      return reply.code(201).send(detail);
    },
  );

  for (const prefix of ['/snode/contact', '/rest/contact']) {
    app.get(
      `${prefix}/:id`,
      {
        schema: {
          tags: ['contacts'],
          summary: 'One contact with guardians and children; /snode (the detail screen) also marks it read',
          params: ContactParams,
          response: { 200: ContactDetail, ...errors },
        },
      },
      async (request) =>
        getContactDetail(platform.db, manageContacts(request).tenant, request.params.id, prefix === '/snode/contact'),
    );

    if (prefix === '/rest/contact') {
      app.put(
        `${prefix}/:id`,
        {
          // Who may call is checked before the body is validated, so a caller without the right learns
          // nothing from a 400: a user update is for admins, a contact edit needs "manage contacts".
          preValidation: async (request) => {
            if (isUserUpdate(request.body)) requireAdmin(request);
            else manageContacts(request);
          },
          schema: {
            tags: ['contacts', 'users'],
            summary: 'Edits a contact (only the fields given change); with isUpdateRole: true, the User Details form',
            params: ContactParams,
            body: ContactOrUserUpdate,
            response: { 200: z.union([ContactDetail, UserDetail]), ...errors },
          },
        },
        async (request) => {
          const { body } = request;
          if (body.isUpdateRole === true) return updateUser(platform, requireAdmin(request), request.params.id, body);
          const { isUpdateRole: _flag, ...contact } = body;
          return updateContact(platform.db, manageContacts(request), request.params.id, contact);
        },
      );
      continue;
    }
    app.put(
      `${prefix}/:id`,
      {
        schema: {
          tags: ['contacts'],
          summary: 'Edits a contact (only the fields given change)',
          params: ContactParams,
          body: ContactUpdate,
          response: { 200: ContactDetail, ...errors },
        },
      },
      async (request) => updateContact(platform.db, manageContacts(request), request.params.id, request.body),
    );
  }

  app.delete(
    '/snode/contact/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Deletes one contact',
        params: ContactParams,
        response: { 200: ContactDeleteResponse, ...errors },
      },
    },
    async (request) => deleteContacts(platform.db, manageContacts(request), [request.params.id]),
  );

  app.put(
    '/rest/contact/:id/tag',
    {
      schema: {
        tags: ['contacts'],
        summary: "Replaces the contact's tags",
        params: ContactParams,
        body: ContactTagsRequest,
        response: { 200: ContactDetail, ...errors },
      },
    },
    async (request) =>
      setContactTags(platform.db, manageContacts(request).tenant, request.params.id, request.body.tags),
  );

  app.get(
    '/rest/contact/:id/children',
    {
      schema: {
        tags: ['contacts'],
        summary: "The contact's children",
        params: ContactParams,
        response: { 200: z.array(ContactRelative), ...errors },
      },
    },
    async (request) => listChildren(platform.db, manageContacts(request).tenant, request.params.id),
  );

  app.post(
    '/rest/contact/:id/children',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Links an existing contact as a child ({childId}) or creates a new child; answers the children',
        params: ContactParams,
        body: ContactChildRequest,
        response: { 201: z.array(ContactRelative), ...errors },
      },
    },
    async (request, reply) => {
      const children = await addChild(platform.db, manageContacts(request).tenant, request.params.id, request.body);
      return reply.code(201).send(children);
    },
  );

  app.get(
    '/rest/contact/guardian',
    {
      schema: {
        tags: ['contacts'],
        summary: "The tenant's guardians (contacts linked as a guardian of someone), by name; paged, q searches",
        querystring: ContactGuardianListQuery,
        response: { 200: ContactGuardianList, ...errors },
      },
    },
    async (request) => listTenantGuardians(platform.db, manageContacts(request).tenant, request.query),
  );

  app.post(
    '/rest/contact/guardian',
    {
      preValidation: async (request) => {
        manageContacts(request);
      },
      schema: {
        tags: ['contacts'],
        summary: 'Links a guardian to childId: an existing contact ({guardianId}) or a new one; answers the guardians',
        body: ContactGuardianRequest,
        response: { 201: z.array(ContactRelative), ...errors },
      },
    },
    async (request, reply) => {
      const guardians = await addGuardian(platform.db, manageContacts(request).tenant, request.body);
      return reply.code(201).send(guardians);
    },
  );

  app.get(
    '/rest/contact/:id/guardian',
    {
      schema: {
        tags: ['contacts'],
        summary: "The contact's guardians",
        params: ContactParams,
        response: { 200: z.array(ContactRelative), ...errors },
      },
    },
    async (request) => listGuardians(platform.db, manageContacts(request).tenant, request.params.id),
  );

  app.delete(
    '/rest/contact/:id/guardian/:guardianId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Unlinks a guardian from the contact (neither is deleted); answers the remaining guardians',
        params: GuardianLinkParams,
        response: { 200: z.array(ContactRelative), ...errors },
      },
    },
    async (request) =>
      removeGuardianLink(
        platform.db,
        manageContacts(request).tenant,
        { guardianId: request.params.guardianId, childId: request.params.id },
        'guardians',
      ),
  );

  app.delete(
    '/rest/contact/:id/children/:childId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Unlinks a child from the contact (neither is deleted); answers the remaining children',
        params: ChildLinkParams,
        response: { 200: z.array(ContactRelative), ...errors },
      },
    },
    async (request) =>
      removeGuardianLink(
        platform.db,
        manageContacts(request).tenant,
        { guardianId: request.params.id, childId: request.params.childId },
        'children',
      ),
  );
}
