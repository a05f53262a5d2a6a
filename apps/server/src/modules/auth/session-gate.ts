import { and, eq, isNotNull } from 'drizzle-orm';
import { type Db, readTenant } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';

/**
 * An access token lives 30 minutes, but its login session (the refresh-token family named by its
 * `sid`) can end sooner: logout, a reused refresh token, a password reset, or an admin suspending
 * the user or changing their role. The gate answers whether a session has ended, so its access
 * tokens stop working at once. Answers are kept 5 s per session (one query per active session at
 * most every 5 s); a revocation in this process forgets the tenant's answers straight away.
 */
export class SessionGate {
  private readonly ended;

  constructor(
    private readonly db: Db,
    bus: CacheBus,
  ) {
    this.ended = bus.cache<boolean>('sessions', 5_000, 50_000);
  }

  /** isEnded's answer while it is kept, without a promise (the request hot path); undefined when it must ask. */
  peekEnded(tenantId: string, sid: string): boolean | undefined {
    return this.ended.peek(`${tenantId}:${sid}`);
  }

  isEnded(tenantId: string, sid: string): Promise<boolean> {
    return this.ended.get(`${tenantId}:${sid}`, async () => {
      const rows = await readTenant(this.db, tenantId, (tx) =>
        tx
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.tenantId, tenantId),
              eq(refreshTokens.familyId, sid),
              isNotNull(refreshTokens.revokedAt),
            ),
          )
          .limit(1),
      );
      return rows.length > 0;
    });
  }

  /** Call after a transaction that revoked sessions of the tenant has committed. */
  forgetTenant(tenantId: string): void {
    this.ended.clear(`${tenantId}:`);
  }
}
