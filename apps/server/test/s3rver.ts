import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type AppConfig, loadConfig, type S3Config } from '../src/config.ts';

/**
 * An s3rver on a free port holding one bucket in `directory`, and the app's config built from the
 * environment as in production (s3rver's one account is S3RVER/S3RVER). `prepare` runs before it starts.
 */
export async function startS3rver(
  bucket: string,
  directory: string,
  prepare: (server: S3rver) => void = () => {},
): Promise<{ server: S3rver; config: AppConfig; s3: S3Config }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  prepare(server);
  const { port } = await server.run();
  const config = loadConfig({
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  if (!config.s3) throw new Error('S3 config expected');
  return { server, config, s3: config.s3 };
}

/** A client straight on the bucket (not the app's), to see what the app wrote. */
export function bucketClient(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint ?? undefined,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
