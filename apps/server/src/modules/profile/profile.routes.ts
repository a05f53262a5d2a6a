import {
  ErrorBody,
  MessageResponse,
  ProfileEmailChange,
  ProfileEmailConfirm,
  ProfileResponse,
  ProfileUpdate,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireTenant } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import {
  confirmEmailChange,
  getProfile,
  pendingEmailChanges,
  requestEmailChange,
  updateProfile,
} from './profile.service.ts';

const tags = ['profile'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** The signed-in person's own profile (issue 14), for every role; the spec shows no path. */
export function registerProfileRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const pending = pendingEmailChanges(platform.db);

  app.get(
    '/rest/user/profile',
    { schema: { tags, summary: 'The signed-in person’s own profile', response: { 200: ProfileResponse, ...errors } } },
    (request) => getProfile(platform, requireAuth(request)),
  );

  app.put(
    '/rest/user/profile',
    {
      schema: {
        tags,
        summary: 'Change one’s own name and phone',
        body: ProfileUpdate,
        response: { 200: ProfileResponse, ...errors },
      },
    },
    (request) => updateProfile(platform, requireAuth(request), request.body),
  );

  app.post(
    '/rest/user/profile/email',
    {
      schema: {
        tags,
        summary: 'Ask to change one’s email address (with the current password): a link goes to the new one',
        body: ProfileEmailChange,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => {
      const ctx = requireAuth(request);
      return requestEmailChange(
        platform,
        pending,
        ctx,
        request.body,
        tenantOrigin(platform.config, ctx.tenant),
        request.ip,
      );
    },
  );

  app.post(
    '/public/user/email/confirm',
    {
      schema: {
        tags,
        summary: 'The emailed link: the new address becomes the account’s (once)',
        body: ProfileEmailConfirm,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => confirmEmailChange(platform, pending, requireTenant(request), request.body),
  );
}
