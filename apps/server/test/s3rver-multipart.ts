import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

interface S3rverInternals {
  middleware: Array<(ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const NO_SUCH_UPLOAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
  '<Message>The specified upload does not exist.</Message></Error>';

/**
 * s3rver 3.7 stores multipart uploads (initiate, upload part, complete) but answers ListParts and
 * AbortMultipartUpload with 405, and @tus/s3-store needs both (the offset of a resumed upload is the
 * sum of its parts). This adds the two over s3rver's own files (`uploads/{uploadId}/{n}` and
 * `{n}.md5`), ahead of its router; call it before `run()`.
 */
export function addS3rverMultipartListing(server: S3rver): void {
  const internals = server as unknown as S3rverInternals;
  internals.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== 'string' || !/^[0-9a-f]{32}$/.test(uploadId)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'DELETE') return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    const dir = join(internals.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const names = await readdir(dir).catch(() => null);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = NO_SUCH_UPLOAD;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const size = (await stat(join(dir, String(n)))).size;
        const md5 = (await readFile(join(dir, `${n}.md5`), 'utf8')).trim();
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult>' +
      `<Bucket>${bucket}</Bucket><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>` +
      `${parts.join('')}</ListPartsResult>`;
  });
}
