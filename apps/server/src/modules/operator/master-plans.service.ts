import {
  FREE_PLAN_SLUG,
  MASTER_PLAN_MESSAGES,
  type MasterPlan,
  type MasterPlanCreate,
  type MasterPlanUpdate,
  parsePlanId,
} from '@atrium/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { masterPlans, tenants } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Platform } from '../../platform.ts';
import type { MasterPlanRow } from '../plan/plan-catalogue.ts';

// The plans the platform sells (/masterplan, issue 28). Stripe: the platform charges each plan as a
// one-off payment per period at the price the tenant bought it at (plan-change, plan-renewals), so a
// plan needs no Price object at Stripe (docs/decisions/platform.md "Master plans").

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many tenants are on each plan (a tenant without a paid plan is on the free one). */
async function tenantsByPlan(platform: Platform): Promise<Map<string, number>> {
  const rows = await platform.db
    .select({
      planName: sql<string | null>`${tenants.settings}->'subscription'->>'planName'`,
      n: sql<number>`count(*)::int`,
    })
    .from(tenants)
    .groupBy(sql`1`);
  const counts = new Map<string, number>();
  for (const row of rows) {
    const slug = parsePlanId(row.planName).type;
    counts.set(slug, (counts.get(slug) ?? 0) + row.n);
  }
  return counts;
}

function toMasterPlan(row: MasterPlanRow, counts: Map<string, number>): MasterPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    features: row.features,
    monthlyMinor: row.monthlyMinor,
    yearlyMinor: row.yearlyMinor,
    inrMonthlyMinor: row.inrMonthlyMinor,
    inrYearlyMinor: row.inrYearlyMinor,
    contactsLimit: row.contactsLimit,
    membersLimit: row.membersLimit,
    trialDays: row.trialDays,
    byContact: row.byContact,
    status: row.status,
    sequence: row.sequence,
    tenants: counts.get(row.slug) ?? 0,
  };
}

export async function listMasterPlans(platform: Platform): Promise<MasterPlan[]> {
  const [rows, counts] = await Promise.all([
    platform.db
      .select()
      .from(masterPlans)
      .orderBy(asc(masterPlans.sequence), asc(masterPlans.monthlyMinor), asc(masterPlans.slug)),
    tenantsByPlan(platform),
  ]);
  return rows.map((row) => toMasterPlan(row, counts));
}

type PlanFields = z.output<typeof MasterPlanUpdate>;

/** The free plan is what every tenant without a paid plan is on: it costs nothing and stays on sale. */
function checkFreePlan(slug: string, fields: PlanFields): void {
  if (slug !== FREE_PLAN_SLUG) return;
  for (const field of ['monthlyMinor', 'yearlyMinor', 'inrMonthlyMinor', 'inrYearlyMinor'] as const) {
    if ((fields[field] ?? 0) !== 0) throw badRequest(field, MASTER_PLAN_MESSAGES.freePrice);
  }
  if (fields.status === 'archived') throw badRequest('status', MASTER_PLAN_MESSAGES.freeArchived);
  if (fields.byContact) throw badRequest('byContact', 'The free plan is not sold by contact.');
}

/** INR prices come in pairs: both (sold in India) or neither. */
function checkInrPair(fields: PlanFields): void {
  if ((fields.inrMonthlyMinor === null) !== (fields.inrYearlyMinor === null)) {
    const missing = fields.inrMonthlyMinor === null ? 'inrMonthlyMinor' : 'inrYearlyMinor';
    throw badRequest(missing, 'Give both INR prices, or neither (the plan is then not sold in India).');
  }
}

export async function createMasterPlan(
  platform: Platform,
  body: z.output<typeof MasterPlanCreate>,
): Promise<MasterPlan> {
  const { slug, ...fields } = body;
  checkFreePlan(slug, fields);
  checkInrPair(fields);
  const [row] = await platform.db
    .insert(masterPlans)
    .values({ slug, ...fields })
    .onConflictDoNothing({ target: masterPlans.slug })
    .returning();
  if (!row) throw badRequest('slug', MASTER_PLAN_MESSAGES.slugTaken);
  return toMasterPlan(row, await tenantsByPlan(platform));
}

export async function updateMasterPlan(
  platform: Platform,
  id: string,
  body: z.output<typeof MasterPlanUpdate>,
): Promise<MasterPlan> {
  if (!UUID.test(id)) throw notFound('Plan');
  const [current] = await platform.db.select().from(masterPlans).where(eq(masterPlans.id, id)).limit(1);
  if (!current) throw notFound('Plan');
  checkFreePlan(current.slug, body);
  checkInrPair(body);
  const [row] = await platform.db
    .update(masterPlans)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(masterPlans.id, id))
    .returning();
  if (!row) throw notFound('Plan');
  return toMasterPlan(row, await tenantsByPlan(platform));
}
