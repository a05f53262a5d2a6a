import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { platformSecrets } from './db/schema/index.ts';

/** JWT_SECRET when set; otherwise a random key generated once and kept in the database. */
export async function jwtSecret(db: Db, config: AppConfig): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await db
    .insert(platformSecrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, 'jwt'));
  if (!row) throw new Error('could not load the JWT signing key');
  return row.value;
}
