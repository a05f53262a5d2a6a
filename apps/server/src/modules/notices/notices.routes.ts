import {
  ErrorBody,
  MessageResponse,
  NOTICE_MESSAGES,
  Notice,
  NoticeCreate,
  NoticeList,
  NoticeListQuery,
  NoticeUpdate,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import * as notices from './notices.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const NoticeId = z.object({ id: z.uuid('id must be a notice id') });
const tags = ['notices'];

/**
 * Notices and quotes (spec 3 §7.9 `/edtest/noticeboard*`; docs/decisions/engagement.md): admins and
 * staff write them; front desk reads the manager's list; members read the board.
 */
export function registerNoticeRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/edtest/noticeboard',
    {
      schema: {
        tags,
        summary: "Staff: the studio's notices and quotes; members: the board (active, not expired)",
        querystring: NoticeListQuery,
        response: { 200: NoticeList, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return notices.listNotices(platform, tenant, auth, request.query);
    },
  );

  app.post(
    '/edtest/noticeboard',
    {
      schema: {
        tags,
        summary: 'Publish a notice or a quote (admin, staff)',
        body: NoticeCreate,
        response: { 201: Notice, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant } = requireStaff(request, 'admin', 'staff');
      return reply.code(201).send(await notices.createNotice(platform, tenant, request.body));
    },
  );

  app.put(
    '/edtest/noticeboard/:id',
    {
      schema: {
        tags,
        summary: 'Change a notice or quote (admin, staff)',
        params: NoticeId,
        body: NoticeUpdate,
        response: { 200: Notice, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request, 'admin', 'staff');
      return notices.changeNotice(platform, tenant, request.params.id, request.body);
    },
  );

  app.delete(
    '/edtest/noticeboard/:id',
    {
      schema: {
        tags,
        summary: 'Delete a notice or quote (admin, staff)',
        params: NoticeId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request, 'admin', 'staff');
      await notices.removeNotice(platform, tenant, request.params.id);
      return { message: NOTICE_MESSAGES.deleted };
    },
  );
}
