import { PLAN_MESSAGES } from '@atrium/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { planLimits } from './plan-catalogue.ts';

// The plans' limits (spec 2 §9; decisions.md "Plan limits"): how many contacts a studio keeps and how
// many active members it has. Staff adding people meet the limit with a clear message; people coming
// in by themselves (a sign-up, a form, a purchase) are never turned away for the studio's plan.

let enforced = true;

/** PLAN_LIMITS=off turns them off for the whole process (a self-hosted install, a benchmark). */
export function enforcePlanLimits(on: boolean): void {
  enforced = on;
}

const LIVE_MEMBERSHIP = ['trialing', 'active', 'past_due', 'paused'] as const;

/** Contacts the studio keeps (the walk-in stand-in is not a person). */
export async function countContacts(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.isWalkin, false)));
  return row?.n ?? 0;
}

/** People with a membership that is current (a monthly gift is no membership). */
export async function countActiveMembers(tx: Tx, tenantId: string, except?: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${subscriptions.contactId})::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        ne(subscriptions.membershipType, 'donation'),
        inArray(subscriptions.status, [...LIVE_MEMBERSHIP]),
        except ? ne(subscriptions.contactId, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The tenant's plan's limits, from the operator's plans (read in the caller's transaction). */
const planOf = (tx: Tx, tenant: TenantContext) => planLimits(tx, tenant.settings.subscription?.planName ?? null);

/** Staff adding `adding` contacts: a 409 when the plan has no room for them all (nothing is written). */
export async function assertContactRoom(tx: Tx, tenant: TenantContext, adding: number): Promise<void> {
  if (!enforced || adding <= 0) return;
  const max = (await planOf(tx, tenant)).contacts;
  if ((await countContacts(tx, tenant.tenantId)) + adding > max)
    throw new AppError(409, 'plan_limit', PLAN_MESSAGES.contactLimit(max));
}

/**
 * A new membership for a contact who has none current: a 409 when the plan's active members are all
 * taken. Staff read the plan's words; a member buying online reads that the studio cannot take it.
 */
export async function assertMemberRoom(
  tx: Tx,
  tenant: TenantContext,
  contactId: string,
  byStaff: boolean,
): Promise<void> {
  if (!enforced) return;
  const max = (await planOf(tx, tenant)).members;
  if (max === null) return;
  const others = await countActiveMembers(tx, tenant.tenantId, contactId);
  const already = (await countActiveMembers(tx, tenant.tenantId)) > others;
  if (already || others < max) return;
  throw new AppError(409, 'plan_limit', byStaff ? PLAN_MESSAGES.memberLimit(max) : PLAN_MESSAGES.memberLimitForMember);
}
