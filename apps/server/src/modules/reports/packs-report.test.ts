import { randomUUID } from 'node:crypto';
import {
  type ClassRule,
  type ClassSessionList,
  dateInZone,
  type MemberSubscription,
  type Membership,
  type PackReport,
  parseCsv,
  startOfDayInZone,
} from '@atrium/contracts';
import type { ProviderStub } from '@atrium/provider-stubs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { roleTokens } from '../../../test/role-calls.ts';
import { connectStripe, startSavedCardApp } from '../../../test/saved-card-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import {
  creditEntries,
  creditGrants,
  invoicePayments,
  subscriptionCycles,
  subscriptions,
} from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { caller, errorOf, makeCategory } from '../catalogue/catalogue-fixtures.ts';
import { refundPayment } from '../invoices/invoice-payments.service.ts';
import { expireCredits } from '../memberships/credits.service.ts';
import { addDays } from '../scheduling/recurrence.ts';
import { BAD_RANGE_QUERIES } from './reports-fixtures.ts';

/**
 * The class packs and credits report from packs bought on the provider's page, bookings paid with
 * their credits, a timely cancellation, a refund and an expiry: each figure reconciled with the rows.
 */
const ZONE = 'America/New_York';
const DAY = 86_400_000;
let app: App;
let stub: ProviderStub;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
const token = roleTokens(() => app);
type Role = 'admin' | 'staff' | 'frontdesk' | 'student';
const today = () => dateInZone(new Date(), ZONE);

async function product(t: TestTenant, body: Record<string, unknown>): Promise<Membership> {
  const categoryId = (await makeCategory(app, t, await token(t, 'admin'), { categoryType: 'SERVICE' })).guId;
  const made = await call(await token(t, 'admin'), t, 'POST', '/item/membership', { categoryId, ...body });
  expect(made.statusCode, made.body).toBe(201);
  return json<Membership>(made);
}
const pack = (t: TestTenant, name: string, credits: number, price: number) =>
  product(t, { name, membershipType: 'card', frequency: null, credits, price });

/** The student buys it as a browser does: the provider's setup page, the card saved there, the return. */
async function buy(t: TestTenant, membership: Membership): Promise<MemberSubscription> {
  const student = await token(t, 'student');
  const started = await call(student, t, 'POST', `/item/payment/setupintent/${membership.guId}`, {});
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = json<{ sessionId: string }>(started);
  stub.stripeSavedCards.saveCard(sessionId, '4242424242424242');
  const done = await call(student, t, 'POST', '/item/membership/subs/complete', { sessionId });
  expect(done.statusCode, done.body).toBe(200);
  return json<MemberSubscription>(done);
}

/**
 * The grant a purchase made lapses at noon on the studio's day `days` from today (the spending order
 * follows the expiry). Every date is over 62 days away, past what another test file's expiry run
 * (memberships.test moves its clock 62 days) takes from the shared database.
 */
async function expiresOn(t: TestTenant, sub: MemberSubscription, days: number) {
  const noon = new Date(startOfDayInZone(addDays(today(), days), ZONE).getTime() + DAY / 2);
  await setExpiry(t, sub, noon);
}
async function setExpiry(t: TestTenant, sub: MemberSubscription, at: Date) {
  await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .update(creditGrants)
      .set({ expiresAt: at })
      .where(and(eq(creditGrants.tenantId, t.tenantId), eq(creditGrants.subscriptionId, sub.guId))),
  );
}

