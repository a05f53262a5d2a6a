import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenantCredentials } from '../../db/schema/index.ts';

export type CredentialRow = typeof tenantCredentials.$inferSelect;
export type CredentialKind = CredentialRow['kind'];

export interface CredentialWrite {
  provider: string;
  kind: CredentialKind;
  ciphertext: string;
  iv: string;
  tag: string;
  keyVersion: number;
  hint: string;
  publicFields: Record<string, unknown>;
  isIntegrated: boolean;
  isTestMode: boolean;
  isVerified: boolean | null;
  verifyMessage: string;
  verifiedAt: Date | null;
}

/** Every credential row of the tenant (optionally of one kind). */
export function listCredentials(tx: Tx, tenantId: string, kind?: CredentialKind): Promise<CredentialRow[]> {
  const where = kind
    ? and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.kind, kind))
    : eq(tenantCredentials.tenantId, tenantId);
  return tx.select().from(tenantCredentials).where(where).orderBy(tenantCredentials.provider);
}

export async function findCredential(tx: Tx, tenantId: string, provider: string): Promise<CredentialRow | null> {
  const [row] = await tx
    .select()
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.provider, provider)))
    .limit(1);
  return row ?? null;
}

/** Insert or replace the tenant's record of this provider (unique per tenant and provider). */
export async function upsertCredential(tx: Tx, tenantId: string, values: CredentialWrite): Promise<CredentialRow> {
  const { provider, ...rest } = values;
  const [row] = await tx
    .insert(tenantCredentials)
    .values({ tenantId, provider, ...rest })
    .onConflictDoUpdate({
      target: [tenantCredentials.tenantId, tenantCredentials.provider],
      set: { ...rest, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('credential upsert returned nothing');
  return row;
}

/** One provider of a kind at a time (SMS, campaign): the others of that kind stop being integrated. */
export async function deactivateOthers(tx: Tx, tenantId: string, kind: CredentialKind, keep: string): Promise<void> {
  await tx
    .update(tenantCredentials)
    .set({ isIntegrated: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(tenantCredentials.tenantId, tenantId),
        eq(tenantCredentials.kind, kind),
        ne(tenantCredentials.provider, keep),
        eq(tenantCredentials.isIntegrated, true),
      ),
    );
}

export async function deleteCredential(tx: Tx, tenantId: string, provider: string): Promise<boolean> {
  const rows = await tx
    .delete(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.provider, provider)))
    .returning({ id: tenantCredentials.id });
  return rows.length > 0;
}
