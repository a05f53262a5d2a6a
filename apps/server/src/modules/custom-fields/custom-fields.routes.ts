import {
  ContactCustomFieldValue,
  ContactCustomValuesInput,
  CustomField,
  CustomFieldInput,
  CustomFieldListQuery,
  ErrorBody,
  MessageResponse,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { manageContacts } from '../contacts/contact-permission.ts';
import { ContactParams } from '../contacts/contact-records.routes.ts';
import { listContactValues, saveContactValues } from './contact-custom-values.service.ts';
import { createCustomField, editCustomField, listCustomFields, removeCustomField } from './custom-fields.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['settings'];
const FieldParams = z.object({ id: z.uuid('id must be a custom field id') });

/** Custom field writes are for admins only, like every settings write (decisions.md "Settings"). */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/**
 * Spec 2 §7 "Custom fields" (reads for every staff role, writes for admins) and the contact
 * detail's custom field values (spec 3 "Contact detail"), which follow the contacts permission.
 */
export function registerCustomFieldRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  app.get(
    '/rest/customField',
    {
      schema: {
        tags,
        summary:
          "The tenant's contact fields in order, or with customForm={form id} that form's fields. include=all is accepted: every field is already answered, headers included",
        querystring: CustomFieldListQuery,
        response: { 200: z.array(CustomField), ...errors },
      },
    },
    async (request) => listCustomFields(db, requireStaff(request).tenant, request.query.customForm),
  );

  app.post(
    '/rest/customField',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Adds a custom field (the tag must be unused in the tenant)',
        body: CustomFieldInput,
        response: { 201: CustomField, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCustomField(db, admin(request).tenant, request.body)),
  );

  app.put(
    '/rest/customField/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Saves a custom field whole; contact values it no longer allows are dropped',
        params: FieldParams,
        body: CustomFieldInput,
        response: { 200: CustomField, ...errors },
      },
    },
    async (request) => editCustomField(db, admin(request).tenant, request.params.id, request.body),
  );

  app.delete(
    '/rest/customField/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Deletes a custom field and every contact value of it',
        params: FieldParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => removeCustomField(db, admin(request).tenant, request.params.id),
  );

  // The spec's singular path (spec 3 §7.4 /rest/contact/{id}/customField) and the plural one the
  // web client has used: one handler each, registered on both paths.
  for (const path of ['/rest/contact/:id/customFields', '/rest/contact/:id/customField']) {
    app.get(
      path,
      {
        schema: {
          tags: ['contacts'],
          summary: "Every custom field of the tenant with this contact's value ('' when none)",
          params: ContactParams,
          response: { 200: z.array(ContactCustomFieldValue), ...errors },
        },
      },
      async (request) => listContactValues(db, manageContacts(request).tenant, request.params.id),
    );

    app.put(
      path,
      {
        preValidation: async (request) => {
          manageContacts(request);
        },
        schema: {
          tags: ['contacts'],
          summary: "Sets this contact's values [{guId, value}], all or nothing; fields not listed keep theirs",
          params: ContactParams,
          body: ContactCustomValuesInput,
          response: { 200: z.array(ContactCustomFieldValue), ...errors },
        },
      },
      async (request) => saveContactValues(db, manageContacts(request).tenant, request.params.id, request.body),
    );
  }
}
