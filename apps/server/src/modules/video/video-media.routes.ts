import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireTenant } from '../../lib/guards.ts';
import { MEDIA_TYPES, type VideoStorage } from './video-files.ts';
import type { VideoLinkSigner } from './video-signing.ts';

/**
 * GET /video-media/{assetId}/{version}/{expires}.{signature}/{file}: the playlists, segments, poster
 * and captions of a video, when the link's signature matches this tenant, asset and version and it
 * has not expired. No database read: the signature is the permission, checked before the storage is
 * touched. The file is streamed (from disk, or from the bucket), or for a segment in the bucket the
 * answer is a redirect to a presigned URL that expires with the link. A browser may keep a file
 * until the link expires.
 */
export function registerVideoMediaRoute(server: FastifyInstance, storage: VideoStorage, signer: VideoLinkSigner): void {
  server.get<{ Params: { assetId: string; version: string; token: string; '*': string } }>(
    '/video-media/:assetId/:version/:token/*',
    { schema: { tags: ['video'], summary: 'A signed video file (playlist, segment, poster or captions)', hide: true } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { assetId, version, token } = request.params;
      const file = request.params['*'];
      const verdict = signer.verify(tenant.tenantId, assetId, version, token);
      if (verdict === 'expired') throw new AppError(403, 'link_expired', 'This video link has expired.');
      if (verdict === 'invalid') throw new AppError(403, 'link_invalid', 'This video link is not valid.');
      const secondsLeft = signer.secondsLeft(token);
      const answer = await storage.mediaFile(tenant.tenantId, assetId, version, file, secondsLeft);
      if (!answer) throw notFound('File');
      const maxAge = Math.min(secondsLeft, 86_400);
      reply.header('Cache-Control', `private, max-age=${maxAge}, immutable`);
      if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
      return reply
        .type(MEDIA_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
        .header('Content-Length', answer.size)
        .send(answer.stream);
    },
  );
}
