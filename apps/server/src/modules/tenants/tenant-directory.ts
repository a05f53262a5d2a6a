import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { settingsWithDefaults } from '../../lib/tenant-settings.ts';

const ORG_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const CACHE_TTL_MS = 30_000;

export type HostLookup =
  | { kind: 'org'; orgId: string }
  | { kind: 'domain'; domain: string }
  | { kind: 'default' }
  | { kind: 'address' };

/**
 * Spec 1 §1: `{orgId}.{product domain}`, a custom domain, or the default org on a bare host: a
 * product domain itself (`default`), or an IP address or no Host at all (`address`, which anyone
 * can send, so it serves the default org's reads only: see tenant-and-auth).
 */
export function parseHost(rawHost: string | undefined, productDomains: string[]): HostLookup {
  const host = (rawHost ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!host || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return { kind: 'address' };
  for (const domain of productDomains) {
    if (host === domain) return { kind: 'default' };
    if (host.endsWith(`.${domain}`)) {
      const sub = host.slice(0, -(domain.length + 1));
      return ORG_ID_PATTERN.test(sub) ? { kind: 'org', orgId: sub } : { kind: 'domain', domain: host };
    }
  }
  return { kind: 'domain', domain: host };
}

export function toTenantContext(row: typeof tenants.$inferSelect): TenantContext {
  return {
    tenantId: row.id,
    orgId: row.orgId,
    masterOrgId: row.masterOrgId,
    name: row.name,
    customDomain: row.customDomain,
    settings: settingsWithDefaults(row.settings),
    suspendedAt: row.suspendedAt ? row.suspendedAt.toISOString() : null,
  };
}

/** Looks tenants up by host or org id, with a short cache (POST /snode/cache clears it). */
export class TenantDirectory {
  private readonly cache;

  constructor(
    private readonly db: Db,
    private readonly productDomains: string[],
    private readonly defaultOrgId: string | null,
    bus: CacheBus,
  ) {
    this.cache = bus.cache<TenantContext | null>('tenants', CACHE_TTL_MS);
  }

  clearCache(): void {
    this.cache.clear();
  }

  /** Forgets one tenant after a write to its row, so the next request on its hosts reads it anew. */
  invalidate(tenant: Pick<TenantContext, 'orgId' | 'customDomain'>): void {
    this.cache.delete(`org:${tenant.orgId}`);
    if (tenant.customDomain) this.cache.delete(`domain:${tenant.customDomain}`);
  }

  resolveHost(host: string | undefined): Promise<TenantContext | null> {
    return this.resolve(parseHost(host, this.productDomains));
  }

  /** The tenant a parsed host names (see resolveHost). */
  async resolve(lookup: HostLookup): Promise<TenantContext | null> {
    switch (lookup.kind) {
      case 'org':
        return this.byOrgId(lookup.orgId);
      case 'default':
      case 'address':
        return this.defaultOrgId ? this.byOrgId(this.defaultOrgId) : null;
      case 'domain':
        return this.cache.get(`domain:${lookup.domain}`, async () => {
          const [row] = await this.db.select().from(tenants).where(eq(tenants.customDomain, lookup.domain)).limit(1);
          return row ? toTenantContext(row) : null;
        });
    }
  }

  /**
   * What resolve() would answer when it is in the cache, without a promise (the request hot path):
   * the tenant, null for a host known to name none, undefined when resolve() must look.
   */
  peek(lookup: HostLookup): TenantContext | null | undefined {
    switch (lookup.kind) {
      case 'org':
        return this.cache.peek(`org:${lookup.orgId}`);
      case 'default':
      case 'address':
        return this.defaultOrgId ? this.cache.peek(`org:${this.defaultOrgId}`) : null;
      case 'domain':
        return this.cache.peek(`domain:${lookup.domain}`);
    }
  }

  /** Ping's name may be a host or a stored org id (spec 1 §7). */
  async resolveName(name: string): Promise<TenantContext | null> {
    const trimmed = name.trim().toLowerCase();
    if (ORG_ID_PATTERN.test(trimmed)) {
      const byOrg = await this.byOrgId(trimmed);
      if (byOrg) return byOrg;
    }
    const lookup = parseHost(trimmed, this.productDomains);
    if (
      (lookup.kind === 'default' || lookup.kind === 'address') &&
      trimmed.includes('.') === false &&
      trimmed !== 'localhost'
    )
      return null;
    return this.resolveHost(trimmed);
  }

  /** For background jobs (no host): read fresh, not cached, since invalidate() knows hosts only. */
  async byId(tenantId: string): Promise<TenantContext | null> {
    const [row] = await this.db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return row ? toTenantContext(row) : null;
  }

  byOrgId(orgId: string): Promise<TenantContext | null> {
    return this.cache.get(`org:${orgId}`, async () => {
      const [row] = await this.db.select().from(tenants).where(eq(tenants.orgId, orgId)).limit(1);
      return row ? toTenantContext(row) : null;
    });
  }
}
