import {
  DESIGN_MESSAGES,
  DesignCategory,
  DesignCategoryList,
  DesignCategoryWrite,
  DesignListQuery,
  DesignTemplate,
  DesignTemplateList,
  DesignTemplateWrite,
  ErrorBody,
  MessageResponse,
  StemplateUntemplateQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticated, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import * as service from './design-templates.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const DesignId = z.object({ id: z.uuid('id must be a template id') });
const tags = ['templates'];

/** The studio's designers: admins and staff (the front desk and students do not design emails or pages). */
const designer = (request: FastifyRequest): Authenticated => requireStaff(request, 'admin', 'staff');

/** The template service at the spec's paths (spec 3 §7.2; docs/decisions/campaigns.md "Template service"). */
export function registerDesignTemplateRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  const listOf =
    (kind: service.DesignKind | 'program') =>
    (request: FastifyRequest<{ Querystring: z.output<typeof DesignListQuery> }>) => {
      const { tenant } = designer(request);
      const query = request.query;
      const id = query.guid ?? query.id;
      return service.listDesigns(platform, tenant, kind, {
        // One by id looks in both the platform's defaults and the studio's own.
        scope: id && !query.orgId && !query.orgid ? 'both' : service.scopeOf(tenant, query),
        type: query.type,
        start: query.start,
        max: query.max,
        id,
      });
    };
  const listSchema = (summary: string) => ({
    schema: { tags, summary, querystring: DesignListQuery, response: { 200: DesignTemplateList, ...errors } },
  });
  const writeRoutes = (path: string, kind: service.DesignKind, what: string) => {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Save a ${what} of the studio's own (admin, staff)`,
          body: DesignTemplateWrite,
          response: { 201: DesignTemplate, ...errors },
        },
      },
      async (request, reply) => {
        const { tenant, auth } = designer(request);
        return reply.code(201).send(await service.createDesign(platform, tenant, auth, kind, request.body));
      },
    );
    app.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: `Change one of the studio's ${what}s (admin, staff); the platform's are read-only`,
          params: DesignId,
          body: DesignTemplateWrite,
          response: { 200: DesignTemplate, ...errors },
        },
      },
      (request) => service.updateDesign(platform, designer(request).tenant, kind, request.params.id, request.body),
    );
  };

  app.get(
    '/unlayertemplate/untemplates',
    listSchema("Email templates: the platform's starters (orgId=master) or the studio's own, by type"),
    listOf('template'),
  );
  writeRoutes('/unlayertemplate/untemplates', 'template', 'template');

  app.get(
    '/unlayertemplate/widgets',
    listSchema("Widgets (saved blocks): the platform's (default=true&orgid=master), the studio's, or one by guid"),
    listOf('widget'),
  );
  writeRoutes('/unlayertemplate/widgets', 'widget', 'widget');

  app.get(
    '/unlayertemplate/programemails',
    listSchema("Program emails: the platform's (default=true&orgid=master) and the studio's own"),
    listOf('program'),
  );

  app.get(
    '/unlayertemplate/categories',
    {
      schema: {
        tags,
        summary: "Template categories: the platform's (default=true&orgid=master) and the studio's own",
        querystring: DesignListQuery,
        response: { 200: DesignCategoryList, ...errors },
      },
    },
    (request) => {
      const { tenant } = designer(request);
      return service.listCategories(platform, tenant, service.scopeOf(tenant, request.query), request.query.type);
    },
  );
  app.post(
    '/unlayertemplate/categories',
    {
      schema: {
        tags,
        summary: 'Add a template category of the studio (admin, staff)',
        body: DesignCategoryWrite,
        response: { 201: DesignCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.saveCategory(platform, designer(request).tenant, request.body)),
  );
  app.put(
    '/unlayertemplate/categories/:id',
    {
      schema: {
        tags,
        summary: "Rename or reorder one of the studio's categories (admin, staff)",
        params: DesignId,
        body: DesignCategoryWrite,
        response: { 200: DesignCategory, ...errors },
      },
    },
    (request) => service.saveCategory(platform, designer(request).tenant, request.body, request.params.id),
  );

  app.get(
    '/unlayertemplate/webpages',
    listSchema('Web page designs: by id, by orgId and type, or the defaults'),
    listOf('webpage'),
  );
  app.get(
    '/unlayertemplate/webpages/:id',
    {
      schema: {
        tags,
        summary: "One of the studio's web page designs (admin, staff)",
        params: DesignId,
        response: { 200: DesignTemplate, ...errors },
      },
    },
    (request) => service.getDesign(platform, designer(request).tenant, 'webpage', request.params.id),
  );
  writeRoutes('/unlayertemplate/webpages', 'webpage', 'web page design');
  app.delete(
    '/unlayertemplate/webpages/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the studio's web page designs (admin, staff)",
        params: DesignId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteDesign(platform, designer(request).tenant, ['webpage'], request.params.id);
      return { message: DESIGN_MESSAGES.deleted };
    },
  );

  app.get(
    '/stemplate/untemplate',
    {
      schema: {
        tags,
        summary: "Email templates by orgId (master or the studio's) and type, offset and max",
        querystring: StemplateUntemplateQuery,
        response: { 200: DesignTemplateList, ...errors },
      },
    },
    (request) => {
      const { tenant } = designer(request);
      const { orgId, type, offset, max } = request.query;
      return service.listDesigns(platform, tenant, 'template', {
        scope: service.scopeOf(tenant, { orgId, default: false }),
        type,
        start: offset,
        max,
      });
    },
  );
  app.post(
    '/stemplate/untemplate',
    {
      schema: {
        tags,
        summary: "Save an email template of the studio's own (admin, staff)",
        body: DesignTemplateWrite,
        response: { 201: DesignTemplate, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = designer(request);
      return reply.code(201).send(await service.createDesign(platform, tenant, auth, 'template', request.body));
    },
  );
  app.delete(
    '/stemplate/untemplate/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the studio's templates or widgets (admin, staff); the platform's stay",
        params: DesignId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteDesign(platform, designer(request).tenant, ['template', 'widget'], request.params.id);
      return { message: DESIGN_MESSAGES.deleted };
    },
  );
}
