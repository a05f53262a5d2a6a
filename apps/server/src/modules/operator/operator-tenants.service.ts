import {
  type ImpersonateResult,
  OPERATOR_MESSAGES,
  type OperatorAuditLine,
  type OperatorAuditList,
  type OperatorAuditQuery,
  type OperatorTenant,
  type OperatorTenantList,
  type OperatorTenantQuery,
  planDisplayName,
  type TenantPaymentState,
} from '@atrium/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import { invoices, operatorAudit, refreshTokens, tenants } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { StoredSubscription } from '../../lib/plan-storage.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findContactById } from '../auth/auth.repo.ts';
import { findOwner } from '../franchise/franchise.repo.ts';
import { ownerWelcomeUrl } from '../onboarding/studio-signup.service.ts';
import { planLimits } from '../plan/plan-catalogue.ts';
import { countActiveMembers, countContacts } from '../plan/plan-limits.ts';
import { toTenantContext } from '../tenants/tenant-directory.ts';
import { isOperatorTenant } from './operator-guard.ts';

// Every tenant of the platform (/tenant, issue 28), for the operator: read on the owner connection
// (past row-level security), the usage counts each in its tenant's own transaction.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type TenantRow = typeof tenants.$inferSelect;

export function paymentStateOf(sub: StoredSubscription | null | undefined): TenantPaymentState {
  if (!sub?.planName || sub.status !== 'active') return 'free';
  if (sub.trial) return 'trial';
  return sub.renewalAttempts > 0 ? 'past_due' : 'paid';
}

/** The latest sign-in or invoice per tenant: what the platform saw them do last. */
async function lastActivity(platform: Platform, ids: string[]): Promise<Map<string, Date>> {
  const latest = new Map<string, Date>();
  if (ids.length === 0) return latest;
  const keep = (rows: { tenantId: string; at: Date | string | null }[]) => {
    for (const row of rows) {
      if (!row.at) continue;
      const at = new Date(row.at);
      const seen = latest.get(row.tenantId);
      if (!seen || at > seen) latest.set(row.tenantId, at);
    }
  };
  keep(
    await platform.db
      .select({ tenantId: refreshTokens.tenantId, at: sql<Date | null>`max(${refreshTokens.createdAt})` })
      .from(refreshTokens)
      .where(inArray(refreshTokens.tenantId, ids))
      .groupBy(refreshTokens.tenantId),
  );
  keep(
    await platform.db
      .select({ tenantId: invoices.tenantId, at: sql<Date | null>`max(${invoices.createdAt})` })
      .from(invoices)
      .where(inArray(invoices.tenantId, ids))
      .groupBy(invoices.tenantId),
  );
  return latest;
}

async function toOperatorTenant(
  platform: Platform,
  row: TenantRow,
  franchises: string[],
  activity: Date | undefined,
): Promise<OperatorTenant> {
  const tenant = toTenantContext(row);
  const sub = tenant.settings.subscription ?? null;
  const [limits, [contacts, members]] = await Promise.all([
    planLimits(platform.db, sub?.planName ?? null),
    readTenant(platform.db, row.id, (tx) => Promise.all([countContacts(tx, row.id), countActiveMembers(tx, row.id)])),
  ]);
  const planName = sub?.status === 'active' ? (sub.planName ?? null) : null;
  return {
    tenantId: row.id,
    orgId: row.orgId,
    masterOrgId: row.masterOrgId,
    name: row.name,
    url: tenantOrigin(platform.config, tenant),
    planName,
    planLabel: planDisplayName(planName),
    paymentState: paymentStateOf(sub),
    nextBillingDate: planName ? (sub?.nextBillingDate ?? null) : null,
    contacts: { used: contacts, max: limits.contacts },
    members: { used: members, max: limits.members },
    createdAt: row.createdAt.toISOString(),
    lastActivity: activity ? activity.toISOString() : null,
    suspendedAt: tenant.suspendedAt ?? null,
    isOperator: isOperatorTenant(platform.config, tenant),
    franchises,
  };
}

/**
 * GET /rest/operator/tenants: masters first by name, each followed by its franchises (the franchise
 * tree, one level as the registry has it); searched by name or org id, paged.
 */
export async function listTenants(
  platform: Platform,
  query: z.output<typeof OperatorTenantQuery>,
): Promise<OperatorTenantList> {
  const term = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? or(ilike(tenants.name, term), ilike(tenants.orgId, term)) : undefined;
  const rows = await platform.db
    .select()
    .from(tenants)
    .where(where)
    .orderBy(
      asc(tenants.masterOrgId),
      sql`(${tenants.orgId} <> ${tenants.masterOrgId})`,
      asc(tenants.name),
      asc(tenants.orgId),
    );
  const page = rows.slice(query.start, query.start + query.length);
  const ids = page.map((row) => row.id);
  const masters = page.filter((row) => row.orgId === row.masterOrgId).map((row) => row.orgId);
  const children =
    masters.length === 0
      ? []
      : await platform.db
          .select({ orgId: tenants.orgId, masterOrgId: tenants.masterOrgId })
          .from(tenants)
          .where(and(inArray(tenants.masterOrgId, masters), sql`${tenants.orgId} <> ${tenants.masterOrgId}`))
          .orderBy(asc(tenants.orgId));
  const activity = await lastActivity(platform, ids);
  const data = [];
  for (const row of page) {
    const franchises =
      row.orgId === row.masterOrgId ? children.filter((c) => c.masterOrgId === row.orgId).map((c) => c.orgId) : [];
    data.push(await toOperatorTenant(platform, row, franchises, activity.get(row.id)));
  }
  return { data, recordsTotal: rows.length };
}

