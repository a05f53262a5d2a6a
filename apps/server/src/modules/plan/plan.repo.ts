import { PLAN_HISTORY_CAP } from '@atrium/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contacts, tenants } from '../../db/schema/index.ts';
import { StoredPlanPayment, StoredSubscription } from '../../lib/plan-storage.ts';

export interface PlanState {
  subscription: StoredSubscription | null;
  payments: StoredPlanPayment[];
}

/**
 * The tenant's subscription and payment history, read from its registry row (platform data, owner
 * connection, by the host's tenant id) rather than from the cached tenant context, so a charge never
 * starts from a 30-second-old customer id and the history never rides in the cache.
 */
export async function readPlanState(db: Db, tenantId: string): Promise<PlanState> {
  const [row] = await db
    .select({
      subscription: sql<unknown>`${tenants.settings}->'subscription'`,
      payments: sql<unknown>`${tenants.settings}->'planPayments'`,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  const subscription = row?.subscription ? StoredSubscription.safeParse(row.subscription) : null;
  const payments = Array.isArray(row?.payments) ? row.payments : [];
  return {
    subscription: subscription?.success ? subscription.data : null,
    payments: payments.flatMap((entry) => {
      const parsed = StoredPlanPayment.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}

/**
 * Puts one payment at the head of `settings.planPayments` and keeps the newest PLAN_HISTORY_CAP,
 * in one UPDATE (two payments recorded at once do not lose each other). A payment whose provider
 * reference is already there (an idempotent replay) is not added again.
 */
export async function prependPlanPayment(db: Db, tenantId: string, payment: StoredPlanPayment): Promise<void> {
  const entry = JSON.stringify(payment);
  const history = sql`coalesce(${tenants.settings}->'planPayments', '[]'::jsonb)`;
  await db
    .update(tenants)
    .set({
      settings: sql`coalesce(${tenants.settings}, '{}'::jsonb) || jsonb_build_object('planPayments', (
        select coalesce(jsonb_agg(item order by position), '[]'::jsonb)
        from jsonb_array_elements(jsonb_build_array(${entry}::jsonb) || ${history}) with ordinality as t(item, position)
        where position <= ${PLAN_HISTORY_CAP}
      ))`,
    })
    .where(
      and(
        eq(tenants.id, tenantId),
        payment.providerRef
          ? sql`not (${history} @> ${JSON.stringify([{ providerRef: payment.providerRef }])}::jsonb)`
          : sql`true`,
      ),
    );
}

/** The paying admin's name for the payments table; runs under the tenant's RLS. */
export async function findPayer(tx: Tx, tenantId: string, contactId: string) {
  const [row] = await tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
    .limit(1);
  return row ?? null;
}

/** The tenant whose plan history recorded this provider payment (the platform's webhooks name only it). */
export async function findTenantByPlanPayment(db: Db, providerRef: string): Promise<string | null> {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      sql`coalesce(${tenants.settings}->'planPayments', '[]'::jsonb) @> ${JSON.stringify([{ providerRef }])}::jsonb`,
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Moves one recorded payment to a new status, only from one of `from` (a webhook delivered again
 * finds it moved and changes nothing); answers whether it moved.
 */
export async function setPlanPaymentStatus(
  db: Db,
  tenantId: string,
  providerRef: string,
  from: string[],
  status: string,
  message: string | null,
): Promise<boolean> {
  const history = sql`coalesce(${tenants.settings}->'planPayments', '[]'::jsonb)`;
  const matches = sql`exists (select 1 from jsonb_array_elements(${history}) as e(item)
    where e.item->>'providerRef' = ${providerRef} and e.item->>'transactionStatus' in (${sql.join(
      from.map((f) => sql`${f}`),
      sql`, `,
    )}))`;
  const rows = await db
    .update(tenants)
    .set({
      settings: sql`${tenants.settings} || jsonb_build_object('planPayments', (
        select coalesce(jsonb_agg(case when t.item->>'providerRef' = ${providerRef}
          then t.item || jsonb_build_object('transactionStatus', ${status}::text, 'message', ${message}::text)
          else t.item end order by t.position), '[]'::jsonb)
        from jsonb_array_elements(${history}) with ordinality as t(item, position)
      ))`,
    })
    .where(and(eq(tenants.id, tenantId), matches))
    .returning({ id: tenants.id });
  return rows.length === 1;
}

/**
 * Holds the plan for one change (a checkout, a switch, a renewal's charge): answers false while
 * another holds it (its hold not run out), so two never charge or overwrite each other. `also` adds
 * what must still hold (a renewal: the same period and try it read).
 */
async function holdPlan(db: Db, tenantId: string, now: Date, holdMs: number, also?: SQL): Promise<boolean> {
  const sub = sql`${tenants.settings}->'subscription'`;
  const until = new Date(now.getTime() + holdMs).toISOString();
  const rows = await db
    .update(tenants)
    .set({
      settings: sql`jsonb_set(${tenants.settings}, '{subscription,renewalClaimedUntil}', to_jsonb(${until}::text))`,
    })
    .where(
      and(
        eq(tenants.id, tenantId),
        sql`(${sub}->>'renewalClaimedUntil' is null or (${sub}->>'renewalClaimedUntil')::timestamptz <= ${now.toISOString()}::timestamptz)`,
        also,
      ),
    )
    .returning({ id: tenants.id });
  return rows.length === 1;
}

export const claimPlanChange = (db: Db, tenantId: string, now: Date, holdMs: number) =>
  holdPlan(db, tenantId, now, holdMs);

/** A due renewal for one run: only while the plan is still at that period and try. */
export function claimPlanRenewal(
  db: Db,
  tenantId: string,
  due: { nextBillingDate: string; attempts: number },
  now: Date,
  holdMs: number,
): Promise<boolean> {
  const sub = sql`${tenants.settings}->'subscription'`;
  return holdPlan(
    db,
    tenantId,
    now,
    holdMs,
    and(
      sql`${sub}->>'nextBillingDate' = ${due.nextBillingDate}`,
      sql`coalesce((${sub}->>'renewalAttempts')::int, 0) = ${due.attempts}`,
    ),
  );
}

/** Lets the plan go after a change that did not save it (a decline, an error). */
export async function releasePlanClaim(db: Db, tenantId: string): Promise<void> {
  await db
    .update(tenants)
    .set({ settings: sql`jsonb_set(${tenants.settings}, '{subscription,renewalClaimedUntil}', 'null'::jsonb)` })
    .where(and(eq(tenants.id, tenantId), sql`${tenants.settings}->'subscription' is not null`));
}
