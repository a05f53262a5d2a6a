import {
  EmailTemplateDeleteResponse,
  EmailTemplateListResponse,
  EmailTemplateResponse,
  EmailTemplateWrite,
  ErrorBody,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  updateEmailTemplate,
} from './email-templates.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['email templates'];
const Params = z.object({ id: z.uuid('id must be a template id') });

/** Writes are for admins (decisions.md "Settings" > "Email templates"): a template can reshape platform emails. */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before params and body are validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/** Spec 2 §7 "Email templates". Reads: every staff role; writes: admins. */
export function registerEmailTemplateRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/esend/etemplate',
    {
      schema: {
        tags,
        summary: "The tenant's email templates, newest first, as data.eTemplates",
        response: { 200: EmailTemplateListResponse, ...errors },
      },
    },
    async (request) => ({
      data: { eTemplates: await listEmailTemplates(platform.db, requireStaff(request).tenant) },
    }),
  );

  app.get(
    '/esend/etemplate/:id',
    {
      schema: {
        tags,
        summary: 'One email template',
        params: Params,
        response: { 200: EmailTemplateResponse, ...errors },
      },
    },
    async (request) => ({
      data: await getEmailTemplate(platform.db, requireStaff(request).tenant, request.params.id),
    }),
  );

  app.post(
    '/esend/etemplate',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Creates a template (name, subject, HTML body; the body is sanitised on save)',
        body: EmailTemplateWrite,
        response: { 201: EmailTemplateResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createEmailTemplate(platform.db, admin(request).tenant, request.body) }),
  );

  app.put(
    '/esend/etemplate/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Saves a template whole (an `id` in the body is ignored: the path names it)',
        params: Params,
        body: EmailTemplateWrite,
        response: { 200: EmailTemplateResponse, ...errors },
      },
    },
    async (request) => ({
      data: await updateEmailTemplate(platform.db, admin(request).tenant, request.params.id, request.body),
    }),
  );

  app.delete(
    '/esend/etemplate/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Deletes a template',
        params: Params,
        response: { 200: EmailTemplateDeleteResponse, ...errors },
      },
    },
    async (request) => ({ data: await deleteEmailTemplate(platform.db, admin(request).tenant, request.params.id) }),
  );
}
