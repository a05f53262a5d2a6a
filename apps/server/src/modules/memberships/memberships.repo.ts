import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { hotRead, hotStatement, type Tx } from '../../db/client.ts';
import {
  contacts,
  itemCategories,
  items,
  membershipTerms,
  subscriptionCycles,
  subscriptions,
} from '../../db/schema/index.ts';

export type TermsRow = typeof membershipTerms.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CycleRow = typeof subscriptionCycles.$inferSelect;
export type MembershipRow = { item: typeof items.$inferSelect; terms: TermsRow; categoryName: string };

// ---------------------------------------------------------------- membership products

function selectMemberships(tx: Tx) {
  return tx
    .select({ item: items, terms: membershipTerms, categoryName: itemCategories.name })
    .from(items)
    .innerJoin(membershipTerms, and(eq(membershipTerms.tenantId, items.tenantId), eq(membershipTerms.itemId, items.id)))
    .innerJoin(
      itemCategories,
      and(eq(itemCategories.tenantId, items.tenantId), eq(itemCategories.id, items.categoryId)),
    );
}

export async function findMembership(tx: Tx, tenantId: string, itemId: string): Promise<MembershipRow | undefined> {
  const [row] = await selectMemberships(tx).where(and(eq(items.tenantId, tenantId), eq(items.id, itemId)));
  return row;
}

export function findMemberships(
  tx: Tx,
  tenantId: string,
  filter: { withArchived: boolean; visibleOnly: boolean },
): Promise<MembershipRow[]> {
  return selectMemberships(tx)
    .where(
      and(
        eq(items.tenantId, tenantId),
        filter.withArchived ? undefined : eq(items.isArchived, false),
        filter.visibleOnly ? eq(items.isVisible, true) : undefined,
      ),
    )
    .orderBy(asc(items.name), asc(items.id));
}

export async function insertTerms(tx: Tx, values: typeof membershipTerms.$inferInsert): Promise<void> {
  await tx.insert(membershipTerms).values(values);
}

export async function updateTerms(
  tx: Tx,
  tenantId: string,
  itemId: string,
  values: Partial<typeof membershipTerms.$inferInsert>,
): Promise<void> {
  await tx
    .update(membershipTerms)
    .set(values)
    .where(and(eq(membershipTerms.tenantId, tenantId), eq(membershipTerms.itemId, itemId)));
}

// ---------------------------------------------------------------- subscriptions

/**
 * The subscription of one provider setup session, made once: `created` is null when it already
 * existed (a reload of the return page, or two at once), and `id` names it either way.
 */
export async function insertSubscriptionOnce(
  tx: Tx,
  values: typeof subscriptions.$inferInsert,
): Promise<{ id: string; created: SubscriptionRow | null }> {
  const [row] = await tx.insert(subscriptions).values(values).onConflictDoNothing().returning();
  if (row) return { id: row.id, created: row };
  const raced = await findSubscriptionBySetup(tx, values.tenantId, values.setupRef);
  if (!raced) throw new Error('subscription neither written nor found');
  return { id: raced.id, created: null };
}

const subscriptionById = (tx: Tx) =>
  tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, sql.placeholder('tenantId')), eq(subscriptions.id, sql.placeholder('id'))));
// read several times in each renewal: named prepared statements (db/client.ts hotRead)
const findSubscriptionRead = hotRead<SubscriptionRow>(subscriptionById, 'memberships_subscription');
const findSubscriptionLocked = hotRead<SubscriptionRow>(
  (tx) => subscriptionById(tx).for('update'),
  'memberships_subscription_for_update',
);
const findSubscriptionSkipLocked = hotRead<SubscriptionRow>(
  (tx) => subscriptionById(tx).for('update', { skipLocked: true }),
  'memberships_subscription_skip_locked',
);

/** The subscription; `lock` locks it for the transaction, 'skip' answers nothing when another holds its lock. */
export async function findSubscription(
  tx: Tx,
  tenantId: string,
  id: string,
  lock: boolean | 'skip' = false,
): Promise<SubscriptionRow | undefined> {
  const read = lock === 'skip' ? findSubscriptionSkipLocked : lock ? findSubscriptionLocked : findSubscriptionRead;
  const [row] = await read(tx, { tenantId, id });
  return row;
}

export async function findSubscriptionBySetup(tx: Tx, tenantId: string, setupRef: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.setupRef, setupRef)));
  return row;
}

/** The provider customer a contact already has on this account (one card holder per person). */
/** Whether the contact ever had a membership in this tenant (any status): the intro offer is for the first only. */
export async function hadSubscription(tx: Tx, tenantId: string, contactId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        eq(subscriptions.contactId, contactId),
        // a monthly gift is no membership: a donor's first membership still takes the intro offer
        ne(subscriptions.membershipType, 'donation'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findProviderCustomer(tx: Tx, tenantId: string, contactId: string, account: string) {
  const [row] = await tx
    .select({ customer: subscriptions.providerCustomer })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        eq(subscriptions.contactId, contactId),
        eq(subscriptions.providerAccount, account),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customer ?? null;
}

export async function updateSubscription(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set(values)
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.id, id)))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

