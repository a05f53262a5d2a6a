import { randomUUID } from 'node:crypto';
import { EXCESS_REFUND_MESSAGES, type ExcessPaymentList, type InvoiceDetail } from '@atrium/contracts';
import {
  type ProviderStub,
  type StripeCheckoutOptions,
  startProviderStub,
  stripeSignature,
} from '@atrium/provider-stubs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { stripeConnectConfig } from '../../../test/provider-config.ts';
import { errorsOf, roleCaller } from '../../../test/role-calls.ts';
import { connectStripeAccount } from '../../../test/saved-card-app.ts';
import { deliverStripeEvent } from '../../../test/stripe-webhook.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments, paymentEvents } from '../../db/schema/index.ts';
import { EXCESS_REFUND_QUEUE, sweepExcessRefunds } from './payment-notices.service.ts';

const PLATFORM_KEY = 'sk_test_PLATFORM_payments_5e1a';
const WEBHOOK_SECRET = 'whsec_test_payments_connect';
const ACCOUNT_A = 'acct_1PayA';
const ACCOUNT_B = 'acct_1PayB';

let app: App;
let stub: ProviderStub;
let a: TestTenant;
let b: TestTenant;
let unconnected: TestTenant;
const checkout: StripeCheckoutOptions = { secretKey: PLATFORM_KEY, accounts: [] };
const call = roleCaller(() => app);

const errorOf = errorsOf;

const connectStripe = (tenant: TestTenant, code: string) => connectStripeAccount(app, tenant, code);

