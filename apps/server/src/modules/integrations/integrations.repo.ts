import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
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

/** The rows whose provider key starts with a prefix (connected mailboxes: `mail:{userId}:{address}`). */
export function listCredentialsByPrefix(tx: Tx, tenantId: string, prefix: string): Promise<CredentialRow[]> {
  return tx
    .select()
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), sql`starts_with(${tenantCredentials.provider}, ${prefix})`))
    .orderBy(tenantCredentials.createdAt);
}

export async function findCredentialById(tx: Tx, tenantId: string, id: string): Promise<CredentialRow | null> {
  const [row] = await tx
    .select()
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Merge non-secret fields into a row's public_fields (jsonb `||`), leaving the sealed secrets alone.
 * With `whenListId`, only while the row still names that Mailchimp list (a finished job does not
 * overwrite a list changed meanwhile). Answers whether a row was changed.
 */
export async function mergePublicFields(
  tx: Tx,
  tenantId: string,
  provider: string,
  patch: Record<string, unknown>,
  whenListId?: string,
): Promise<boolean> {
  return patchPublicFields(
    tx,
    tenantId,
    provider,
    patch,
    whenListId === undefined ? undefined : sql`${tenantCredentials.publicFields}->>'mcAudienceId' = ${whenListId}`,
  );
}

/**
 * Mailchimp resync claim: sets the patch only when the row names this list and no resync is in
 * progress (or the one in progress stopped sending heartbeats before `staleBefore`). One statement,
 * so two requests cannot both start a resync.
 */
export async function claimMailchimpResync(
  tx: Tx,
  tenantId: string,
  listId: string,
  patch: Record<string, unknown>,
  staleBefore: Date,
): Promise<boolean> {
  return patchPublicFields(
    tx,
    tenantId,
    'mailchimp',
    patch,
    sql`${tenantCredentials.publicFields}->>'mcAudienceId' = ${listId}`,
    sql`(coalesce(${tenantCredentials.publicFields}->>'mcStatus', '') <> 'in_progress'
          or coalesce(${tenantCredentials.publicFields}#>>'{mcSync,heartbeatAt}', '') < ${staleBefore.toISOString()})`,
  );
}

/** Merges `patch` into the provider's public_fields where the row also meets `conditions`; answers whether it did. */
async function patchPublicFields(
  tx: Tx,
  tenantId: string,
  provider: string,
  patch: Record<string, unknown>,
  ...conditions: (SQL | undefined)[]
): Promise<boolean> {
  const rows = await tx
    .update(tenantCredentials)
    .set({
      publicFields: sql`${tenantCredentials.publicFields} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.provider, provider), ...conditions))
    .returning({ id: tenantCredentials.id });
  return rows.length > 0;
}
