import {
  ErrorBody,
  MessageResponse,
  VIDEO_TEXTS,
  VideoAsset,
  VideoCaptionBody,
  VideoPlayback,
  VideoTenantRole,
  VideoUpdateBody,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { jwtSecret } from '../../secrets.ts';
import * as video from './video.service.ts';
import { VideoFiles, type VideoStorage } from './video-files.ts';
import { registerVideoMediaRoute } from './video-media.routes.ts';
import { S3VideoFiles } from './video-s3-files.ts';
import { VideoLinkSigner } from './video-signing.ts';
import { queueTranscode, registerTranscodeJob } from './video-transcode.job.ts';
import { registerVideoUploads } from './video-uploads.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const VideoId = z.object({ id: z.string().uuid('id must be a video id') });
const CaptionParams = VideoId.extend({ captionId: z.string().uuid('captionId must be a caption id') });
const tags = ['video'];

/**
 * The video pipeline (issue 25): tus uploads, the transcode job, staff calls on the library, the
 * player's signed descriptor and the signed media files. Courses use it through findVideoAsset and
 * registerVideoAccessPolicy.
 */
export async function registerVideoRoutes(server: FastifyInstance, platform: Platform): Promise<void> {
  // The same switch as the media gallery's: S3_BUCKET puts videos in the bucket too.
  const files: VideoStorage = platform.config.s3
    ? new S3VideoFiles(platform.config.s3, platform.config)
    : new VideoFiles(platform.config);
  await files.ensure();
  server.addHook('onClose', async () => files.close());
  const signer = new VideoLinkSigner(
    await jwtSecret(platform.db, platform.config),
    platform.config.video.urlTtlSeconds,
    // The business clock: tests and e2e move it past a link's expiry.
    () => platform.clock.now().getTime(),
  );
  const parts: video.VideoParts = { platform, files, signer };
  video.rememberVideoParts(parts);
  registerTranscodeJob(platform, files);
  registerVideoUploads(server, platform, files, async (tenantId, assetId) => {
    await queueTranscode(platform, tenantId, assetId);
  });
  registerVideoMediaRoute(server, files, signer);

  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/rest/video',
    {
      schema: {
        tags,
        summary: "The studio's videos, newest first (staff)",
        response: { 200: z.array(VideoAsset), ...errors },
      },
    },
    (request) => video.listVideos(platform, requireStaff(request).tenant),
  );
  app.get(
    '/rest/video/tenant/:type',
    {
      schema: {
        tags,
        summary: "The studio's intro or outro video (spec 2 §7: asset by type introTenant, outroTenant)",
        params: z.object({ type: VideoTenantRole }),
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) => video.getTenantAsset(platform, requireStaff(request).tenant, request.params.type),
  );
  app.get(
    '/rest/video/:id',
    {
      schema: {
        tags,
        summary: 'One video with its processing status and progress (staff)',
        params: VideoId,
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) => video.getVideo(platform, requireStaff(request).tenant, request.params.id),
  );
  app.put(
    '/rest/video/:id',
    {
      schema: {
        tags,
        summary: 'Rename a video or change its intro/outro joins (a ready video is processed again)',
        params: VideoId,
        body: VideoUpdateBody,
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) =>
      video.updateVideo(platform, requireStaff(request, 'admin', 'staff').tenant, request.params.id, request.body),
  );
  app.put(
    '/rest/video/:id/tenant-role',
    {
      schema: {
        tags,
        summary: "Make a ready video the studio's intro or outro (null: neither)",
        params: VideoId,
        body: z.object({ tenantRole: VideoTenantRole.nullable() }),
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) =>
      video.setTenantRole(platform, requireStaff(request, 'admin').tenant, request.params.id, request.body.tenantRole),
  );
  app.post(
    '/rest/video/:id/retry',
    {
      schema: {
        tags,
        summary: 'Process a failed video again',
        params: VideoId,
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) => video.retryVideo(platform, requireStaff(request, 'admin', 'staff').tenant, request.params.id),
  );
  app.delete(
    '/rest/video/:id',
    {
      schema: {
        tags,
        summary: 'Delete a video and its files',
        params: VideoId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await video.deleteVideo(parts, requireStaff(request, 'admin', 'staff').tenant, request.params.id);
      return { message: VIDEO_TEXTS.deleted };
    },
  );
  app.post(
    '/rest/video/:id/captions',
    {
      bodyLimit: 2 * 1_048_576,
      schema: {
        tags,
        summary: 'Add a WebVTT caption track',
        params: VideoId,
        body: VideoCaptionBody,
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) =>
      video.addCaptions(parts, requireStaff(request, 'admin', 'staff').tenant, request.params.id, request.body),
  );
  app.delete(
    '/rest/video/:id/captions/:captionId',
    {
      schema: {
        tags,
        summary: 'Remove a caption track',
        params: CaptionParams,
        response: { 200: VideoAsset, ...errors },
      },
    },
    (request) =>
      video.removeCaptions(
        parts,
        requireStaff(request, 'admin', 'staff').tenant,
        request.params.id,
        request.params.captionId,
      ),
  );
  app.get(
    '/rest/video/:id/playback',
    {
      schema: {
        tags,
        summary:
          'Short-lived signed links to watch a video (staff, whom a policy such as a course enrolment allows, or a signed-out visitor on a published course preview)',
        params: VideoId,
        response: { 200: VideoPlayback, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      // A token that no longer counts (expired, ended session) is a 401, so the app refreshes it
      // and asks again as the member rather than as a visitor.
      if (!request.auth && request.headers.authorization?.startsWith('Bearer ')) throw unauthorized();
      const descriptor = await video.playback(parts, tenant, request.auth ?? null, request.params.id);
      return reply.header('Cache-Control', 'no-store').send(descriptor);
    },
  );
}