async function findTenantRow(platform: Platform, id: string): Promise<TenantRow> {
  if (!UUID.test(id)) throw notFound('Tenant');
  const [row] = await platform.db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) throw notFound('Tenant');
  return row;
}

async function audit(platform: Platform, ctx: Authenticated, action: OperatorAuditLine['action'], row: TenantRow) {
  const me = await withTenant(platform.db, ctx.tenant.tenantId, (tx) =>
    findContactById(tx, ctx.tenant.tenantId, ctx.auth.sub),
  );
  const operatorName = me ? `${me.name} ${me.lastName}`.trim() || me.email : 'Administrator';
  await platform.db.insert(operatorAudit).values({
    action,
    operatorId: ctx.auth.sub,
    operatorName,
    targetTenantId: row.id,
    targetOrgId: row.orgId,
  });
  return operatorName;
}

/** The operator's own tenant is never suspended or impersonated from its own list. */
function refuseOperator(platform: Platform, row: TenantRow): void {
  if (isOperatorTenant(platform.config, toTenantContext(row))) throw badRequest('id', OPERATOR_MESSAGES.notOperator);
}

/** POST /rest/operator/tenants/{id}/suspend and /resume: the studio's site says so; its staff still sign in. */
export async function setSuspended(
  platform: Platform,
  ctx: Authenticated,
  id: string,
  suspended: boolean,
): Promise<OperatorTenant> {
  const current = await findTenantRow(platform, id);
  refuseOperator(platform, current);
  const [row] = await platform.db
    .update(tenants)
    .set({ suspendedAt: suspended ? (current.suspendedAt ?? new Date()) : null })
    .where(eq(tenants.id, id))
    .returning();
  if (!row) throw notFound('Tenant');
  platform.tenants.invalidate({ orgId: row.orgId, customDomain: row.customDomain });
  platform.tenantConfigs.invalidate(row.id);
  if (Boolean(current.suspendedAt) !== suspended) await audit(platform, ctx, suspended ? 'suspend' : 'resume', row);
  const [activity] = [(await lastActivity(platform, [row.id])).get(row.id)];
  const franchises =
    row.orgId === row.masterOrgId
      ? (
          await platform.db
            .select({ orgId: tenants.orgId })
            .from(tenants)
            .where(and(eq(tenants.masterOrgId, row.orgId), sql`${tenants.orgId} <> ${tenants.masterOrgId}`))
        ).map((c) => c.orgId)
      : [];
  return toOperatorTenant(platform, row, franchises, activity);
}

/**
 * POST /rest/operator/tenants/{id}/impersonate: the operator acts as the studio's owner. The answer is
 * the studio's host with a one-time code (120 s, this browser only) its boot exchanges for the
 * owner's session; the audit line says who, when and which tenant.
 */
export async function impersonate(
  platform: Platform,
  ctx: Authenticated,
  id: string,
  client: { ip: string; userAgent: string },
): Promise<ImpersonateResult> {
  const row = await findTenantRow(platform, id);
  refuseOperator(platform, row);
  const tenant = toTenantContext(row);
  const owner = await withTenant(platform.db, row.id, (tx) =>
    findOwner(tx, row.id, tenant.settings.accountOwner ?? null),
  );
  if (!owner) throw new AppError(409, 'tenant_without_admin', 'This studio has no active administrator to act as.');
  const operatorName = await audit(platform, ctx, 'impersonate', row);
  const impersonator = {
    operatorId: ctx.auth.sub,
    operatorName,
    returnUrl: `${tenantOrigin(platform.config, ctx.tenant)}/tenant`,
  };
  return { url: await ownerWelcomeUrl(platform, tenant, owner.id, client, '/dashboard', impersonator) };
}

/** GET /rest/operator/audit: the latest lines first, paged; searched by org id or operator name. */
export async function auditLines(
  platform: Platform,
  query: z.output<typeof OperatorAuditQuery>,
): Promise<OperatorAuditList> {
  const term = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? or(ilike(operatorAudit.targetOrgId, term), ilike(operatorAudit.operatorName, term)) : undefined;
  const [rows, [total]] = await Promise.all([
    platform.db
      .select()
      .from(operatorAudit)
      .where(where)
      .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
      .offset(query.start)
      .limit(query.length),
    platform.db.select({ n: count() }).from(operatorAudit).where(where),
  ]);
  return {
    recordsTotal: total?.n ?? 0,
    data: rows.map((row) => ({
      action: row.action,
      operatorName: row.operatorName,
      orgId: row.targetOrgId,
      at: row.createdAt.toISOString(),
    })),
  };
}
