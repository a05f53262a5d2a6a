import { ErrorBody } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { requireStaff } from '../../lib/guards.ts';

/** What the integrations' admin routes share: their docs tag, error answers and the admin check. */
export const tags = ['integrations'];
export const providerErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
};
export const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body, so a caller without the right gets 403, not a 400 naming fields. */
export const adminFirst = async (request: FastifyRequest) => {
  admin(request);
};
