import { GET_STARTED_STEPS, type GetStartedKey, type GetStartedResponse } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, readTenant, type Tx } from '../../db/client.ts';
import { classRules, contacts, items, websitePages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';

/** Whether the tenant has any row of the table that matches: one index probe, however big. */
async function hasAny(
  tx: Tx,
  table: PgTable & { tenantId: PgColumn },
  tenantId: string,
  ...conditions: ReturnType<typeof eq>[]
): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), ...conditions))
    .limit(1);
  return rows.length > 0;
}

/** Each first step, done when the studio's own data shows it (issue 13 "Get Started"). */
export async function getStarted(db: Db, tenant: TenantContext): Promise<GetStartedResponse> {
  const { tenantId } = tenant;
  const found = await readTenant(db, tenantId, async (tx) => ({
    website: await hasAny(
      tx,
      websitePages,
      tenantId,
      eq(websitePages.isPublished, true),
      eq(websitePages.isExternalLink, false),
    ),
    offering:
      (await hasAny(tx, items, tenantId, eq(items.isArchived, false))) || (await hasAny(tx, classRules, tenantId)),
    member: await hasAny(tx, contacts, tenantId, eq(contacts.role, 'student'), eq(contacts.isWalkin, false)),
  }));
  const done: Record<GetStartedKey, boolean> = {
    logo: Boolean(tenant.settings.logo),
    payments: Boolean(tenant.settings.paymentProvider),
    ...found,
  };
  return { steps: GET_STARTED_STEPS.map((step) => ({ key: step.key, done: done[step.key] })) };
}
