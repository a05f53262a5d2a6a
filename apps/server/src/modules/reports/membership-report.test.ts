import { randomUUID } from 'node:crypto';
import { dateInZone, type MembershipReport, parseCsv } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { caller, errorOf, makeCategory } from '../catalogue/catalogue-fixtures.ts';

/** The memberships report from the subscriptions as they stand: members, new, cancelled, MRR, churn. */
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
const now = new Date();
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const today = dateInZone(now, 'UTC');
const monthAgo = dateInZone(daysAgo(30), 'UTC');

type Status = 'active' | 'paused' | 'past_due' | 'cancelled' | 'suspended';

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  ({ tenant, other, admin } = await twoStudios(app, ['admin'], { tenant: { settings: { timezone: 'UTC' } } }));
  const category = await makeCategory(app, tenant, admin, { categoryType: 'SERVICE' });
  const product = async (name: string, price: number, frequency: string) => {
    const made = await call(admin, tenant, 'POST', '/item/membership', {
      name,
      categoryId: category.guId,
      price,
      membershipType: 'recurring',
      frequency,
    });
    expect(made.statusCode, made.body).toBe(201);
    return json<{ guId: string }>(made).guId;
  };
  const monthly = await product('Monthly', 30, 'monthly');
  const annual = await product('Annual', 240, 'yearly');
  const weekly = await product('Weekly', 10, 'weekly');
  const row = (
    itemId: string,
    name: string,
    frequency: 'monthly' | 'yearly' | 'weekly',
    priceMinor: number,
    status: Status,
    startedDaysAgo: number,
    extra: { cancelledAt?: Date; periodEndsAt?: Date } = {},
  ) => ({
    tenantId: tenant.tenantId,
    contactId: tenant.users.student.id,
    itemId,
    name,
    membershipType: 'recurring' as const,
    frequency,
    status,
    priceMinor,
    currency: 'USD',
    periodEndsAt: extra.periodEndsAt ?? daysAgo(-20),
    cancelledAt: extra.cancelledAt ?? null,
    provider: 'stripe',
    providerAccount: 'acct_1',
    providerCustomer: 'cus_1',
    paymentMethodId: 'pm_1',
    setupRef: randomUUID(),
    startedAt: daysAgo(startedDaysAgo),
  });
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .insert(subscriptions)
      .values([
        row(monthly, 'Monthly', 'monthly', 3000, 'active', 60),
        row(monthly, 'Monthly', 'monthly', 3000, 'paused', 60),
        row(monthly, 'Monthly', 'monthly', 3000, 'past_due', 5),
        row(monthly, 'Monthly', 'monthly', 3000, 'cancelled', 90, { cancelledAt: daysAgo(3) }),
        row(monthly, 'Monthly', 'monthly', 3000, 'suspended', 60, { periodEndsAt: daysAgo(10) }),
        row(annual, 'Annual', 'yearly', 24000, 'active', 100),
        row(weekly, 'Weekly', 'weekly', 1000, 'active', 40),
      ]),
  );
});

const report = async (token: string, t: TestTenant, query: string) => {
  const response = await call(token, t, 'GET', `/itemreport/memberships?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<MembershipReport>(response);
};

describe('GET /itemreport/memberships', () => {
  it('counts members at the start and end, new, cancelled, paused, past due, suspended, MRR and churn', async () => {
    const answer = await report(admin, tenant, `from=${monthAgo}&to=${today}`);
    expect(answer.currency).toBe('USD');
    expect(
      answer.rows.map((r) => [
        r.label,
        r.activeAtStart,
        r.activeAtEnd,
        r.started,
        r.cancelled,
        r.paused,
        r.pastDue,
        r.suspended,
        r.mrr,
        r.churnRate,
      ]),
    ).toEqual([
      // a paused member still counts; the suspended one until it was suspended; the past-due one is billed
      ['Monthly', 4, 3, 1, 1, 1, 1, 1, 6000, 25],
      // $240 a year is $20 a month
      ['Annual', 1, 1, 0, 0, 0, 0, 0, 2000, 0],
      // $10 a week is $43.33 a month (52/12, rounded to the cent)
      ['Weekly', 1, 1, 0, 0, 0, 0, 0, 4333, 0],
    ]);
    expect(answer.totals).toMatchObject({
      activeAtStart: 6,
      activeAtEnd: 5,
      started: 1,
      cancelled: 1,
      mrr: 12333,
      churnRate: 17,
    });
  });

  it('exports the same as CSV; refuses bad input; front desk 403; another studio sees none of it', async () => {
    const csv = await call(admin, tenant, 'GET', `/itemreport/memberships.csv?from=${monthAgo}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual([
      'membership',
      'activeAtStart',
      'activeAtEnd',
      'started',
      'cancelled',
      'paused',
      'pastDue',
      'suspended',
      'mrr',
      'churnRate',
    ]);
    expect(records.at(-1)).toEqual(['Total', '6', '5', '1', '1', '1', '1', '1', '123.33', '17']);
    const bad = await call(admin, tenant, 'GET', `/itemreport/memberships?from=${today}&to=${monthAgo}`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('querystring.to');
    const frontdesk = (await loginAs(app, tenant, 'frontdesk')).access_token;
    expect((await call(frontdesk, tenant, 'GET', `/itemreport/memberships?from=${today}&to=${today}`)).statusCode).toBe(
      403,
    );
    const theirs = await report(
      (await loginAs(app, other, 'admin')).access_token,
      other,
      `from=${monthAgo}&to=${today}`,
    );
    expect(theirs.rows).toEqual([]);
  });
});
