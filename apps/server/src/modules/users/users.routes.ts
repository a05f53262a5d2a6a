import {
  ErrorBody,
  MemberToken,
  NotificationRecord,
  NotificationUpdate,
  StaffInvite,
  StaffUser,
  UserDetail,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import {
  getUserDetail,
  inviteStaffUser,
  listNotificationRecords,
  memberToken,
  saveNotificationRecords,
} from './users.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['users'];
const UserParams = z.object({ id: z.uuid('id must be a user id') });

/** Users writes are for admins only, like every settings write (decisions.md "Settings"). */
export const requireAdmin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
export const adminFirst = async (request: FastifyRequest) => {
  requireAdmin(request);
};

/**
 * Settings > Users (spec 2 §7 "Contacts/users"). The staff list (GET /rest/contact?userType=staff)
 * and the user update (PUT /rest/contact/{id} with isUpdateRole) share their paths with the
 * contacts module, whose routes delegate to users.service.ts.
 */
export function registerUserRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/contact/:id/roles',
    {
      schema: {
        tags,
        summary: 'The User Details form: name, email, role, notification switches, suspension, teacher',
        params: UserParams,
        response: { 200: UserDetail, ...errors },
      },
    },
    (request) => getUserDetail(platform, requireStaff(request), request.params.id),
  );

  app.get(
    '/rest/contact/:id/token',
    {
      schema: {
        tags,
        summary: "Acting as a member: that member's access token (admins; students of this tenant only)",
        params: UserParams,
        response: { 200: MemberToken, ...errors },
      },
    },
    (request) => memberToken(platform, requireAdmin(request), request.params.id),
  );

  app.get(
    '/rest/notification',
    {
      schema: {
        tags,
        summary: "The tenant's notification records (a user without one receives none)",
        response: { 200: z.array(NotificationRecord), ...errors },
      },
    },
    (request) => listNotificationRecords(platform, requireStaff(request).tenant),
  );

  app.put(
    '/rest/notification',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: 'Upserts notification records; an unknown or foreign user id is a 404 and nothing is written',
        body: NotificationUpdate,
        response: { 200: z.array(NotificationRecord), ...errors },
      },
    },
    (request) => saveNotificationRecords(platform, requireAdmin(request).tenant, request.body),
  );

  app.post(
    '/rest/users/invite',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: "Adds a staff user (the Users screen's add dialog) and emails a link to set the password",
        body: StaffInvite,
        response: { 201: StaffUser, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant } = requireAdmin(request);
      const user = await inviteStaffUser(platform, tenant, request.body, tenantOrigin(platform.config, tenant));
      return reply.code(201).send(user);
    },
  );
}
