import { randomUUID } from 'node:crypto';
import type { DonateResult, Donation, DonationCampaign } from '@atrium/contracts';
import { type ProviderStub, type StripeCheckoutOptions, startProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { stripeConnectConfig } from '../../../test/provider-config.ts';
import { errorsOf, roleCaller } from '../../../test/role-calls.ts';
import { connectStripeAccount } from '../../../test/saved-card-app.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { deliverStripeEvent } from '../../../test/stripe-webhook.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { donations } from '../../db/schema/index.ts';

const PLATFORM_KEY = 'sk_test_PLATFORM_donations_7f2c';
const WEBHOOK_SECRET = 'whsec_test_donations';
const ACCOUNT_A = 'acct_1DonA';

let app: App;
let stub: ProviderStub;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestTenant;
let b: TestTenant;
let off: TestTenant;
const checkout: StripeCheckoutOptions = { secretKey: PLATFORM_KEY, accounts: [] };
const call = roleCaller(() => app);

const errorOf = errorsOf;

const connectStripe = (tenant: TestTenant, code: string) => connectStripeAccount(app, tenant, code);

const roof = {
  name: 'New roof',
  description: 'Keep us dry',
  goal: 500_000,
  suggestedAmounts: [2000, 5000],
  minimumAmount: 500,
};

async function newCampaign(tenant: TestTenant, body: object = roof): Promise<DonationCampaign> {
  const response = await call(tenant, 'admin', '/snode/donation', body);
  expect(response.statusCode, response.body).toBe(201);
  return json<DonationCampaign>(response);
}

const donor = (email = `donor-${randomUUID().slice(0, 8)}@example.test`) => ({
  firstName: 'Dana',
  lastName: 'Giver',
  email,
  amount: 2000,
  idempotencyKey: randomUUID(),
});

function give(tenant: TestTenant, campaignId: string, body: object) {
  return app.inject({
    method: 'POST',
    url: `/public/donations/${campaignId}`,
    headers: { host: tenant.host },
    payload: body,
  });
}

function deliver(payload: string) {
  return deliverStripeEvent(app, WEBHOOK_SECRET, payload);
}

/** Gives, pays on the stand-in's page and delivers Stripe's event; answers the gift and the event. */
async function giveAndPay(tenant: TestTenant, campaignId: string, body: object) {
  const given = await give(tenant, campaignId, body);
  expect(given.statusCode, given.body).toBe(201);
  const gift = json<DonateResult>(given);
  const started = await app.inject({
    method: 'POST',
    url: `/item/invoice/${gift.publicId}/publicpayment`,
    headers: { host: tenant.host },
  });
  expect(started.statusCode, started.body).toBe(200);
  const session = json<{ url: string }>(started).url.split('/c/pay/')[1] ?? '';
  const event = await stub.stripeCheckout.pay(session);
  const delivered = await deliver(event);
  expect(delivered.statusCode, delivered.body).toBe(200);
  await app.platform.outbox.kick();
  return { gift, event };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  stub = await startProviderStub({
    stripe: {
      secretKey: PLATFORM_KEY,
      codes: { ac_don_a: { stripeUserId: ACCOUNT_A, accessToken: 'sk_test_connected_don_a', livemode: false } },
    },
    stripeCheckout: checkout,
  });
  app = await startTestApp({
    smtpUrl: smtp.url,
    ...stripeConnectConfig(stub.url, {
      secretKey: PLATFORM_KEY,
      publishableKey: 'pk_test_d',
      clientId: 'ca_test_don',
      webhookSecret: WEBHOOK_SECRET,
    }),
  });
  [a, b, off] = await Promise.all([
    newTenant(app),
    newTenant(app),
    newTenant(app, { settings: { isShowDonation: false } }),
  ]);
  await connectStripe(a, 'ac_don_a');
});

afterAll(async () => {
  await stub?.close();
  await smtp?.close();
});