const report = async (query: string, t = tenant, role: Role = 'admin') => {
  const response = await call(await token(t, role), t, 'GET', `/itemreport/packs?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<PackReport>(response);
};
const figures = (r: PackReport) =>
  r.rows.map((row) => [
    row.label,
    row.kind,
    row.sold,
    row.amount,
    row.granted,
    row.used,
    row.returned,
    row.expired,
    row.expiring,
    row.open,
  ]);

let refunded = 0;

beforeAll(async () => {
  ({ app, stub } = await startSavedCardApp('packs', 2));
  call = caller(app);
  [tenant, other] = await Promise.all([
    newTenant(app, { settings: { timezone: ZONE, itemExpiresAfter: 6 } }),
    newTenant(app, { settings: { timezone: ZONE, itemExpiresAfter: 6 } }),
  ]);
  await connectStripe(app, tenant, 'packs', 0);
  await connectStripe(app, other, 'packs', 1);

  const five = await pack(tenant, '5 classes', 5, 60);
  const ten = await pack(tenant, '10 classes', 10, 100);
  const monthly = await product(tenant, {
    name: 'Monthly with 4 classes',
    membershipType: 'recurring',
    frequency: 'monthly',
    credits: 4,
    price: 50,
  });
  const fiveA = await buy(tenant, five);
  const fiveB = await buy(tenant, five);
  const tenPack = await buy(tenant, ten);
  const member = await buy(tenant, monthly);
  // the spending order: 5 classes (A) lapses first, then 10 classes, then the membership's credits
  await expiresOn(tenant, fiveA, 70);
  await expiresOn(tenant, tenPack, 74);
  await expiresOn(tenant, member, 130);
  // the second 5-class pack lapses unused: the expiry job takes its 5 credits
  await setExpiry(tenant, fiveB, new Date(Date.now() - 60_000));
  expect(await expireCredits(app.platform.db, new Date())).toBeGreaterThanOrEqual(1);
  // $25 of the second 5-class pack given back (the ledger row a refund writes)
  const context = (await app.platform.tenants.byOrgId(tenant.orgId)) as TenantContext;
  await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [cycle] = await tx
      .select({ invoiceId: subscriptionCycles.invoiceId })
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.tenantId, tenant.tenantId), eq(subscriptionCycles.subscriptionId, fiveB.guId)));
    const invoiceId = cycle?.invoiceId as string;
    const [paid] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.invoiceId, invoiceId)));
    await refundPayment(tx, context, invoiceId, {
      paymentId: paid?.id as string,
      amount: 2500,
      idempotencyKey: randomUUID(),
    });
    refunded = 2500;
  });

  // seven priced classes: the first five are paid from 5 classes (A), the next two from 10 classes
  const startDate = addDays(today(), 2);
  const rule = await call(await token(tenant, 'admin'), tenant, 'POST', '/snode/classrule', {
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '09:00',
    durationMinutes: 60,
    startDate,
    endDate: addDays(startDate, 6),
    capacity: 10,
    priceMinor: 2000,
  });
  expect(rule.statusCode, rule.body).toBe(201);
  const sessions = json<ClassSessionList>(
    await call(
      await token(tenant, 'admin'),
      tenant,
      'GET',
      `/snode/session?from=${startDate}&to=${addDays(startDate, 6)}`,
    ),
  ).data.filter((s) => s.classId === json<ClassRule>(rule).guId);
  expect(sessions).toHaveLength(7);
  const bookings: string[] = [];
  for (const s of sessions) {
    const booked = await call(await token(tenant, 'student'), tenant, 'POST', '/snode/mybooking', {
      classId: s.classId,
      clsStartTime: s.clsStartTime,
      scheduleId: s.guId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const answer = json<{ myStatus: string; myBookingId: string }>(booked);
    expect(answer.myStatus).toBe('booked');
    bookings.push(answer.myBookingId);
  }
  // cancelled in time: the last one's credit goes back to 10 classes, the first one's to 5 classes (A)
  for (const id of [bookings[6], bookings[0]]) {
    const cancelled = await call(await token(tenant, 'student'), tenant, 'DELETE', `/snode/mybooking/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
  }

  // another studio sells a pack of its own, which the first never counts
  await buy(other, await pack(other, 'Elsewhere pack', 8, 90));
});

afterAll(async () => {
  await stub?.close();
});

