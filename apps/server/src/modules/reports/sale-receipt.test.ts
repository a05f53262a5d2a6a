import { dateInZone, type PlanHistory, type PlanSaleReceipt, type SaleReceipt } from '@atrium/contracts';
import { type StripeStub, startStripeStub } from '@atrium/provider-stubs/stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { platformBillingConfig } from '../../../test/provider-config.ts';
import type { App } from '../../app.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';

/** /reports/sales/{guId}: a plan payment's receipt from what the Plan page recorded; an invoice's link; roles; 404s. */
const ZONE = 'Asia/Kolkata';
let stub: StripeStub;
let app: App;
let call: ReturnType<typeof caller>;
let studio: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};
let paid: PlanSaleReceipt;
let declinedId: string;
let invoiceId: string;
let otherInvoiceId: string;

const checkoutToken = async (t: TestTenant, token: string) =>
  json<{ token: string }>(await call(token, t, 'GET', '/rest/tenantPayment/master')).token;

beforeAll(async () => {
  stub = await startStripeStub();
  app = await startTestApp(platformBillingConfig(stub, 'https://platform.example/contact'));
  call = caller(app);
  studio = await newTenant(app, { name: 'Studio Işık', settings: { country: 'India', timezone: ZONE } });
  other = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, studio, role)).access_token;
  }
  tokens.other = (await loginAs(app, other, 'admin')).access_token;
  const admin = tokens.admin as string;

  // A paid plan (a card, as Stripe.js hands one over), then a declined one.
  const ok = await call(admin, studio, 'PUT', '/rest/subscription', {
    planName: 'organize_monthly_plan',
    payment: { type: 'card', nonce: 'tok_visa', amount: 2945, token: await checkoutToken(studio, admin) },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  const declined = await call(admin, studio, 'PUT', '/rest/subscription', {
    planName: 'expand_monthly_plan',
    payment: { type: 'card', nonce: 'tok_chargeDeclined', token: await checkoutToken(studio, admin) },
  });
  expect(declined.statusCode, declined.body).toBe(402);
  const history = json<PlanHistory>(
    await call(admin, studio, 'GET', `/rest/subscription/history?year=${new Date().getUTCFullYear()}`),
  );
  const paidRow = history.data.find((row) => row.transactionStatus === 'SETTLED');
  declinedId = history.data.find((row) => row.transactionStatus === 'DECLINED')?.guId as string;
  const receipt = await call(admin, studio, 'GET', `/itemreport/sale/${paidRow?.guId}`);
  expect(receipt.statusCode, receipt.body).toBe(200);
  paid = json<PlanSaleReceipt>(receipt);

  const invoice = await call(admin, studio, 'POST', '/item/invoice', {
    contactId: studio.users.student.id,
    items: [{ itemName: 'Drop-in', price: '12.50', qty: 1, isTaxable: false }],
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  invoiceId = json<{ id: string }>(invoice).id;
  otherInvoiceId = json<{ id: string }>(
    await call(tokens.other as string, other, 'POST', '/item/invoice', {
      contactId: other.users.student.id,
      items: [{ itemName: 'Elsewhere', price: '9.00', qty: 1, isTaxable: false }],
    }),
  ).id;
});
afterAll(async () => {
  await stub.close();
});

describe('GET /itemreport/sale/{guId}: a plan payment', () => {
  it('is the receipt of what was charged: who, what, the amount in minor units, status, the card, the studio zone', () => {
    expect(paid).toMatchObject({
      kind: 'plan_payment',
      itemName: 'Organize Monthly Plan',
      subscription: true,
      billedTo: 'Studio Işık',
      payer: { guId: studio.users.admin.id, name: `admin ${studio.orgId}` },
      amount: 294500,
      currency: 'INR',
      transactionStatus: 'SETTLED',
      statusLabel: 'Completed',
      message: null,
      timeZone: ZONE,
      last4: '4242',
    });
    expect(paid.paymentMethod?.toLowerCase()).toBe('visa 4242');
    expect(Math.abs(Date.parse(paid.paidAt) - Date.now())).toBeLessThan(60_000);
    // the day the studio lives in, whatever the server's zone
    expect(dateInZone(new Date(paid.paidAt), ZONE)).toBe(dateInZone(new Date(), ZONE));
    // the amount the provider was asked for is the one the receipt shows
    expect(stub.requests.find((r) => r.path === '/v1/payment_intents')?.form).toMatchObject({ amount: '294500' });
  });

  it("a declined payment says it failed and why (the provider's words)", async () => {
    const response = await call(tokens.admin as string, studio, 'GET', `/itemreport/sale/${declinedId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<PlanSaleReceipt>(response)).toMatchObject({
      kind: 'plan_payment',
      itemName: 'Expand Monthly Plan',
      statusLabel: 'Failed',
      transactionStatus: 'DECLINED',
      message: 'Your card was declined.',
    });
  });

  it('is for admins: staff 403 (the plan is the admin’s), front desk and students 403 before the id is read, none 401', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const response = await call(tokens[role] as string, studio, 'GET', `/itemreport/sale/${paid.guId}`);
      expect(response.statusCode, role).toBe(403);
    }
    for (const role of ['frontdesk', 'student'] as const) {
      expect((await call(tokens[role] as string, studio, 'GET', '/itemreport/sale/nope')).statusCode, role).toBe(403);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/itemreport/sale/${paid.guId}`, headers: { host: studio.host } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /itemreport/sale/{guId}: an invoice, and what is not a sale here', () => {
  it("the studio's own invoice answers its number (the page goes on to the invoice), for admins and staff", async () => {
    for (const role of ['admin', 'staff'] as const) {
      const response = await call(tokens[role] as string, studio, 'GET', `/itemreport/sale/${invoiceId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(json<SaleReceipt>(response)).toEqual({ kind: 'invoice', guId: invoiceId, invoiceId: 'INV-00001' });
    }
  });

  it("another studio's plan payment or invoice is a 404, as is an unknown id; a malformed one a 400 naming it", async () => {
    const otherAdmin = tokens.other as string;
    expect((await call(otherAdmin, other, 'GET', `/itemreport/sale/${paid.guId}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, other, 'GET', `/itemreport/sale/${invoiceId}`)).statusCode).toBe(404);
    const admin = tokens.admin as string;
    const foreign = await call(admin, studio, 'GET', `/itemreport/sale/${otherInvoiceId}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body).message).toBe('Sale not found.');
    expect((await call(admin, studio, 'GET', '/itemreport/sale/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    const bad = await call(admin, studio, 'GET', '/itemreport/sale/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.guId');
  });
});