async function newInvoice(tenant: TestTenant, price = '40.00'): Promise<InvoiceDetail> {
  const response = await call(tenant, 'staff', '/item/invoice', {
    contactId: tenant.users.student.id,
    items: [{ itemName: 'Yoga mat', price, qty: 1, isTaxable: false }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<InvoiceDetail>(response);
}

async function publicPay(tenant: TestTenant, publicId: string) {
  return app.inject({ method: 'POST', url: `/item/invoice/${publicId}/publicpayment`, headers: { host: tenant.host } });
}

const sessionOf = (url: string) => url.split('/c/pay/')[1] ?? '';

function deliver(payload: string, signature?: string) {
  return deliverStripeEvent(app, WEBHOOK_SECRET, payload, signature);
}

async function invoiceOf(tenant: TestTenant, id: string) {
  return json<InvoiceDetail>(await call(tenant, 'staff', `/item/invoice/${id}`, undefined, 'GET'));
}

/** Starts a public payment of the invoice and pays it on the stand-in; answers the event as Stripe sent it. */
async function payOnline(tenant: TestTenant, invoice: InvoiceDetail): Promise<string> {
  const started = await publicPay(tenant, invoice.publicId);
  expect(started.statusCode, started.body).toBe(200);
  return stub.stripeCheckout.pay(sessionOf(json<{ url: string }>(started).url));
}

beforeAll(async () => {
  stub = await startProviderStub({
    stripe: {
      secretKey: PLATFORM_KEY,
      codes: {
        ac_pay_a: { stripeUserId: ACCOUNT_A, accessToken: 'sk_test_connected_pay_a', livemode: false },
        ac_pay_b: { stripeUserId: ACCOUNT_B, accessToken: 'sk_test_connected_pay_b', livemode: false },
      },
    },
    stripeCheckout: checkout,
  });
  app = await startTestApp(
    stripeConnectConfig(stub.url, {
      secretKey: PLATFORM_KEY,
      publishableKey: 'pk_test_p',
      clientId: 'ca_test_pay',
      webhookSecret: WEBHOOK_SECRET,
    }),
  );
  [a, b, unconnected] = await Promise.all([newTenant(app), newTenant(app), newTenant(app)]);
  await connectStripe(a, 'ac_pay_a');
  await connectStripe(b, 'ac_pay_b');
});

afterAll(async () => {
  await stub?.close();
});

describe('POST /item/invoice/{id}/publicpayment', () => {
  it('starts a Checkout Session for the open balance on the tenant’s connected account, idempotently', async () => {
    const invoice = await newInvoice(a);
    const first = await publicPay(a, invoice.publicId);
    expect(first.statusCode, first.body).toBe(200);
    const { url } = json<{ url: string }>(first);
    expect(url).toMatch(new RegExp(`^${stub.url}/c/pay/cs_test_`));
    const session = stub.stripeCheckout.sessions.get(sessionOf(url));
    expect(session).toMatchObject({
      account: ACCOUNT_A,
      amount: 4000,
      currency: 'usd',
      successUrl: `http://${a.orgId}.localhost/invoice/${invoice.publicId}?payment=success`,
      cancelUrl: `http://${a.orgId}.localhost/invoice/${invoice.publicId}?payment=cancel`,
      metadata: { tenantId: a.tenantId, invoiceId: invoice.id },
    });
    const sent = stub.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent.at(-1)).toMatchObject({ stripeAccount: ACCOUNT_A, authorization: `Bearer ${PLATFORM_KEY}` });
    // A double click opens the same payment (same idempotency key, replayed by Stripe).
    const again = await publicPay(a, invoice.publicId);
    expect(json<{ url: string }>(again).url).toBe(url);
    const forInvoice = [...stub.stripeCheckout.sessions.values()].filter((s) => s.metadata.invoiceId === invoice.id);
    expect(forInvoice).toHaveLength(1);
  });

  it('sends an idempotency key derived from the invoice with every session it creates', async () => {
    const invoice = await newInvoice(a);
    await publicPay(a, invoice.publicId);
    const created = stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created.length).toBeGreaterThan(1);
    for (const request of created) expect(request.idempotencyKey).toMatch(/^invoice-pay:[0-9a-f-]{36}:/);
    expect(created.at(-1)?.idempotencyKey).toContain(invoice.id);
  });

  it('answers 400 for a malformed id, 404 for an unknown one or another tenant’s', async () => {
    const bad = await publicPay(a, 'not*an*id');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('id');
    expect((await publicPay(a, 'x'.repeat(24))).statusCode).toBe(404);
    const theirs = await newInvoice(b);
    expect((await publicPay(a, theirs.publicId)).statusCode).toBe(404);
  });

  it('answers 409 for a void or paid invoice', async () => {
    const voided = await newInvoice(a);
    expect((await call(a, 'admin', `/item/invoice/${voided.id}/void`, undefined, 'PUT')).statusCode).toBe(200);
    const v = await publicPay(a, voided.publicId);
    expect(v.statusCode).toBe(409);
    expect(errorOf(v).message).toBe('This invoice is void.');
    const paid = await newInvoice(a);
    const cash = await call(a, 'staff', `/item/invoice/${paid.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const p = await publicPay(a, paid.publicId);
    expect(p.statusCode).toBe(409);
    expect(errorOf(p).message).toBe('This invoice is already paid.');
  });

  it('answers 503 with a clear message when the tenant has no card provider connected', async () => {
    const invoice = await newInvoice(unconnected);
    const response = await publicPay(unconnected, invoice.publicId);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toMatchObject({
      code: 'payments_unavailable',
      message: 'Card payments are not set up for this business.',
    });
  });

  it('passes on what Stripe refuses (below its minimum charge) as a 400', async () => {
    const invoice = await newInvoice(a, '0.10');
    const response = await publicPay(a, invoice.publicId);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain('at least 50 usd');
  });
});

describe('POST /webhooks/stripe', () => {
  it('records the payment once however often the event is delivered', async () => {
    const invoice = await newInvoice(a);
    const payload = await payOnline(a, invoice);
    for (let i = 0; i < 5; i++) {
      const delivered = await deliver(payload);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    const paid = await invoiceOf(a, invoice.id);
    expect(paid).toMatchObject({ status: 'complete', balance: 0, amountPaid: 40 });
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ method: 'credit_card', provider: 'stripe', amount: 40 });
    const event = JSON.parse(payload);
    const rows = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'recorded', applied: 4000, excess: 0, account: ACCOUNT_A });
    const stored = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)),
    );
    expect(stored[0]?.providerRef).toBe(event.data.object.payment_intent);
    // The public page shows it paid.
    const publicView = await app.inject({ url: `/item/invoice/public/${invoice.publicId}`, headers: { host: a.host } });
    expect(json<{ status: string }>(publicView).status).toBe('complete');
  });

  it('applies one event delivered 10 times at once exactly once (concurrently on PostgreSQL)', async () => {
    const invoice = await newInvoice(a);
    const payload = await payOnline(a, invoice);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const paid = await invoiceOf(a, invoice.id);
    expect(paid).toMatchObject({ status: 'complete', amountPaid: 40 });
    expect(paid.payments).toHaveLength(1);
    const rows = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, JSON.parse(payload).id)),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad, stale or missing signature with a 400 and changes nothing', async () => {
    const invoice = await newInvoice(a);
    const payload = await payOnline(a, invoice);
    const wrong = await deliver(payload, stripeSignature('whsec_someone_else', payload));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).field).toBe('stripe-signature');
    const stale = await deliver(payload, stripeSignature(WEBHOOK_SECRET, payload, Math.floor(Date.now() / 1000) - 301));
    expect(stale.statusCode).toBe(400);
    const tampered = await deliver(
      payload.replace('"amount_total":4000', '"amount_total":1'),
      stripeSignature(WEBHOOK_SECRET, payload),
    );
    expect(tampered.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { host: '127.0.0.1', 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    const garbage = await deliver('not json', stripeSignature(WEBHOOK_SECRET, 'not json'));
    expect(garbage.statusCode).toBe(400);
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'pending', balance: 40, payments: [] });
  });

  it('refuses an event signed an hour ahead or an hour ago with a 400, and takes a fresh one', async () => {
    const invoice = await newInvoice(a);
    const payload = await payOnline(a, invoice);
    // Each signed at its own moment (a loaded machine takes seconds between them); 330 s ahead leaves a loaded
    // run half a minute before it would fall back within the 300 s.
    const signedNowPlus = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    for (const offset of [3600, -3600, 330]) {
      const answer = await deliver(payload, stripeSignature(WEBHOOK_SECRET, payload, signedNowPlus(offset)));
      expect(answer.statusCode, `signed at now${offset > 0 ? '+' : ''}${offset} s`).toBe(400);
      expect(errorOf(answer)).toMatchObject({
        field: 'stripe-signature',
        message: 'The webhook signature is missing, wrong or too old.',
      });
    }
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'pending', balance: 40, payments: [] });
    // Within the 5 minutes either way (a sender's clock a little ahead of ours) is taken.
    const fresh = await deliver(payload, stripeSignature(WEBHOOK_SECRET, payload, signedNowPlus(60)));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'complete', amountPaid: 40 });
  });

  it('ignores a payment whose account is not the tenant’s the event names', async () => {
    const invoice = await newInvoice(a);
    const payload = await payOnline(a, invoice);
    const forged = JSON.stringify({ ...JSON.parse(payload), id: `evt_${randomUUID()}`, account: ACCOUNT_B });
    expect((await deliver(forged)).statusCode).toBe(200);
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'pending', payments: [] });
  });

  it('answers 200 and changes nothing for events it does not act on', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      account: ACCOUNT_A,
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect((await deliver(payload)).statusCode).toBe(200);
  });

  it('refunds through Stripe a payment that arrives for an invoice already paid (no second charge on it)', async () => {
    const invoice = await newInvoice(a);
    const started = await publicPay(a, invoice.publicId);
    const sessionId = sessionOf(json<{ url: string }>(started).url);
    // Paid at the desk in cash while the buyer was on Stripe's page.
    const cash = await call(a, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    expect(cash.statusCode).toBe(200);
    const payload = await stub.stripeCheckout.pay(sessionId);
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await deliver(payload)).statusCode).toBe(200);
    const after = await invoiceOf(a, invoice.id);
    expect(after).toMatchObject({ status: 'complete', amountPaid: 40 });
    expect(after.payments).toHaveLength(1);
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    const event = JSON.parse(payload);
    const refunds = stub.stripeCheckout.refunds.filter((r) => r.paymentIntent === event.data.object.payment_intent);
    expect(refunds).toEqual([expect.objectContaining({ account: ACCOUNT_A, amount: 4000 })]);
    const refundCall = stub.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(refundCall?.body).toContain('reason=duplicate');
    expect(refundCall?.idempotencyKey).toBe(`excess-refund:stripe:${event.id}`);
    const [row] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    );
    expect(row).toMatchObject({ outcome: 'refunded', applied: 0, excess: 4000, refundRef: refunds[0]?.id });
  });

  it('the sweep queues again an excess refund whose job was lost, and it refunds once', async () => {
    const invoice = await newInvoice(a);
    const started = await publicPay(a, invoice.publicId);
    const sessionId = sessionOf(json<{ url: string }>(started).url);
    await call(a, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    const payload = await stub.stripeCheckout.pay(sessionId);
    expect((await deliver(payload)).statusCode).toBe(200);
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    const event = JSON.parse(payload);
    // As if the process had died between the commit and the send: the row is still due.
    await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .update(paymentEvents)
        .set({ outcome: 'refund_due', refundRef: null })
        .where(eq(paymentEvents.eventId, event.id)),
    );
    expect(await sweepExcessRefunds(app.platform, 0)).toBeGreaterThanOrEqual(1);
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    // Stripe replays the same idempotency key: the charge is refunded once.
    const refunds = stub.stripeCheckout.refunds.filter((r) => r.paymentIntent === event.data.object.payment_intent);
    expect(refunds).toHaveLength(1);
    const [row] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    );
    expect(row).toMatchObject({ outcome: 'refunded', refundRef: refunds[0]?.id });
  });
});

describe('excess payments whose refund failed (/item/payment/excess)', () => {
  /** A card payment for an invoice paid in cash meanwhile, whose automatic refund the provider refused. */
  async function failedExcess(): Promise<{
    invoice: InvoiceDetail;
    event: { id: string; data: { object: { payment_intent: string } } };
  }> {
    const invoice = await newInvoice(a);
    const started = await publicPay(a, invoice.publicId);
    await call(a, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    // the provider refuses the automatic refund (as Stripe does when the balance cannot cover it)
    stub.stripeCheckout.refuseRefunds = true;
    try {
      const payload = await stub.stripeCheckout.pay(sessionOf(json<{ url: string }>(started).url));
      expect((await deliver(payload)).statusCode).toBe(200);
      await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
      return { invoice, event: JSON.parse(payload) };
    } finally {
      stub.stripeCheckout.refuseRefunds = false;
    }
  }

  const listed = async (tenant: TestTenant) =>
    json<ExcessPaymentList>(await call(tenant, 'admin', '/item/payment/excess', undefined, 'GET')).data;

  it('lists a failed refund; a retry refunds it once; another is marked refunded by hand; then neither is listed', async () => {
    const first = await failedExcess();
    const second = await failedExcess();
    const mine = (await listed(a)).filter((p) => [first.event.id, second.event.id].includes(p.eventId));
    expect(mine).toHaveLength(2);
    expect(mine.find((p) => p.eventId === first.event.id)).toMatchObject({
      provider: 'stripe',
      invoiceId: first.invoice.id,
      invoiceNumber: first.invoice.number,
      currency: 'USD',
      received: 4000,
      excess: 4000,
      outcome: 'refund_failed',
      message: 'You have insufficient funds in your Stripe account for this refund.',
    });

    const retry = await call(a, 'staff', `/item/payment/excess/stripe/${first.event.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(204);
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    const refunds = stub.stripeCheckout.refunds.filter(
      (r) => r.paymentIntent === first.event.data.object.payment_intent,
    );
    expect(refunds).toHaveLength(1);
    const [retried] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, first.event.id)),
    );
    expect(retried).toMatchObject({ outcome: 'refunded', refundRef: refunds[0]?.id });

    const settle = await call(a, 'admin', `/item/payment/excess/stripe/${second.event.id}/settle`);
    expect(settle.statusCode, settle.body).toBe(204);
    const [settled] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, second.event.id)),
    );
    expect(settled?.outcome).toBe('refunded');
    expect(settled?.message).toMatch(/^Refunded by hand \(marked by .+\)\.$/);

    expect((await listed(a)).map((p) => p.eventId)).not.toContain(first.event.id);
    expect((await listed(a)).map((p) => p.eventId)).not.toContain(second.event.id);
    // Only a failed refund moves: a second press is a 409 that changes nothing.
    const again = await call(a, 'admin', `/item/payment/excess/stripe/${second.event.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(EXCESS_REFUND_MESSAGES.notFailed);
  });

  it('the front desk may not see or act; another tenant gets 404; a bad provider is a 400 naming it', async () => {
    const { event } = await failedExcess();
    expect((await call(a, 'frontdesk', '/item/payment/excess', undefined, 'GET')).statusCode).toBe(403);
    expect((await call(a, 'frontdesk', `/item/payment/excess/stripe/${event.id}/retry`)).statusCode).toBe(403);
    expect((await listed(b)).map((p) => p.eventId)).not.toContain(event.id);
    expect((await call(b, 'admin', `/item/payment/excess/stripe/${event.id}/retry`)).statusCode).toBe(404);
    expect((await call(b, 'admin', `/item/payment/excess/stripe/${event.id}/settle`)).statusCode).toBe(404);
    const bad = await call(a, 'admin', `/item/payment/excess/Stripe!/${event.id}/retry`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('params.provider');
    // Still failed, still listed, for its own tenant.
    expect((await listed(a)).find((p) => p.eventId === event.id)?.outcome).toBe('refund_failed');
  });
});

describe('POST /item/payment/paymentintent (desk)', () => {
  it('starts a payment that returns to the staff invoice screen', async () => {
    const invoice = await newInvoice(a);
    const response = await call(a, 'frontdesk', '/item/payment/paymentintent', { invoiceId: invoice.id });
    expect(response.statusCode, response.body).toBe(200);
    const session = stub.stripeCheckout.sessions.get(sessionOf(json<{ url: string }>(response).url));
    expect(session?.successUrl).toBe(`http://${a.orgId}.localhost/invoices/${invoice.id}?payment=success`);
  });

  it('checks roles, the body and the tenant', async () => {
    const invoice = await newInvoice(a);
    expect((await call(a, null, '/item/payment/paymentintent', { invoiceId: invoice.id })).statusCode).toBe(401);
    expect((await call(a, 'student', '/item/payment/paymentintent', { invoiceId: invoice.id })).statusCode).toBe(403);
    const missing = await call(a, 'staff', '/item/payment/paymentintent', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toContain('invoiceId');
    const malformed = await call(a, 'staff', '/item/payment/paymentintent', { invoiceId: 'abc' });
    expect(errorOf(malformed).message).toBe('invoiceId must be an invoice id');
    const theirs = await newInvoice(b);
    expect((await call(a, 'staff', '/item/payment/paymentintent', { invoiceId: theirs.id })).statusCode).toBe(404);
  });
});