export type SubscriptionWithContact = { sub: SubscriptionRow; contactName: string; lastFailure: string | null };

const lastFailure = sql<string | null>`(select c.failure_message from subscription_cycles c
  where c.tenant_id = ${subscriptions.tenantId} and c.subscription_id = ${subscriptions.id} and c.status = 'failed'
  order by c.cycle desc limit 1)`;

export async function listSubscriptions(
  tx: Tx,
  tenantId: string,
  filter: {
    contactId?: string;
    upcomingOnly?: boolean;
    withEnded?: boolean;
    search?: string;
    sort: 'nextChargeAt' | 'name' | 'contactName' | 'createdAt';
    order: 'asc' | 'desc';
    offset: number;
    max: number;
  },
): Promise<{ rows: SubscriptionWithContact[]; total: number }> {
  const contactName = sql<string>`trim(${contacts.name} || ' ' || ${contacts.lastName})`;
  const where = and(
    eq(subscriptions.tenantId, tenantId),
    filter.contactId ? eq(subscriptions.contactId, filter.contactId) : undefined,
    filter.upcomingOnly
      ? and(isNotNull(subscriptions.nextChargeAt), inArray(subscriptions.status, ['trialing', 'active', 'past_due']))
      : undefined,
    filter.withEnded
      ? undefined
      : inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'paused', 'suspended']),
    filter.search
      ? or(
          ilike(subscriptions.name, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`),
          ilike(contactName, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`),
        )
      : undefined,
  );
  const column = {
    nextChargeAt: subscriptions.nextChargeAt,
    name: subscriptions.name,
    contactName,
    createdAt: subscriptions.createdAt,
  }[filter.sort];
  const base = tx
    .select({ sub: subscriptions, contactName, lastFailure })
    .from(subscriptions)
    .innerJoin(contacts, and(eq(contacts.tenantId, subscriptions.tenantId), eq(contacts.id, subscriptions.contactId)))
    .where(where);
  const rows = await base
    .orderBy(
      filter.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
      asc(subscriptions.id),
    )
    .limit(filter.max)
    .offset(filter.offset);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .innerJoin(contacts, and(eq(contacts.tenantId, subscriptions.tenantId), eq(contacts.id, subscriptions.contactId)))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

// ---------------------------------------------------------------- cycles

/** Writes a cycle once: a second writer of the same (subscription, cycle) gets nothing. */
export async function insertCycle(
  tx: Tx,
  values: typeof subscriptionCycles.$inferInsert,
): Promise<CycleRow | undefined> {
  const [row] = await tx.insert(subscriptionCycles).values(values).onConflictDoNothing().returning();
  return row;
}

const advanceValue = (name: string) => sql.placeholder(name);

/**
 * Writes the one cycle that fell due of a subscription as it was read (one statement, no lock
 * held between: a named prepared statement sent on its own). It moves the subscription on only
 * while it still stands as read (status, cycles billed, next charge, price and terms); else it writes
 * nothing and answers the cycles billed now, so the caller can tell another worker's write.
 */
export const advanceSubscription = hotStatement<{ advanced: number; written: number; billed_now: number | null }>(
  sql`
    with advanced as (
      update subscriptions set
        cycles_billed = ${advanceValue('billed')}::int,
        next_charge_at = ${advanceValue('next')}::timestamptz,
        period_ends_at = ${advanceValue('periodEnds')}::timestamptz
      where tenant_id = ${advanceValue('tenantId')}::uuid and id = ${advanceValue('id')}::uuid
        and status in ('trialing', 'active')
        and cycles_billed = ${advanceValue('wasBilled')}::int
        -- the date as read (milliseconds: the row may keep microseconds)
        and next_charge_at >= ${advanceValue('dueAt')}::timestamptz - interval '1 millisecond'
        and next_charge_at <= ${advanceValue('dueAt')}::timestamptz + interval '1 millisecond'
        and price_minor = ${advanceValue('amount')}::int
        and frequency is not distinct from ${advanceValue('frequency')}::text
        and billing_day is not distinct from ${advanceValue('billingDay')}::int
        and billing_cycles is not distinct from ${advanceValue('billingCycles')}::int
      returning tenant_id, id
    ),
    written as (
      insert into subscription_cycles (tenant_id, subscription_id, cycle, amount_minor, due_at, status)
      select tenant_id, id, ${advanceValue('billed')}::int, ${advanceValue('amount')}::int,
        ${advanceValue('dueAt')}::timestamptz, 'due'
      from advanced
      on conflict do nothing
      returning 1
    )
    select (select count(*) from advanced)::int as advanced, (select count(*) from written)::int as written,
      (select cycles_billed from subscriptions
        where tenant_id = ${advanceValue('tenantId')}::uuid and id = ${advanceValue('id')}::uuid) as billed_now
  `,
  'memberships_advance_subscription',
);

