import { randomBytes } from 'node:crypto';
import type { CustomDomain, DnsRecord } from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { customDomains, tenants } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { type DnsFindings, lookUpDomain, makeResolver, proofName, proofValue } from './dns-check.ts';
import { isApex, normalizeDomain } from './domain-name.ts';

type Row = typeof customDomains.$inferSelect;
type Studio = Pick<TenantContext, 'tenantId' | 'orgId'>;

/** The platform's own host names: never a studio's custom domain. */
function reservedHosts(platform: Platform): string[] {
  const { config } = platform;
  return [
    ...config.productDomains,
    new URL(config.publicUrl).hostname,
    ...(config.customDomains.target ? [config.customDomains.target] : []),
    'localhost',
  ];
}

/** Where a studio's CNAME points: CUSTOM_DOMAIN_TARGET, else its own `{orgId}.{PUBLIC_URL host}`. */
export function cnameTarget(platform: Platform, orgId: string): string {
  return platform.config.customDomains.target ?? `${orgId}.${new URL(platform.config.publicUrl).hostname}`;
}

/** An apex goes by A records when CUSTOM_DOMAIN_A_RECORDS lists some; anything else by a CNAME. */
function routedByA(platform: Platform, domain: string): boolean {
  return isApex(domain) && platform.config.customDomains.aRecords.length > 0;
}

export function recordsFor(platform: Platform, orgId: string, row: Pick<Row, 'domain' | 'proof'>): DnsRecord[] {
  const routing: DnsRecord[] = routedByA(platform, row.domain)
    ? platform.config.customDomains.aRecords.map((ip) => ({
        type: 'A' as const,
        name: row.domain,
        value: ip,
        purpose: 'routing' as const,
      }))
    : [{ type: 'CNAME', name: row.domain, value: cnameTarget(platform, orgId), purpose: 'routing' }];
  return [...routing, { type: 'TXT', name: proofName(row.domain), value: proofValue(row.proof), purpose: 'proof' }];
}

function toView(platform: Platform, orgId: string, row: Row): CustomDomain {
  return {
    domain: row.domain,
    status: row.status,
    records: recordsFor(platform, orgId, row),
    reason: row.reason,
    routingOk: row.routingOk,
    addedAt: row.createdAt.toISOString(),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

async function rowOf(platform: Platform, tenantId: string): Promise<Row | null> {
  const [row] = await platform.db.select().from(customDomains).where(eq(customDomains.tenantId, tenantId)).limit(1);
  return row ?? null;
}

export async function getCustomDomain(platform: Platform, studio: Studio): Promise<CustomDomain | null> {
  const row = await rowOf(platform, studio.tenantId);
  return row ? toView(platform, studio.orgId, row) : null;
}

const domainTaken = () =>
  new AppError(409, 'domain_taken', 'This domain is already verified by another studio.', 'domain');

/** Adds the studio's domain (pending until its TXT proof is found). The same domain again is no change. */
export async function addCustomDomain(platform: Platform, studio: Studio, input: string): Promise<CustomDomain> {
  const checked = normalizeDomain(input, reservedHosts(platform));
  if (!checked.ok) throw badRequest('domain', checked.message);
  const { domain } = checked;
  const existing = await rowOf(platform, studio.tenantId);
  if (existing?.domain === domain) return toView(platform, studio.orgId, existing);
  if (existing)
    throw new AppError(409, 'domain_exists', `Remove ${existing.domain} before adding another domain.`, 'domain');
  const [holder] = await platform.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.customDomain, domain))
    .limit(1);
  if (holder && holder.id !== studio.tenantId) throw domainTaken();
  const [row] = await platform.db
    .insert(customDomains)
    .values({ tenantId: studio.tenantId, domain, proof: randomBytes(16).toString('hex') })
    .onConflictDoNothing()
    .returning();
  // Two adds at once: the other one won; answer what is stored.
  const stored = row ?? (await rowOf(platform, studio.tenantId));
  if (!stored) throw new Error('custom domain row vanished');
  if (stored.domain !== domain)
    throw new AppError(409, 'domain_exists', `Remove ${stored.domain} before adding another domain.`, 'domain');
  return toView(platform, studio.orgId, stored);
}

