import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { VIDEO_TEXTS, VIDEO_UPLOAD_PATH } from '@atrium/contracts';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { findVideoAsset, insertVideoAsset, updateVideoAsset } from './video.repo.ts';
import { UUID, type VideoStorage } from './video-files.ts';
import { probeVideo } from './video-probe.ts';

/** The signed-in staff member of each tus request, for the hooks (which see tus's own request object). */
const requestContexts = new WeakMap<IncomingMessage, Authenticated>();

interface TusRequest {
  runtime?: { node?: { req: IncomingMessage } };
}

function contextOf(req: unknown): Authenticated {
  const raw = (req as TusRequest).runtime?.node?.req;
  const context = raw ? requestContexts.get(raw) : undefined;
  if (!context) throw { status_code: 500, body: 'The upload lost its session.\n' };
  return context;
}

/** 2147483648 -> "2 GB"; 10485760 -> "10 MB". */
export function formatLimit(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

function cleanName(raw: string | null | undefined, fallback: string): string {
  const name = [...(raw ?? '')]
    .filter((char) => char.charCodeAt(0) >= 32 && !'\\/:*?"<>|'.includes(char))
    .join('')
    .trim()
    .slice(0, 200);
  return name || fallback;
}

export type UploadFinished = (tenantId: string, assetId: string) => Promise<void>;

/**
 * Resumable uploads (tus 1.0 through @tus/server; files in VIDEO_DIR/uploads, or through
 * @tus/s3-store in the bucket when media go to S3): staff (admin, staff) create an upload with its
 * length and Upload-Metadata (filename, title, joinIntro, joinOutro); the URL's id is the video
 * asset's (in the bucket, tus's own id is the object key under the studio's prefix). Only the person
 * who started an upload may resume it (HEAD, PATCH); another studio's upload is not found. When the
 * last byte arrives ffprobe decides whether it is a video.
 */
export function registerVideoUploads(
  server: FastifyInstance,
  platform: Platform,
  files: VideoStorage,
  onFinished: UploadFinished,
): TusServer {
  const limit = platform.config.video.maxUploadBytes;
  const tus = new TusServer({
    path: VIDEO_UPLOAD_PATH,
    datastore: files.datastore,
    maxSize: limit,
    namingFunction: (req) => files.uploadId(contextOf(req).tenant.tenantId, randomUUID()),
    // The Location names the asset; the request's tenant turns it back into tus's id.
    generateUrl: (_req, { path, id }) => `${path}/${files.assetIdOf(id)}`,
    getFileIdFromRequest: (req, lastPath) =>
      lastPath && UUID.test(lastPath) ? files.uploadId(contextOf(req).tenant.tenantId, lastPath) : undefined,
    onResponseError: (_req, error) => {
      if ('status_code' in error && error.status_code === 413)
        return { status_code: 413, body: `${VIDEO_TEXTS.tooLarge(formatLimit(limit))}\n` };
      return undefined;
    },
    onUploadCreate: async (req, upload) => {
      const { tenant, auth } = contextOf(req);
      if (upload.size === undefined) throw { status_code: 400, body: `${VIDEO_TEXTS.noLength}\n` };
      if (upload.size > limit) throw { status_code: 413, body: `${VIDEO_TEXTS.tooLarge(formatLimit(limit))}\n` };
      const metadata = upload.metadata ?? {};
      const originalName = cleanName(metadata.filename, 'video');
      await insertVideoAsset(platform.db, tenant.tenantId, {
        id: files.assetIdOf(upload.id),
        title: cleanName(metadata.title, originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'Video'),
        originalName,
        sizeBytes: upload.size,
        joinIntro: metadata.joinIntro === 'true',
        joinOutro: metadata.joinOutro === 'true',
        createdBy: auth.sub,
      });
      return { metadata };
    },
    onUploadFinish: async (req, upload) => {
      const { tenant } = contextOf(req);
      const assetId = files.assetIdOf(upload.id);
      // In the bucket the upload is downloaded for ffprobe (a local file, as on disk; see video.md).
      const source = await files.localSource(tenant.tenantId, assetId);
      const probe = source
        ? await probeVideo(platform.config.video, source.path).finally(() => source.release())
        : null;
      if (!probe) {
        await updateVideoAsset(platform.db, tenant.tenantId, assetId, {
          status: 'failed',
          failureReason: VIDEO_TEXTS.notAVideo,
        });
        await files.removeAsset(tenant.tenantId, assetId);
        throw { status_code: 415, body: `${VIDEO_TEXTS.notAVideo}\n` };
      }
      await updateVideoAsset(platform.db, tenant.tenantId, assetId, {
        status: 'processing',
        progressPercent: 0,
        mimeType: probe.mimeType,
        durationMs: probe.durationMs,
        width: probe.width,
        height: probe.height,
      });
      await onFinished(tenant.tenantId, assetId);
      return {};
    },
  });

  server.register(async (scope) => {
    // The body is tus's to read as a stream: Fastify leaves it untouched.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply, uploadId: string | null) => {
      const context = requireStaff(request, 'admin', 'staff');
      if (uploadId !== null) {
        const asset = await findVideoAsset(platform.db, context.tenant.tenantId, uploadId);
        if (!asset) throw notFound('Upload');
        if (asset.createdBy !== context.auth.sub) throw forbidden(VIDEO_TEXTS.notYours);
        if (request.method === 'PATCH' && asset.status !== 'uploading')
          throw new AppError(409, 'conflict', VIDEO_TEXTS.notUploading);
      }
      requestContexts.set(request.raw, context);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    const schema = { tags: ['video'], summary: 'Resumable video upload (tus 1.0): creation', hide: false };
    scope.post(VIDEO_UPLOAD_PATH, { schema }, (request, reply) => handle(request, reply, null));
    scope.route({
      method: ['HEAD', 'PATCH'],
      url: `${VIDEO_UPLOAD_PATH}/:id`,
      schema: { tags: ['video'], summary: 'Resumable video upload (tus 1.0): offset and data' },
      handler: (request, reply) => handle(request, reply, (request.params as { id: string }).id),
    });
  });
  return tus;
}