describe('GET /itemreport/packs', () => {
  it('counts packs sold, credits granted, used, given back, expired, expiring and open, per product', async () => {
    // the range runs 45 days on: credits lapsing by day +75 are expiring
    const answer = await report(`from=${today()}&to=${addDays(today(), 45)}`);
    expect(answer).toMatchObject({ currency: 'USD', timeZone: ZONE, groupBy: 'product' });
    expect(answer.expiringBy).toBe(addDays(today(), 75));
    expect(figures(answer)).toEqual([
      // biggest amount first
      ['10 classes', 'pack', 1, 10000, 10, 1, 1, 0, 9, 9],
      // two packs at $60, $25 of one refunded; 4 credits used (5 booked, 1 given back), 5 lapsed unused
      ['5 classes', 'pack', 2, 12000 - refunded, 10, 4, 1, 5, 1, 1],
      // the membership's credits lapse on day +130: not within 30 days of the range's end
      ['Monthly with 4 classes', 'membership', 1, 5000, 4, 0, 0, 0, 0, 4],
    ]);
    expect(answer.totals).toMatchObject({
      sold: 4,
      amount: 27000 - refunded,
      granted: 24,
      used: 5,
      returned: 2,
      expired: 5,
      expiring: 10,
      open: 14,
    });
    // a range that ends today: nothing lapses by day +30
    expect((await report(`from=${today()}&to=${today()}`)).totals).toMatchObject({ sold: 4, expiring: 0, open: 14 });
  });

  it('reconciles every figure with the ledger, the credit entries and the grants', async () => {
    const answer = await report(`from=${today()}&to=${today()}`);
    const rows = await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      const money = await tx
        .select({ kind: invoicePayments.kind, amount: invoicePayments.amount })
        .from(invoicePayments)
        .where(eq(invoicePayments.tenantId, tenant.tenantId));
      const entries = await tx
        .select({ reason: creditEntries.reason, delta: creditEntries.delta })
        .from(creditEntries)
        .where(eq(creditEntries.tenantId, tenant.tenantId));
      const grants = await tx
        .select({ remaining: creditGrants.remaining, expiresAt: creditGrants.expiresAt })
        .from(creditGrants)
        .where(eq(creditGrants.tenantId, tenant.tenantId));
      const [packs] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(subscriptions)
        .where(eq(subscriptions.tenantId, tenant.tenantId));
      return { money, entries, grants, packs: packs?.n ?? 0 };
    });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const moved = (reason: string) =>
      Math.abs(sum(rows.entries.filter((e) => e.reason === reason).map((e) => e.delta)));
    expect(answer.totals.amount).toBe(sum(rows.money.map((p) => (p.kind === 'refund' ? -p.amount : p.amount))));
    expect(answer.totals.sold).toBe(rows.entries.filter((e) => e.reason === 'granted').length);
    expect(answer.totals.sold).toBe(rows.packs);
    expect(answer.totals.granted).toBe(moved('granted'));
    expect(answer.totals.used).toBe(moved('booked') - moved('returned'));
    expect(answer.totals.returned).toBe(moved('returned'));
    expect(answer.totals.expired).toBe(moved('expired'));
    const now = Date.now();
    const live = rows.grants.filter((g) => !g.expiresAt || g.expiresAt.getTime() > now);
    expect(answer.totals.open).toBe(sum(live.map((g) => g.remaining)));
    // every credit granted in the range is used, lapsed or still open
    expect(answer.totals.granted - answer.totals.used - answer.totals.expired).toBe(answer.totals.open);
    // each row's figures add up to the totals
    for (const figure of ['sold', 'amount', 'granted', 'used', 'returned', 'expired', 'expiring', 'open'] as const) {
      expect(sum(answer.rows.map((r) => r[figure]))).toBe(answer.totals[figure]);
    }
  });

  it('expiring counts the open credits lapsing by 30 days after the range ends; a range before the sales sold nothing', async () => {
    const later = await report(`from=${addDays(today(), 1)}&to=${addDays(today(), 40)}`);
    expect(later.expiringBy).toBe(addDays(today(), 70));
    expect(figures(later)).toEqual([
      // nothing happened in the range; open credits are now's; 5 classes (A) lapses on day +70, 10 classes on +74
      ['10 classes', 'pack', 0, 0, 0, 0, 0, 0, 0, 9],
      ['5 classes', 'pack', 0, 0, 0, 0, 0, 0, 1, 1],
      ['Monthly with 4 classes', 'membership', 0, 0, 0, 0, 0, 0, 0, 4],
    ]);
    const before = await report(`from=${addDays(today(), -90)}&to=${addDays(today(), -31)}`);
    expect(before.totals).toMatchObject({ sold: 0, amount: 0, granted: 0, used: 0, expiring: 0, open: 14 });
  });

  it('exports the same as CSV, for admins and staff only', async () => {
    const response = await call(
      await token(tenant, 'staff'),
      tenant,
      'GET',
      `/itemreport/packs.csv?from=${today()}&to=${today()}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="packs-${today()}-${today()}.csv"`);
    const records = parseCsv(response.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual([
      'product',
      'kind',
      'sold',
      'amount',
      'granted',
      'used',
      'returned',
      'expired',
      'expiring',
      'open',
    ]);
    expect(records[2]).toEqual(['5 classes', 'pack', '2', '95.00', '10', '4', '1', '5', '0', '1']);
    expect(records.at(-1)).toEqual(['Total', '', '4', '245.00', '24', '5', '2', '5', '0', '14']);
    for (const role of ['frontdesk', 'student'] as const) {
      for (const path of ['/itemreport/packs', '/itemreport/packs.csv']) {
        const refused = await call(await token(tenant, role), tenant, 'GET', `${path}?from=${today()}&to=${today()}`);
        expect(refused.statusCode, `${role} ${path}`).toBe(403);
      }
    }
  });

  it("another studio's packs are never counted, and it sees only its own", async () => {
    const mine = await report(`from=${today()}&to=${today()}`);
    expect(mine.rows.map((r) => r.label)).not.toContain('Elsewhere pack');
    const theirs = await report(`from=${today()}&to=${today()}`, other);
    expect(figures(theirs)).toEqual([['Elsewhere pack', 'pack', 1, 9000, 8, 0, 0, 0, 0, 8]]);
  });

  it.each(BAD_RANGE_QUERIES)('refuses %s with a 400 naming the field', async (query, field) => {
    for (const path of ['/itemreport/packs', '/itemreport/packs.csv']) {
      const response = await call(await token(tenant, 'admin'), tenant, 'GET', `${path}?${query}`);
      expect(response.statusCode).toBe(400);
      if (field) expect(errorOf(response.body).field).toBe(`querystring.${field}`);
    }
  });
});