describe('campaigns (admin /donation)', () => {
  it('admins and staff write, the front desk reads, students and visitors are refused', async () => {
    const created = await newCampaign(a);
    expect(created).toMatchObject({ name: 'New roof', goal: 500_000, suggestedAmounts: [2000, 5000], raised: 0 });
    const edited = await call(a, 'staff', `/snode/donation/${created.guId}`, { ...roof, name: 'Roof' }, 'PUT');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<DonationCampaign>(edited).name).toBe('Roof');
    const read = await call(a, 'frontdesk', '/snode/donation', undefined, 'GET');
    expect(read.statusCode).toBe(200);
    expect(json<{ data: DonationCampaign[] }>(read).data.map((c) => c.guId)).toContain(created.guId);
    expect((await call(a, 'frontdesk', '/snode/donation', roof)).statusCode).toBe(403);
    expect((await call(a, 'student', '/snode/donation', undefined, 'GET')).statusCode).toBe(403);
    expect((await call(a, 'student', '/snode/donation', roof)).statusCode).toBe(403);
    expect((await call(a, null, '/snode/donation', undefined, 'GET')).statusCode).toBe(401);
  });

  it('answers 400 naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ ...roof, name: '' }, 'name'],
      [{ ...roof, goal: 10.5 }, 'goal'],
      [{ ...roof, suggestedAmounts: [2000, 2000] }, 'suggestedAmounts'],
      [{ ...roof, minimumAmount: 3000 }, 'minimumAmount'],
      [{ ...roof, suggestedAmounts: [], allowCustomAmount: false }, 'suggestedAmounts'],
    ];
    for (const [body, field] of cases) {
      const response = await call(a, 'admin', '/snode/donation', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toContain(field);
    }
    expect((await call(a, 'admin', '/snode/donation/not-an-id', undefined, 'GET')).statusCode).toBe(400);
  });

  it('archives a campaign: off the public list, no more gifts, back on unarchive', async () => {
    const c = await newCampaign(a, { ...roof, name: 'Archive me' });
    const archived = await call(a, 'admin', `/snode/donation/${c.guId}/archive`, { archived: true });
    expect(json<DonationCampaign>(archived)).toMatchObject({ isArchived: true, isActive: false });
    const list = json<{ data: DonationCampaign[] }>(await call(a, 'admin', '/snode/donation', undefined, 'GET'));
    expect(list.data.map((x) => x.guId)).not.toContain(c.guId);
    const archivedList = await call(a, 'admin', '/snode/donation?archived=true', undefined, 'GET');
    expect(json<{ data: DonationCampaign[] }>(archivedList).data.map((x) => x.guId)).toContain(c.guId);
    expect((await give(a, c.guId, donor())).statusCode).toBe(404);
    expect((await call(a, null, `/public/donations/${c.guId}/items`, undefined, 'GET')).statusCode).toBe(404);
  });

  it("another tenant's campaign is a 404", async () => {
    const c = await newCampaign(a);
    expect((await call(b, 'admin', `/snode/donation/${c.guId}`, undefined, 'GET')).statusCode).toBe(404);
    expect((await call(b, 'admin', `/snode/donation/${c.guId}`, roof, 'PUT')).statusCode).toBe(404);
    expect((await call(b, 'admin', `/snode/donation/${c.guId}/archive`, { archived: true })).statusCode).toBe(404);
    expect((await call(b, 'admin', `/snode/donation/${c.guId}/donations`, undefined, 'GET')).statusCode).toBe(404);
    expect((await call(b, null, `/public/donations/${c.guId}/items`, undefined, 'GET')).statusCode).toBe(404);
    expect((await give(b, c.guId, donor())).statusCode).toBe(404);
    const contact = await call(b, 'admin', `/snode/donation/contact/${a.users.student.id}`, undefined, 'GET');
    expect(contact.statusCode).toBe(404);
  });

  it('is absent when the tenant has donations off', async () => {
    expect((await call(off, 'admin', '/snode/donation', undefined, 'GET')).statusCode).toBe(404);
    expect((await call(off, 'admin', '/snode/donation', roof)).statusCode).toBe(404);
    expect((await call(off, null, '/public/donations', undefined, 'GET')).statusCode).toBe(404);
    expect((await call(off, 'student', '/snode/donation/my', undefined, 'GET')).statusCode).toBe(404);
  });
});

