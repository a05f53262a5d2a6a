import { join } from 'node:path';
import { ErrorBody, TenantExport, TenantExportList } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { jwtSecret } from '../../secrets.ts';
import { contentDisposition } from '../files/file-names.ts';
import {
  EXPORT_QUEUE,
  EXPORT_SWEEP_QUEUE,
  type ExportJob,
  ExportLinkSigner,
  type ExportParts,
  giveUpExport,
  listExports,
  openDownload,
  requestExport,
  runExport,
  sweepExpiredExports,
} from './export.service.ts';
import { LocalExportStorage, S3ExportStorage } from './export-storage.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['tenant-export'];

/**
 * "Take your data with you" (issue 28; docs/decisions/platform.md): an admin asks for an export of
 * the whole studio, a job makes the zip and emails a signed link that works for 7 days.
 */
export async function registerTenantExportRoutes(server: FastifyInstance, platform: Platform): Promise<void> {
  const storage = platform.config.s3
    ? new S3ExportStorage(platform.config.s3)
    : new LocalExportStorage(join(platform.config.dataDir, 'exports'));
  server.addHook('onClose', async () => storage.close());
  const parts: ExportParts = {
    platform,
    storage,
    signer: new ExportLinkSigner(await jwtSecret(platform.db, platform.config)),
  };
  platform.jobs.register<ExportJob>(EXPORT_QUEUE, (job) => runExport(parts, job), {
    retryLimit: 1,
    retryDelaySeconds: 30,
    // A worker that died mid-export hands it back after an hour.
    expireInSeconds: 3600,
    batchSize: 1,
    onDeadLetter: (job) => giveUpExport(parts, job),
  });
  platform.jobs.register(EXPORT_SWEEP_QUEUE, async () => void (await sweepExpiredExports(parts)), { retryLimit: 0 });
  platform.jobs.schedule(EXPORT_SWEEP_QUEUE, '17 3 * * *');

  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/rest/tenant-export',
    {
      schema: {
        tags,
        summary: 'Export all of the studio’s data as a zip, emailed as a link (admin; 409 while one is being made)',
        response: { 202: TenantExport, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireStaff(request, 'admin');
      return reply.code(202).send(await requestExport(parts, tenant, auth));
    },
  );

  app.get(
    '/rest/tenant-export',
    {
      schema: {
        tags,
        summary: 'The studio’s last exports, newest first, with their download links while they work (admin)',
        response: { 200: TenantExportList, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request, 'admin');
      return { exports: await listExports(parts, tenant) };
    },
  );

  app.get(
    '/rest/tenant-export/:id/download',
    {
      schema: {
        tags,
        summary: 'Download an export’s zip by its signed link (the link is the credential; 410 once expired)',
        params: z.object({ id: z.uuid('id must be an export id') }),
        querystring: z.object({
          expires: z.coerce.number().int().positive(),
          signature: z.string().min(1).max(100),
        }),
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const file = await openDownload(parts, tenant, request.params.id, request.query.expires, request.query.signature);
      return reply
        .type('application/zip')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  );
}
