import { ErrorBody } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth, requirePermission, requireStaff } from '../../lib/guards.ts';

// What the scheduling routes share: the error answers, the OpenAPI tag, an id parameter and the access checks.

export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const tags = ['scheduling'];
export const IdParams = z.object({ id: z.uuid('id must be an id') });

/** Rooms, rules and cancelling sessions change the timetable: the Roles screen's 'Manage Classes / Programs'. */
export const manage = (request: FastifyRequest) => requirePermission(request, 'isAllowCreateClasses');
export const managePre = async (request: FastifyRequest) => {
  manage(request);
};
export const staffPre = async (request: FastifyRequest) => {
  requireStaff(request);
};
export const signedInPre = async (request: FastifyRequest) => {
  requireAuth(request);
};