describe('giving (public /donations, /donate/{id})', () => {
  it('lists active campaigns only, with the amounts they take', async () => {
    const active = await newCampaign(a, { ...roof, name: 'Listed' });
    const inactive = await newCampaign(a, { ...roof, name: 'Paused', isActive: false });
    const list = json<{ data: { guId: string }[] }>(await call(a, null, '/public/donations', undefined, 'GET'));
    expect(list.data.map((c) => c.guId)).toContain(active.guId);
    expect(list.data.map((c) => c.guId)).not.toContain(inactive.guId);
    const items = await call(a, null, `/public/donations/${active.guId}/items?tenant=${a.orgId}`, undefined, 'GET');
    expect(items.statusCode).toBe(200);
    expect(json(items)).toMatchObject({ suggestedAmounts: [2000, 5000], minimumAmount: 500, currency: 'USD' });
    expect(json(items)).not.toHaveProperty('isActive');
  });

  it('refuses an amount below the minimum, an unsuggested one when custom is off, and an inactive campaign', async () => {
    const c = await newCampaign(a);
    const low = await give(a, c.guId, { ...donor(), amount: 499 });
    expect(low.statusCode).toBe(400);
    expect(errorOf(low)).toMatchObject({ message: 'The amount must be at least $5.00.' });
    expect((await give(a, c.guId, { ...donor(), amount: 500 })).statusCode).toBe(201);
    const fixed = await newCampaign(a, { ...roof, allowCustomAmount: false });
    const odd = await give(a, fixed.guId, { ...donor(), amount: 2500 });
    expect(odd.statusCode).toBe(400);
    expect(errorOf(odd).message).toBe('Choose one of the suggested amounts.');
    const paused = await newCampaign(a, { ...roof, isActive: false });
    const refused = await give(a, paused.guId, donor());
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('This campaign is not taking donations.');
  });

  it('answers 400 naming the field for bad donor input', async () => {
    const c = await newCampaign(a);
    const cases: Array<[object, string]> = [
      [{ ...donor(), email: 'nope' }, 'Please enter a valid email address'],
      [{ ...donor(), firstName: '' }, 'First name is required'],
      [{ ...donor(), amount: 20.5 }, 'amount'],
      [{ ...donor(), amount: 0 }, 'amount'],
      [{ ...donor(), frequency: 'monthly' }, 'frequency'],
      [{ ...donor(), idempotencyKey: 'x' }, 'idempotencyKey'],
    ];
    for (const [body, text] of cases) {
      const response = await give(a, c.guId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toContain(text);
    }
  });

  it('the same key answers the same gift; another gift under it is a 409', async () => {
    const c = await newCampaign(a);
    const body = donor();
    const first = json<DonateResult>(await give(a, c.guId, body));
    const again = await give(a, c.guId, body);
    expect(again.statusCode).toBe(201);
    expect(json<DonateResult>(again).guId).toBe(first.guId);
    expect((await give(a, c.guId, { ...body, amount: 5000 })).statusCode).toBe(409);
  });

  it('a paid gift gets one receipt email with its PDF, counts toward the total, and shows to the donor', async () => {
    const c = await newCampaign(a, { ...roof, name: 'Receipts' });
    const email = a.users.student.email;
    smtp.received.length = 0;
    const { gift, event } = await giveAndPay(a, c.guId, { ...donor(email), note: 'For the roof', isAnonymous: true });
    const mail = await smtp.waitFor(email);
    expect(mail.text).toMatch(/Subject: Thank you for your donation: receipt R-\d{5} from Studio/);
    expect(mail.text).toContain('Content-Type: application/pdf');
    expect(mail.text).toMatch(/filename="?R-\d{5}\.pdf/);
    // The same event again (Stripe retries) changes nothing and sends nothing.
    expect((await deliver(event)).statusCode).toBe(200);
    await app.platform.outbox.kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);

    const campaign = json<DonationCampaign>(await call(a, 'staff', `/snode/donation/${c.guId}`, undefined, 'GET'));
    expect(campaign).toMatchObject({ raised: 2000, donorCount: 1 });
    const gifts = json<{ data: Donation[] }>(
      await call(a, 'frontdesk', `/snode/donation/${c.guId}/donations`, undefined, 'GET'),
    );
    expect(gifts.data).toEqual([
      expect.objectContaining({
        guId: gift.guId,
        amount: 2000,
        status: 'paid',
        note: 'For the roof',
        isAnonymous: true,
      }),
    ]);
    const receiptNumber = gifts.data[0]?.receiptNumber;
    expect(receiptNumber).toMatch(/^R-\d{5}$/);
    expect(mail.text).toContain(`${receiptNumber}`);
    const onContact = await call(a, 'staff', `/snode/donation/contact/${a.users.student.id}`, undefined, 'GET');
    expect(json<{ data: Donation[] }>(onContact).data.map((d) => d.guId)).toContain(gift.guId);

    const mine = json<{ data: Donation[] }>(await call(a, 'student', '/snode/donation/my', undefined, 'GET'));
    expect(mine.data.find((d) => d.guId === gift.guId)).toMatchObject({ status: 'paid', receiptNumber });
    const pdf = await call(a, 'student', `/snode/donation/receipt/${gift.guId}`, undefined, 'GET');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Not the donor, not staff: as if it were not there. Another tenant's staff: 404.
    const stranger = await newTenant(app);
    expect((await call(stranger, 'admin', `/snode/donation/receipt/${gift.guId}`, undefined, 'GET')).statusCode).toBe(
      404,
    );
    expect((await call(a, 'admin', `/snode/donation/receipt/${gift.guId}`, undefined, 'GET')).statusCode).toBe(200);
  });

  it("a donor cannot download someone else's receipt, nor one not paid yet", async () => {
    const c = await newCampaign(a);
    const { gift } = await giveAndPay(a, c.guId, donor());
    expect((await call(a, 'student', `/snode/donation/receipt/${gift.guId}`, undefined, 'GET')).statusCode).toBe(404);
    const unpaid = json<DonateResult>(await give(a, c.guId, donor(a.users.student.email)));
    expect((await call(a, 'student', `/snode/donation/receipt/${unpaid.guId}`, undefined, 'GET')).statusCode).toBe(404);
    const mine = json<{ data: Donation[] }>(await call(a, 'student', '/snode/donation/my', undefined, 'GET'));
    expect(mine.data.find((d) => d.guId === unpaid.guId)?.status).toBe('pending');
  });
});

describe('a gift paid at the desk, then refunded', () => {
  it('gets its receipt from a cash payment, and a refund takes it off the total', async () => {
    const c = await newCampaign(a, { ...roof, name: 'Desk gifts' });
    const email = `desk-${randomUUID().slice(0, 8)}@example.test`;
    const gift = json<DonateResult>(await give(a, c.guId, { ...donor(email), amount: 5000 }));
    const [row] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select({ invoiceId: donations.invoiceId })
        .from(donations)
        .where(and(eq(donations.tenantId, a.tenantId), eq(donations.id, gift.guId))),
    );
    const invoiceId = row?.invoiceId ?? '';
    const paid = await call(a, 'frontdesk', `/item/invoice/${invoiceId}/payment`, {
      method: 'cash',
      amount: '50.00',
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain('Thank you for your donation of $50.00');
    expect(mail.text).toContain('Content-Type: application/pdf');
    expect(json<DonationCampaign>(await call(a, 'admin', `/snode/donation/${c.guId}`, undefined, 'GET'))).toMatchObject(
      {
        raised: 5000,
        donorCount: 1,
      },
    );
    const paymentId = json<{ payments: { id: string }[] }>(paid).payments[0]?.id;
    const refund = await call(a, 'admin', `/item/invoice/${invoiceId}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(json<DonationCampaign>(await call(a, 'admin', `/snode/donation/${c.guId}`, undefined, 'GET'))).toMatchObject(
      {
        raised: 0,
        donorCount: 0,
      },
    );
    const gifts = json<{ data: Donation[] }>(
      await call(a, 'admin', `/snode/donation/${c.guId}/donations`, undefined, 'GET'),
    );
    expect(gifts.data[0]?.status).toBe('refunded');
    // the receipt, then the refund notice: a refund never sends the receipt (or a paid email) again
    await app.platform.outbox.kick();
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toMatch(/^Subject: Refund of \$50\.00: invoice INV-\d{5} from /m);
  });
});