describe('POST /item/invoice/{id}/refund of a card payment', () => {
  async function paidByCard(): Promise<{ invoice: InvoiceDetail; paymentId: string; intent: string }> {
    const invoice = await newInvoice(a);
    const payload = await payOnline(a, invoice);
    expect((await deliver(payload)).statusCode).toBe(200);
    const paid = await invoiceOf(a, invoice.id);
    return { invoice, paymentId: paid.payments[0]?.id ?? '', intent: JSON.parse(payload).data.object.payment_intent };
  }

  it('refunds part, then the rest, through Stripe, each once per idempotency key', async () => {
    const { invoice, paymentId, intent } = await paidByCard();
    const key = randomUUID();
    const partial = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '15.00',
      idempotencyKey: key,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(json<InvoiceDetail>(partial)).toMatchObject({ status: 'complete', amountRefunded: 15 });
    const replay = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '15.00',
      idempotencyKey: key,
    });
    expect(replay.statusCode).toBe(200);
    expect(stub.stripeCheckout.refunds.filter((r) => r.paymentIntent === intent)).toEqual([
      expect.objectContaining({ amount: 1500, account: ACCOUNT_A }),
    ]);
    const sent = stub.requests.filter((r) => r.path === '/v1/refunds' && r.body.includes(intent));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toBe(`invoice-refund:${a.tenantId}:${key}`);
    const rest = await call(a, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<InvoiceDetail>(rest)).toMatchObject({ status: 'refunded', amountRefunded: 40, balance: 0 });
    expect(stub.stripeCheckout.refunds.filter((r) => r.paymentIntent === intent).map((r) => r.amount)).toEqual([
      1500, 2500,
    ]);
  });

  it('records nothing and says why when Stripe refuses the refund', async () => {
    const { invoice, paymentId, intent } = await paidByCard();
    // Refunded in the Stripe dashboard already: Stripe refuses a second refund.
    const direct = await fetch(`${stub.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PLATFORM_KEY}`,
        'stripe-account': ACCOUNT_A,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: intent }).toString(),
    });
    expect(direct.status).toBe(200);
    const response = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain('has already been refunded');
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'complete', amountRefunded: 0 });
  });

  it('checks amounts before calling Stripe, roles, and the tenant', async () => {
    const { invoice, paymentId } = await paidByCard();
    const before = stub.requests.filter((r) => r.path === '/v1/refunds').length;
    const tooMuch = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '41.00',
      idempotencyKey: randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).field).toBe('amount');
    const noKey = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, { paymentId });
    expect(noKey.statusCode).toBe(400);
    expect(errorOf(noKey).message).toBe('idempotencyKey is required');
    expect(
      (await call(a, 'frontdesk', `/item/invoice/${invoice.id}/refund`, { paymentId, idempotencyKey: randomUUID() }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(b, 'admin', `/item/invoice/${invoice.id}/refund`, { paymentId, idempotencyKey: randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').length).toBe(before);
  });
});

describe('the stand-in’s hosted Checkout page', () => {
  it('declines 4000 0000 0000 0002 with Stripe’s message, takes 4242…, returns the buyer and announces the payment', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    checkout.webhook = { url: `${address}/webhooks/stripe`, secret: WEBHOOK_SECRET };
    const invoice = await newInvoice(a);
    const { url } = json<{ url: string }>(await publicPay(a, invoice.publicId));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="cardNumber">Card number</label>');
    expect(html).toContain('USD 40.00');
    const form = (cardNumber: string) =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123' }).toString(),
      });
    const declined = await form('4000 0000 0000 0002');
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('<p class="error" role="alert">Your card was declined.</p>');
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'pending' });
    const paid = await form('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://${a.orgId}.localhost/invoice/${invoice.publicId}?payment=success`,
    );
    for (let i = 0; i < 50 && (await invoiceOf(a, invoice.id)).status !== 'complete'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'complete', amountPaid: 40 });
    for (let i = 0; i < 50 && stub.stripeCheckout.deliveries.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stub.stripeCheckout.deliveries).toEqual([200]);
    // The session is spent: its page no longer takes a card.
    expect(await (await fetch(url)).text()).toContain('This Checkout Session is no longer active.');
  });
});

