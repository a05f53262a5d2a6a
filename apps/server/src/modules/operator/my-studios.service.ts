import { type MyStudio, planDisplayName } from '@atrium/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { withTenant } from '../../db/client.ts';
import { contacts, tenants } from '../../db/schema/index.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findContactById } from '../auth/auth.repo.ts';
import { toTenantContext } from '../tenants/tenant-directory.ts';
import { paymentStateOf } from './operator-tenants.service.ts';

/**
 * GET /rest/operator/my-studios (student /tenant on the operator's site, issue 28): the studios this
 * member owns, found by their verified email being their studio owner's email; read on the owner
 * connection, as the operator's Tenants are. An unverified email owns nothing here.
 */
export async function myStudios(platform: Platform, ctx: Authenticated): Promise<{ data: MyStudio[] }> {
  const me = await withTenant(platform.db, ctx.tenant.tenantId, (tx) =>
    findContactById(tx, ctx.tenant.tenantId, ctx.auth.sub),
  );
  if (!me?.isEmailVerified) return { data: [] };
  const rows = await platform.db
    .select({ tenant: tenants })
    .from(tenants)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, tenants.id), sql`${contacts.id}::text = ${tenants.settings}->>'accountOwner'`),
    )
    .where(and(sql`lower(${contacts.email}) = lower(${me.email})`, ne(tenants.id, ctx.tenant.tenantId)))
    .orderBy(asc(tenants.createdAt), asc(tenants.orgId));
  return {
    data: rows.map(({ tenant: row }) => {
      const tenant = toTenantContext(row);
      const sub = tenant.settings.subscription ?? null;
      const planName = sub?.status === 'active' ? (sub.planName ?? null) : null;
      return {
        orgId: row.orgId,
        name: row.name,
        url: tenantOrigin(platform.config, tenant),
        planLabel: planDisplayName(planName),
        paymentState: paymentStateOf(sub),
        nextBillingDate: planName ? (sub?.nextBillingDate ?? null) : null,
        createdAt: row.createdAt.toISOString(),
        suspended: Boolean(row.suspendedAt),
      };
    }),
  };
}
