import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { platformSecrets } from '../../db/schema/index.ts';

/** The sealed form of a credential's secret fields, as the tenant_credentials row keeps it. */
export interface Sealed {
  ciphertext: string;
  iv: string;
  tag: string;
  keyVersion: number;
}

const KEY_VERSION = 1;

/** CREDENTIALS_KEY when set; otherwise a random 32-byte key generated once and kept in the database (like the JWT key). */
export async function credentialsKey(db: Db, config: AppConfig): Promise<Buffer> {
  if (config.credentialsKey) return config.credentialsKey;
  await db
    .insert(platformSecrets)
    .values({ name: 'credentials', value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, 'credentials'));
  if (!row) throw new Error('could not load the credentials key');
  const key = Buffer.from(row.value, 'base64');
  if (key.length !== 32) throw new Error('the stored credentials key is not 32 bytes');
  return key;
}

/**
 * AES-256-GCM over a JSON object of secret fields. The additional data binds a sealed value to its
 * tenant and provider, so a row copied to another tenant or provider fails to open.
 */
export class CredentialVault {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the credentials key must be 32 bytes');
    this.#key = key;
  }

  seal(tenantId: string, provider: string, secrets: Record<string, string>): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(`${tenantId}:${provider}`));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return {
      ciphertext: ciphertext.toString('base64'),
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      keyVersion: KEY_VERSION,
    };
  }

  open(tenantId: string, provider: string, sealed: Sealed): Record<string, string> {
    if (sealed.keyVersion !== KEY_VERSION) throw new Error(`no credentials key of version ${sealed.keyVersion}`);
    // The full 16-byte tag only: a truncated tag would be far easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(sealed.iv, 'base64'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(`${tenantId}:${provider}`));
    const tag = Buffer.from(sealed.tag, 'base64');
    if (tag.length !== 16) throw new Error('credential tag has the wrong length');
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, string>;
  }
}

/** The last four characters of a secret long enough that four reveal little; '' otherwise. */
export function hintOf(secret: string): string {
  return secret.length >= 12 ? secret.slice(-4) : '';
}