/** The states in which a membership's cycles are charged: never paused, suspended or ended. */
export const CHARGEABLE = ['trialing', 'active', 'past_due'] as const;
export const isChargeable = (status: SubscriptionRow['status']) => (CHARGEABLE as readonly string[]).includes(status);

/** The cycle's membership is in a state that is charged (a paused or cancelled one never is). */
const ofChargeableSubscription = sql`exists (select 1 from subscriptions s
  where s.tenant_id = subscription_cycles.tenant_id and s.id = subscription_cycles.subscription_id
  and s.status in ('trialing', 'active', 'past_due'))`;

/**
 * Claims a cycle to charge: due, or failed with its retry due, or claimed by a worker whose claim
 * ran out, and only while its membership is chargeable (a pause or cancel committed before the
 * claim wins). One statement, so of two workers only one gets the row.
 */
export async function claimCycle(tx: Tx, tenantId: string, id: string, now: Date, claimMs: number) {
  const [row] = await tx
    .update(subscriptionCycles)
    .set({ status: 'charging', claimedUntil: new Date(now.getTime() + claimMs) })
    .where(
      and(
        eq(subscriptionCycles.tenantId, tenantId),
        eq(subscriptionCycles.id, id),
        or(
          eq(subscriptionCycles.status, 'due'),
          and(eq(subscriptionCycles.status, 'failed'), lte(subscriptionCycles.nextAttemptAt, now)),
          and(eq(subscriptionCycles.status, 'charging'), lte(subscriptionCycles.claimedUntil, now)),
        ),
        ofChargeableSubscription,
      ),
    )
    .returning();
  return row;
}

export async function updateCycle(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<typeof subscriptionCycles.$inferInsert>,
): Promise<void> {
  await tx
    .update(subscriptionCycles)
    .set(values)
    .where(and(eq(subscriptionCycles.tenantId, tenantId), eq(subscriptionCycles.id, id)));
}

export function cyclesOf(tx: Tx, tenantId: string, subscriptionId: string): Promise<CycleRow[]> {
  return tx
    .select()
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.tenantId, tenantId), eq(subscriptionCycles.subscriptionId, subscriptionId)))
    .orderBy(asc(subscriptionCycles.cycle));
}

/** A run's tenants: all of them (undefined), or only these (a test's own, on a shared database). */
export type TenantScope = readonly string[] | undefined;
const within = (column: typeof subscriptions.tenantId | typeof subscriptionCycles.tenantId, scope: TenantScope) =>
  scope ? inArray(column, [...scope]) : undefined;

/** Across tenants: subscriptions with a cycle to write, as they stand (the renewal job writes from them). */
export function dueSubscriptions(tx: Tx, now: Date, limit: number, scope?: TenantScope) {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        lte(subscriptions.nextChargeAt, now),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        within(subscriptions.tenantId, scope),
      ),
    )
    .orderBy(asc(subscriptions.nextChargeAt))
    .limit(limit);
}

/** Across tenants: cycles a worker may charge now (of memberships that are charged at all). */
export function chargeableCycles(tx: Tx, now: Date, limit: number, scope?: TenantScope) {
  return tx
    .select({ tenantId: subscriptionCycles.tenantId, id: subscriptionCycles.id })
    .from(subscriptionCycles)
    .where(
      and(
        or(
          eq(subscriptionCycles.status, 'due'),
          and(eq(subscriptionCycles.status, 'failed'), lte(subscriptionCycles.nextAttemptAt, now)),
          and(eq(subscriptionCycles.status, 'charging'), lte(subscriptionCycles.claimedUntil, now)),
        ),
        ofChargeableSubscription,
        within(subscriptionCycles.tenantId, scope),
      ),
    )
    .orderBy(asc(subscriptionCycles.dueAt))
    .limit(limit);
}

/** Across tenants: past-due subscriptions none of whose payments is being tried any more. */
export function exhaustedSubscriptions(tx: Tx, limit: number, scope?: TenantScope) {
  return tx
    .select({ tenantId: subscriptions.tenantId, id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'past_due'),
        sql`not exists (select 1 from subscription_cycles c
          where c.tenant_id = subscriptions.tenant_id and c.subscription_id = subscriptions.id
          and (c.status in ('due', 'charging') or (c.status = 'failed' and c.next_attempt_at is not null)))`,
        within(subscriptions.tenantId, scope),
      ),
    )
    .limit(limit);
}

/** Across tenants: memberships with nothing more to bill whose period is over. */
export function endingSubscriptions(tx: Tx, now: Date, limit: number, scope?: TenantScope) {
  return tx
    .select({ tenantId: subscriptions.tenantId, id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.nextChargeAt),
        lte(subscriptions.periodEndsAt, now),
        inArray(subscriptions.status, ['trialing', 'active']),
        within(subscriptions.tenantId, scope),
      ),
    )
    .limit(limit);
}
