import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkoutKeys } from '../../db/schema/index.ts';

/**
 * Claims a sale's key: true when this transaction now owns it. A concurrent sale with the same key
 * waits here on the primary key until the first one ends: it then sees the committed row (false) or,
 * if the first rolled back, claims the key itself.
 */
export async function claimCheckoutKey(tx: Tx, tenantId: string, key: string, fingerprint: string): Promise<boolean> {
  const rows = await tx
    .insert(checkoutKeys)
    .values({ tenantId, idempotencyKey: key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: checkoutKeys.idempotencyKey });
  return rows.length > 0;
}

export async function findCheckoutKey(tx: Tx, tenantId: string, key: string) {
  const [row] = await tx
    .select()
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.tenantId, tenantId), eq(checkoutKeys.idempotencyKey, key)));
  return row;
}

export async function setCheckoutInvoice(tx: Tx, tenantId: string, key: string, invoiceId: string): Promise<void> {
  await tx
    .update(checkoutKeys)
    .set({ invoiceId })
    .where(and(eq(checkoutKeys.tenantId, tenantId), eq(checkoutKeys.idempotencyKey, key)));
}
