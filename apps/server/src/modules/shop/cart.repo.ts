import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { carts } from '../../db/schema/index.ts';
import type { SaleLine } from '../checkout/sale.service.ts';

export type CartRow = typeof carts.$inferSelect;

export async function findCart(tx: Tx, tenantId: string, idHash: string): Promise<CartRow | undefined> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.idHash, idHash)));
  return row;
}

export async function insertCart(tx: Tx, tenantId: string, idHash: string, lines: SaleLine[], offerCode: string) {
  await tx.insert(carts).values({ tenantId, idHash, lines, offerCode });
}

export async function updateCart(tx: Tx, tenantId: string, idHash: string, lines: SaleLine[], offerCode: string) {
  await tx
    .update(carts)
    .set({ lines, offerCode, updatedAt: new Date() })
    .where(and(eq(carts.tenantId, tenantId), eq(carts.idHash, idHash)));
}

/** Every tenant's carts untouched since `before` (a platform job on the owner connection). */
export async function deleteCartsBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(carts).where(lt(carts.updatedAt, before)).returning({ id: carts.idHash });
  return gone.length;
}
