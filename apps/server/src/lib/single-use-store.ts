import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { type Db, readTenant, type Tx, withTenant } from '../db/client.ts';
import { singleUseValues } from '../db/schema/index.ts';

/**
 * Short-lived values that can be taken once, in a table every server process shares: OAuth states,
 * social tokens, franchise switch codes, pending registrations. Keys are random secrets; only their
 * SHA-256 is stored. Each belongs to a tenant, so a value put for one tenant is not there for
 * another (row-level security), and the flow that started on one process finishes on any.
 */
export class SingleUseStore<T> {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  put(tenantId: string, key: string, value: T): Promise<void> {
    return withTenant(this.db, tenantId, (tx) => this.putIn(tx, tenantId, key, value));
  }

  /** put() inside the caller's tenant transaction, so the value exists only if the rest commits. */
  async putIn(tx: Tx, tenantId: string, key: string, value: T): Promise<void> {
    const now = new Date(this.now());
    // Expired values of this kind go as new ones arrive: the table holds only live ones.
    await tx
      .delete(singleUseValues)
      .where(
        and(
          eq(singleUseValues.tenantId, tenantId),
          eq(singleUseValues.kind, this.kind),
          lt(singleUseValues.expiresAt, now),
        ),
      );
    await tx.insert(singleUseValues).values({
      tenantId,
      kind: this.kind,
      keyHash: hashKey(key),
      value,
      expiresAt: new Date(now.getTime() + this.ttlMs),
    });
  }

  /** True when a live value exists for the key (nothing is taken): a cheap check before slow work. */
  async has(tenantId: string, key: string): Promise<boolean> {
    const rows = await readTenant(this.db, tenantId, (tx) =>
      tx
        .select({ one: sql`1` })
        .from(singleUseValues)
        .where(this.keyed(tenantId, key, true))
        .limit(1),
    );
    return rows.length > 0;
  }

  /** The live value for the key, left in place (a value that lasts a while, such as a session's mark). */
  async peek(tenantId: string, key: string): Promise<T | null> {
    const [row] = await readTenant(this.db, tenantId, (tx) =>
      tx
        .select({ value: singleUseValues.value })
        .from(singleUseValues)
        .where(this.keyed(tenantId, key, true))
        .limit(1),
    );
    return row ? (row.value as T) : null;
  }

  /** The value if it exists for this tenant and has not expired; either way it is gone afterwards. */
  take(tenantId: string, key: string): Promise<T | null> {
    return withTenant(this.db, tenantId, (tx) => this.takeIn(tx, tenantId, key));
  }

  /** take() inside the caller's tenant transaction: a rollback puts the value back. */
  async takeIn(tx: Tx, tenantId: string, key: string): Promise<T | null> {
    const [row] = await tx
      .delete(singleUseValues)
      .where(this.keyed(tenantId, key, false))
      .returning({ value: singleUseValues.value, expiresAt: singleUseValues.expiresAt });
    return row && row.expiresAt.getTime() > this.now() ? (row.value as T) : null;
  }

  /** The tenant's value of this kind under the key; `live`: only while it has not expired. */
  private keyed(tenantId: string, key: string, live: boolean) {
    return and(
      eq(singleUseValues.tenantId, tenantId),
      eq(singleUseValues.kind, this.kind),
      eq(singleUseValues.keyHash, hashKey(key)),
      live ? gt(singleUseValues.expiresAt, new Date(this.now())) : undefined,
    );
  }
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
