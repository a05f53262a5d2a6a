import { randomUUID } from 'node:crypto';
import { type DonateResult, type DonationCampaign, type DonationReport, dateInZone, parseCsv } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { donations } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';

/** The donations report from the gifts paid and their invoices' refunds, per campaign. */
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
const today = dateInZone(new Date(), 'UTC');

async function campaign(name: string): Promise<string> {
  const made = await call(admin, tenant, 'POST', '/snode/donation', {
    name,
    minimumAmount: 500,
    suggestedAmounts: [2000],
  });
  expect(made.statusCode, made.body).toBe(201);
  return json<DonationCampaign>(made).guId;
}

/** A visitor's gift, paid in cash at the desk when `paid`; answers its invoice id and payment id. */
async function gift(campaignId: string, amount: number, paid: boolean) {
  const given = await app.inject({
    method: 'POST',
    url: `/public/donations/${campaignId}`,
    headers: { host: tenant.host },
    payload: {
      firstName: 'Dana',
      lastName: 'Giver',
      email: `donor-${randomUUID().slice(0, 8)}@example.test`,
      amount,
      idempotencyKey: randomUUID(),
    },
  });
  expect(given.statusCode, given.body).toBe(201);
  const giftId = json<DonateResult>(given).guId;
  const [row] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select({ invoiceId: donations.invoiceId })
      .from(donations)
      .where(and(eq(donations.tenantId, tenant.tenantId), eq(donations.id, giftId))),
  );
  const invoiceId = row?.invoiceId as string;
  if (!paid) return { giftId, invoiceId, paymentId: '' };
  const payment = await call(admin, tenant, 'POST', `/item/invoice/${invoiceId}/payment`, {
    method: 'cash',
    amount: (amount / 100).toFixed(2),
    idempotencyKey: randomUUID(),
  });
  expect(payment.statusCode, payment.body).toBe(200);
  return { giftId, invoiceId, paymentId: json<{ payments: { id: string }[] }>(payment).payments[0]?.id as string };
}

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  ({ tenant, other, admin } = await twoStudios(app, ['admin'], { tenant: { settings: { timezone: 'UTC' } } }));
  const roof = await campaign('Roof');
  const library = await campaign('Library');
  await gift(roof, 5000, true);
  const monthly = await gift(roof, 2000, true);
  // a monthly gift's month: the same row a renewal makes (its frequency is the only difference here)
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .update(donations)
      .set({ frequency: 'monthly' })
      .where(and(eq(donations.tenantId, tenant.tenantId), eq(donations.id, monthly.giftId))),
  );
  const refunded = await gift(library, 3000, true);
  const refund = await call(admin, tenant, 'POST', `/item/invoice/${refunded.invoiceId}/refund`, {
    paymentId: refunded.paymentId,
    amount: '10.00',
    idempotencyKey: randomUUID(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await gift(library, 2500, false); // promised, never paid: not a gift yet
});

describe('GET /itemreport/donations', () => {
  it('per campaign: gifts paid, donors, one-time and monthly amounts, refunded and net', async () => {
    const response = await call(admin, tenant, 'GET', `/itemreport/donations?from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = json<DonationReport>(response);
    expect(report.rows.map((r) => [r.label, r.gifts, r.donors, r.oneTime, r.monthly, r.refunded, r.net])).toEqual([
      ['Roof', 2, 2, 5000, 2000, 0, 7000],
      ['Library', 1, 1, 3000, 0, 1000, 2000],
    ]);
    expect(report.totals).toMatchObject({
      gifts: 3,
      donors: 3,
      oneTime: 8000,
      monthly: 2000,
      refunded: 1000,
      net: 9000,
    });
  });

  it('CSV with the totals last; bad input 400; front desk 403; another studio sees none of it', async () => {
    const csv = await call(admin, tenant, 'GET', `/itemreport/donations.csv?from=${today}&to=${today}`);
    const records = parseCsv(csv.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual(['campaign', 'gifts', 'donors', 'oneTime', 'monthly', 'refunded', 'net']);
    expect(records.at(-1)).toEqual(['Total', '3', '3', '80.00', '20.00', '10.00', '90.00']);
    const bad = await call(admin, tenant, 'GET', '/itemreport/donations?from=2026-13-01&to=2026-12-01');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('querystring.from');
    const frontdesk = (await loginAs(app, tenant, 'frontdesk')).access_token;
    expect((await call(frontdesk, tenant, 'GET', `/itemreport/donations?from=${today}&to=${today}`)).statusCode).toBe(
      403,
    );
    const theirs = await call(
      (await loginAs(app, other, 'admin')).access_token,
      other,
      'GET',
      `/itemreport/donations?from=${today}&to=${today}`,
    );
    expect(json<DonationReport>(theirs).rows).toEqual([]);
  });
});
