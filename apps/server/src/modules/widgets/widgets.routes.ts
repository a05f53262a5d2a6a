import { ErrorBody, Widget, WidgetUpdate } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { getWidget, listWidgets, updateWidget } from './widgets.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['widgets'];
const Params = z.object({ id: z.uuid('id must be a widget id') });

/** Settings writes are for admins only (decisions.md "Settings"). */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/** Spec 2 §7 "Widgets". Reads: every staff role; the edit: admins. */
export function registerWidgetRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/widget',
    {
      schema: { tags, summary: "The tenant's widgets, by name", response: { 200: z.array(Widget), ...errors } },
    },
    async (request) => listWidgets(platform.db, requireStaff(request).tenant),
  );

  app.get(
    '/rest/widget/:id',
    { schema: { tags, summary: 'One widget', params: Params, response: { 200: Widget, ...errors } } },
    async (request) => getWidget(platform.db, requireStaff(request).tenant, request.params.id),
  );

  app.put(
    '/rest/widget/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Edits a widget: name, url (misc), width and height; the type cannot change',
        params: Params,
        body: WidgetUpdate,
        response: { 200: Widget, ...errors },
      },
    },
    async (request) => updateWidget(platform.db, admin(request).tenant, request.params.id, request.body),
  );
}
