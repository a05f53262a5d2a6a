import { ErrorBody, MediaItem, MessageResponse } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import * as media from './media.service.ts';
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES } from './media-types.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const MediaId = z.object({ id: z.string().uuid('id must be a file id') });
const tags = ['media'];

/**
 * Media uploads (spec 3 §2.5, §9): the file is the raw request body (Content-Type image/* or
 * video/*, name in X-File-Name), stored on the platform and served from the tenant's own host.
 */
export function registerMediaRoutes(server: FastifyInstance, platform: Platform): void {
  server.register(async (scope) => {
    // Any raw body up to 10 MB, for this scope only: the service checks what the bytes really are.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/media',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          tags,
          summary: `Upload an image or a video (raw body; ${ACCEPTED_TYPES.join(', ')}; 10 MB at most)`,
          headers: z.object({ 'x-file-name': z.string().max(400).optional() }),
          response: { 201: MediaItem, ...errors },
        },
      },
      async (request, reply) => {
        const { tenant } = requireStaff(request, 'admin', 'staff');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const item = await media.uploadMedia(platform, tenant, body, request.headers['x-file-name']);
        return reply.code(201).send(item);
      },
    );

    app.get(
      '/media',
      { schema: { tags, summary: 'The media gallery (public)', response: { 200: z.array(MediaItem), ...errors } } },
      (request) => media.listMedia(platform, requireTenant(request)),
    );

    app.get(
      '/media/:id',
      { schema: { tags, summary: 'One uploaded file', params: MediaId } },
      async (request, reply) => {
        const file = await media.readMedia(platform, requireTenant(request), request.params.id);
        return reply
          .type(file.contentType)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .send(file.bytes);
      },
    );

    app.delete(
      '/media/:id',
      {
        schema: {
          tags,
          summary: 'Delete an uploaded file',
          params: MediaId,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        const { tenant } = requireStaff(request, 'admin', 'staff');
        await media.deleteMedia(platform, tenant, request.params.id);
        return { message: 'File deleted.' };
      },
    );
  });
}
