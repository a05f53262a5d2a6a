import {
  ErrorBody,
  FILE_MESSAGES,
  FileList,
  FileListQuery,
  FileRename,
  FileShareInput,
  MessageResponse,
  MyFiles,
  StudioFile,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { contentDisposition } from './file-names.ts';
import * as files from './files.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const FileId = z.object({ id: z.uuid('id must be a file id') });
const ShareParams = FileId.extend({ shareId: z.uuid('shareId must be a share id') });
const UploadHeaders = z.object({ 'x-file-name': z.string().max(1000).optional() });
const tags = ['files'];

const rawBody = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * Files (docs/decisions/files.md): staff keep documents for members at /rest/files and share them;
 * a member reads /rest/myfiles and uploads their own. Uploads are the raw body (its name in
 * X-File-Name, percent-encoded), checked by content; downloads stream from the media storage.
 */
export function registerFileRoutes(server: FastifyInstance, platform: Platform): void {
  const limit = platform.config.filesMaxUploadBytes;

  // Uploads: any body as raw bytes (text/plain and application/json too), up to the limit.
  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/rest/files',
      {
        bodyLimit: limit,
        schema: {
          tags,
          summary: 'Upload a document for members (raw body; name in X-File-Name; staff)',
          headers: UploadHeaders,
          response: { 201: StudioFile, ...errors },
        },
      },
      async (request, reply) => {
        const { tenant, auth } = requireStaff(request, 'admin', 'staff');
        const file = await files.uploadFile(platform, tenant, auth, rawBody(request), request.headers['x-file-name']);
        return reply.code(201).send(file);
      },
    );

    app.post(
      '/rest/myfiles',
      {
        bodyLimit: limit,
        schema: {
          tags,
          summary: "Upload one of the member's own files (raw body; name in X-File-Name)",
          headers: UploadHeaders,
          response: { 201: StudioFile, ...errors },
        },
      },
      async (request, reply) => {
        const { tenant, auth } = requireAuth(request);
        const file = await files.uploadFile(platform, tenant, auth, rawBody(request), request.headers['x-file-name']);
        return reply.code(201).send(file);
      },
    );
  });

  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/files',
    {
      schema: {
        tags,
        summary: "The studio's files, paged and searchable (staff)",
        querystring: FileListQuery,
        response: { 200: FileList, ...errors },
      },
    },
    (request) => files.listFiles(platform, requireStaff(request).tenant, request.query),
  );

  app.get(
    '/rest/files/:id',
    {
      schema: {
        tags,
        summary: 'One file and its shares (staff)',
        params: FileId,
        response: { 200: StudioFile, ...errors },
      },
    },
    (request) => files.getFile(platform, requireStaff(request).tenant, request.params.id),
  );

  app.put(
    '/rest/files/:id',
    {
      schema: {
        tags,
        summary: 'Rename a file (admin, staff)',
        params: FileId,
        body: FileRename,
        response: { 200: StudioFile, ...errors },
      },
    },
    (request) =>
      files.renameFile(
        platform,
        requireStaff(request, 'admin', 'staff').tenant,
        request.params.id,
        request.body.fileName,
      ),
  );

  app.delete(
    '/rest/files/:id',
    {
      schema: {
        tags,
        summary: 'Delete a file (admin, staff)',
        params: FileId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await files.deleteFile(platform, requireStaff(request, 'admin', 'staff').tenant, request.params.id);
      return { message: FILE_MESSAGES.deleted };
    },
  );

  app.post(
    '/rest/files/:id/shares',
    {
      schema: {
        tags,
        summary: "Share a file with a member, every student, or a course's students (admin, staff)",
        params: FileId,
        body: FileShareInput,
        response: { 200: StudioFile, ...errors },
      },
    },
    (request) => {
      const { tenant, auth } = requireStaff(request, 'admin', 'staff');
      return files.shareFile(platform, tenant, auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/rest/files/:id/shares/:shareId',
    {
      schema: {
        tags,
        summary: 'Stop sharing a file that way (admin, staff)',
        params: ShareParams,
        response: { 200: StudioFile, ...errors },
      },
    },
    (request) =>
      files.unshareFile(
        platform,
        requireStaff(request, 'admin', 'staff').tenant,
        request.params.id,
        request.params.shareId,
      ),
  );

  app.get(
    '/rest/files/:id/download',
    {
      schema: {
        tags,
        summary: 'Download a file (staff; the member it is shared with; the member who uploaded it)',
        params: FileId,
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireAuth(request);
      const file = await files.openDownload(platform, tenant, auth, request.params.id);
      // Text is declared UTF-8; nothing is sniffed or shown in place (a text file holding HTML stays text).
      const type = file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType;
      return reply
        .type(type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );

  app.get(
    '/rest/myfiles',
    {
      schema: {
        tags,
        summary: 'My files: shared with me, and my own uploads',
        response: { 200: MyFiles, ...errors },
      },
    },
    (request) => {
      const { tenant, auth } = requireAuth(request);
      return files.myFiles(platform, tenant, auth);
    },
  );

  app.delete(
    '/rest/myfiles/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my own uploads',
        params: FileId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      await files.deleteMyUpload(platform, tenant, auth, request.params.id);
      return { message: FILE_MESSAGES.deleted };
    },
  );
}