describe('the stand-in speaks Stripe’s API for these calls', () => {
  const stripeCall = (path: string, init: { method?: string; account?: string; key?: string; body?: object } = {}) =>
    fetch(`${stub.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${PLATFORM_KEY}`,
        ...(init.account ? { 'stripe-account': init.account } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: init.body ? new URLSearchParams(init.body as Record<string, string>).toString() : undefined,
    });
  const session = {
    mode: 'payment',
    success_url: 'https://studio.example/ok',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': '1200',
    'line_items[0][price_data][product_data][name]': 'Class pass',
  };

  it('retrieves a session on its own account only', async () => {
    const created = await stripeCall('/v1/checkout/sessions', { method: 'POST', account: ACCOUNT_A, body: session });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const mine = await stripeCall(`/v1/checkout/sessions/${id}`, { account: ACCOUNT_A });
    expect(await mine.json()).toMatchObject({ id, status: 'open', amount_total: 1200, payment_status: 'unpaid' });
    const theirs = await stripeCall(`/v1/checkout/sessions/${id}`, { account: ACCOUNT_B });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it('validates what Stripe validates and refuses a key reused with other parameters', async () => {
    const noUrl = await stripeCall('/v1/checkout/sessions', {
      method: 'POST',
      account: ACCOUNT_A,
      body: { ...session, success_url: 'not a url' },
    });
    expect(await noUrl.json()).toMatchObject({ error: { param: 'success_url', message: 'Not a valid URL' } });
    const unknown = await stripeCall('/v1/checkout/sessions', {
      method: 'POST',
      account: 'acct_nobody',
      body: session,
    });
    expect(unknown.status).toBe(403);
    const key = `key-${randomUUID()}`;
    const first = await stripeCall('/v1/checkout/sessions', { method: 'POST', account: ACCOUNT_A, key, body: session });
    const replay = await stripeCall('/v1/checkout/sessions', {
      method: 'POST',
      account: ACCOUNT_A,
      key,
      body: session,
    });
    expect(((await replay.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    const other = await stripeCall('/v1/checkout/sessions', {
      method: 'POST',
      account: ACCOUNT_A,
      key,
      body: { ...session, 'line_items[0][price_data][unit_amount]': '1300' },
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });
});
