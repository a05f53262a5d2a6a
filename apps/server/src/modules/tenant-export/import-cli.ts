import { join, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { S3Storage } from '../media/media.s3-storage.ts';
import { LocalDiskStorage } from '../media/media.storage.ts';
import { ImportRefused, importTenantZip } from './import-zip.ts';

/**
 * `npm run import-tenant -- <export.zip> [--alongside]`: restores a studio's export into the install
 * that DATABASE_URL (or DATA_DIR's embedded database) and S3_* / DATA_DIR/media name. Run it before the
 * install's first start (an empty database is otherwise given the demo studios). Exit 0 restored,
 * 2 refused (the reason is printed), 1 failed.
 */
const args = process.argv.slice(2).filter((a) => a !== '--');
const zipPath = args.find((a) => !a.startsWith('--'));
if (!zipPath) {
  console.error('Usage: npm run import-tenant -- <export.zip> [--alongside]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const media = config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(join(config.dataDir, 'media'));
let code = 0;
try {
  await migrateDatabase(database);
  const result = await importTenantZip({
    database,
    media,
    zipPath: resolve(zipPath),
    alongside: args.includes('--alongside'),
  });
  const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${result.orgId} (${result.tenantId}): ${total} rows in ${Object.keys(result.rows).length} tables, ${result.files} files.`,
  );
} catch (error) {
  if (error instanceof ImportRefused) {
    console.error(`Not restored: ${error.message}`);
    code = 2;
  } else {
    console.error(error);
    code = 1;
  }
} finally {
  if (media instanceof S3Storage) media.close();
  await database.close();
}
process.exit(code);
