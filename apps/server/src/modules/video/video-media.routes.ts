import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireTenant } from '../../lib/guards.ts';
import type { VideoFiles } from './video-files.ts';
import type { VideoLinkSigner } from './video-signing.ts';

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

/**
 * GET /video-media/{assetId}/{version}/{expires}.{signature}/{file}: the playlists, segments, poster
 * and captions of a video, streamed from disk when the link's signature matches this tenant, asset
 * and version and it has not expired. No database read: the signature is the permission, checked
 * before anything touches the disk. A browser may keep a file until the link expires.
 */
export function registerVideoMediaRoute(server: FastifyInstance, files: VideoFiles, signer: VideoLinkSigner): void {
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
      const path = files.mediaPath(tenant.tenantId, assetId, version, file);
      if (!path) throw notFound('File');
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound('File');
      const maxAge = Math.min(signer.secondsLeft(token), 86_400);
      return reply
        .type(TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
        .header('Content-Length', info.size)
        .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
        .send(createReadStream(path));
    },
  );
}
