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
import { z } from 'zod';
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
import {
  PROFILE_PHOTO_MAX_BYTES,
  readProfilePhoto,
  removeProfilePhoto,
  replaceProfilePhoto,
} from './profile-photo.service.ts';

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

  registerProfilePhotoRoutes(server, platform);
}

/** The photo is the raw request body (like a media upload): its own scope takes any content type. */
function registerProfilePhotoRoutes(server: FastifyInstance, platform: Platform): void {
  server.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROFILE_PHOTO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.put(
      '/rest/user/profile/photo',
      {
        bodyLimit: PROFILE_PHOTO_MAX_BYTES,
        schema: {
          tags,
          summary: 'Set one’s own photo (raw body: PNG, JPEG, GIF or WebP, 5 MB at most; kept as a 256 px square)',
          response: { 200: ProfileResponse, ...errors, 413: ErrorBody },
        },
      },
      (request) =>
        replaceProfilePhoto(
          platform,
          requireAuth(request),
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        ),
    );

    app.delete(
      '/rest/user/profile/photo',
      { schema: { tags, summary: 'Remove one’s own photo', response: { 200: ProfileResponse, ...errors } } },
      (request) => removeProfilePhoto(platform, requireAuth(request)),
    );

    app.get(
      '/profile-photo/:id',
      {
        schema: {
          tags,
          summary: 'A profile photo (an unguessable address on the tenant’s host)',
          params: z.object({ id: z.string().uuid('id must be a photo id') }),
        },
      },
      async (request, reply) => {
        const bytes = await readProfilePhoto(platform, requireTenant(request), request.params.id);
        return reply.type('image/webp').header('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
      },
    );
  });
}