/** Removes the studio's domain: it stops serving the studio at once and emailed links go back to its own host. */
export async function removeCustomDomain(platform: Platform, studio: Studio): Promise<void> {
  const row = await rowOf(platform, studio.tenantId);
  if (!row) return;
  await platform.db.transaction(async (tx) => {
    await tx.delete(customDomains).where(eq(customDomains.tenantId, studio.tenantId));
    await tx
      .update(tenants)
      .set({ customDomain: null })
      .where(and(eq(tenants.id, studio.tenantId), eq(tenants.customDomain, row.domain)));
  });
  platform.tenants.invalidate({ orgId: studio.orgId, customDomain: row.domain });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * What a check's findings make of a stored domain (docs/decisions/tenancy.md "Custom domains"):
 * proof found: verified (unless another studio holds it). No proof: a verified domain counts a
 * miss and is failed at the limit; a pending one is failed once it has waited its hours. A lookup
 * that failed (timeout, server failure) proves nothing either way and counts no miss.
 */
async function applyFindings(platform: Platform, orgId: string, row: Row, found: DnsFindings): Promise<Row> {
  const now = platform.clock.now();
  const { missLimit, pendingHours } = platform.config.customDomains;
  const base = { checkedAt: now, routingOk: found.routingOk };
  if (found.proven) {
    try {
      const updated = await platform.db.transaction(async (tx) => {
        await tx.update(tenants).set({ customDomain: row.domain }).where(eq(tenants.id, row.tenantId));
        const [next] = await tx
          .update(customDomains)
          .set({ ...base, status: 'verified', reason: null, missedChecks: 0, verifiedAt: row.verifiedAt ?? now })
          .where(and(eq(customDomains.tenantId, row.tenantId), eq(customDomains.domain, row.domain)))
          .returning();
        return next;
      });
      platform.tenants.invalidate({ orgId, customDomain: row.domain });
      return updated ?? row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return update(platform, row, {
        ...base,
        status: 'failed',
        reason: 'This domain is already verified by another studio.',
      });
    }
  }
  if (row.status === 'verified') {
    const missed = found.lookupFailed ? row.missedChecks : row.missedChecks + 1;
    if (missed < missLimit) return update(platform, row, { ...base, reason: found.reason, missedChecks: missed });
    const reason = `The TXT proof was missing on ${missed} checks in a row, so the domain no longer opens the studio: ${found.reason}`;
    const next = await platform.db.transaction(async (tx) => {
      await tx
        .update(tenants)
        .set({ customDomain: null })
        .where(and(eq(tenants.id, row.tenantId), eq(tenants.customDomain, row.domain)));
      const [updated] = await tx
        .update(customDomains)
        .set({ ...base, status: 'failed', reason, missedChecks: missed, verifiedAt: null })
        .where(and(eq(customDomains.tenantId, row.tenantId), eq(customDomains.domain, row.domain)))
        .returning();
      return updated;
    });
    platform.tenants.invalidate({ orgId, customDomain: row.domain });
    return next ?? row;
  }
  const expired = now.getTime() - row.createdAt.getTime() >= pendingHours * 3_600_000;
  if (row.status === 'pending' && expired) {
    const reason = `${found.reason} No proof was found in ${pendingHours} hours; use Check now after making the records.`;
    return update(platform, row, { ...base, status: 'failed', reason });
  }
  return update(platform, row, { ...base, reason: found.reason });
}

async function update(platform: Platform, row: Row, values: Partial<Row>): Promise<Row> {
  const [next] = await platform.db
    .update(customDomains)
    .set(values)
    .where(and(eq(customDomains.tenantId, row.tenantId), eq(customDomains.domain, row.domain)))
    .returning();
  return next ?? row;
}

async function checkRow(platform: Platform, orgId: string, row: Row): Promise<Row> {
  const found = await lookUpDomain(makeResolver(platform.config.customDomains.resolvers), {
    domain: row.domain,
    proofValue: proofValue(row.proof),
    cnameTarget: routedByA(platform, row.domain) ? null : cnameTarget(platform, orgId),
    aRecords: platform.config.customDomains.aRecords,
  });
  return applyFindings(platform, orgId, row, found);
}

/** "Check now": looks the studio's domain up at once (any status, a failed one too). */
export async function checkCustomDomain(platform: Platform, studio: Studio): Promise<CustomDomain | null> {
  const row = await rowOf(platform, studio.tenantId);
  if (!row) return null;
  return toView(platform, studio.orgId, await checkRow(platform, studio.orgId, row));
}

/** The job's sweep: every pending and verified domain, one after another. Answers how many were checked. */
export async function recheckCustomDomains(platform: Platform): Promise<number> {
  const rows = await platform.db
    .select({ row: customDomains, orgId: tenants.orgId })
    .from(customDomains)
    .innerJoin(tenants, eq(tenants.id, customDomains.tenantId))
    .where(inArray(customDomains.status, ['pending', 'verified']));
  for (const { row, orgId } of rows) await checkRow(platform, orgId, row);
  return rows.length;
}
