import {
  currencySymbol,
  FREE_PLAN_SLUG,
  type PlanCurrency,
  type PlanOffer,
  type PlanOffers,
  type PlanPeriod,
  parsePlanId,
} from '@atrium/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { masterPlans } from '../../db/schema/index.ts';

// The platform's plans as a tenant meets them (issue 28): the operator keeps them in master_plans
// (/masterplan); Settings > Plan sells the active ones, and every tenant's limits are its plan's.

export type MasterPlanRow = typeof masterPlans.$inferSelect;

/** Limits when a tenant's plan is not in the catalogue (never: plans are archived, not deleted). */
const FALLBACK_LIMITS = { contacts: 2000, members: 100 as number | null };

export async function findPlanBySlug(db: Db | Tx, slug: string): Promise<MasterPlanRow | null> {
  const [row] = await db.select().from(masterPlans).where(eq(masterPlans.slug, slug)).limit(1);
  return row ?? null;
}

/** What a tenant's plan allows: active members (null: unlimited) and contacts. Archived plans still hold. */
export async function planLimits(
  db: Db | Tx,
  planName: string | null | undefined,
): Promise<{ contacts: number; members: number | null }> {
  const row = await findPlanBySlug(db, parsePlanId(planName).type);
  if (!row) {
    const free = parsePlanId(planName).type === FREE_PLAN_SLUG ? null : await findPlanBySlug(db, FREE_PLAN_SLUG);
    return free ? { contacts: free.contactsLimit, members: free.membersLimit } : FALLBACK_LIMITS;
  }
  return { contacts: row.contactsLimit, members: row.membersLimit };
}

/** The price list of a currency: minor units, or null when the plan is not sold in it. */
export function priceMinor(row: MasterPlanRow, currency: PlanCurrency, period: PlanPeriod): number | null {
  if (currency === 'INR') return period === 'monthly' ? row.inrMonthlyMinor : row.inrYearlyMinor;
  return period === 'monthly' ? row.monthlyMinor : row.yearlyMinor;
}

/** One plan as a tenant paying in `currency` sees it (whole units), or null when not sold in it. */
export function toOffer(row: MasterPlanRow, currency: PlanCurrency): PlanOffer | null {
  const monthly = priceMinor(row, currency, 'monthly');
  const yearly = priceMinor(row, currency, 'yearly');
  if (monthly === null || yearly === null) return null;
  return {
    type: row.slug,
    name: row.name,
    features: row.features,
    monthly: monthly / 100,
    yearly: yearly / 100,
    trialDays: row.trialDays,
    byContact: row.byContact,
    contactsLimit: row.contactsLimit,
    membersLimit: row.membersLimit,
  };
}

/** The active plans sold in a currency, in the operator's order (free first when it has the lowest). */
export async function planOffers(db: Db | Tx, currency: PlanCurrency): Promise<PlanOffers> {
  const rows = await db
    .select()
    .from(masterPlans)
    .where(and(eq(masterPlans.status, 'active')))
    .orderBy(asc(masterPlans.sequence), asc(masterPlans.monthlyMinor), asc(masterPlans.slug));
  const plans = rows.map((row) => toOffer(row, currency)).filter((offer): offer is PlanOffer => offer !== null);
  return { currency, csymbol: currencySymbol(currency), plans };
}

/** A plan a tenant may buy now: active and sold in its currency, with its price (whole units). */
export async function sellablePlan(
  db: Db | Tx,
  planName: string,
  currency: PlanCurrency,
): Promise<{ row: MasterPlanRow; price: number; period: PlanPeriod } | null> {
  const { type, period } = parsePlanId(planName);
  if (!period) return null;
  const row = await findPlanBySlug(db, type);
  if (row?.status !== 'active') return null;
  const minor = priceMinor(row, currency, period);
  return minor === null ? null : { row, price: minor / 100, period };
}
