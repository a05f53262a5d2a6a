import { randomUUID } from 'node:crypto';
import type { InvoiceDetail } from '@atrium/contracts';
import { type ProviderStub, phonepeChecksum, razorpayHmac, startProviderStub } from '@atrium/provider-stubs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, setTenantSettings, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { errorsOf, invoiceCalls, roleCaller } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments, paymentEvents } from '../../db/schema/index.ts';
import { EXCESS_REFUND_QUEUE } from './payment-notices.service.ts';

// Razorpay and PhonePe card payments on the tenants' own keys, against the local stand-ins
// (decisions.md "Razorpay and PhonePe").

const RZP_A: [string, string] = ['rzp_test_PayA1234', 'secretA_0123456789abcdef'];
const RZP_B: [string, string] = ['rzp_test_PayB5678', 'secretB_0123456789abcdef'];
const WEBHOOK_SECRET = 'rzp_webhook_secret_payments';
const PP_A = { merchantId: 'MERCHANTPAYA', saltKey: 'salt-a-099eb0cd-02cf-4e2a-8aca', saltIndex: '1' };
const PP_B = { merchantId: 'MERCHANTPAYB', saltKey: 'salt-b-5a1f33c2-7d1e-4c55-9d0e', saltIndex: '2' };

let app: App;
let stub: ProviderStub;
let ra: TestTenant;
let rb: TestTenant;
let pa: TestTenant;
let pb: TestTenant;
const call = roleCaller(() => app);
const errorOf = errorsOf;

async function useRupees(tenant: TestTenant) {
  await setTenantSettings(app, tenant, { currency: 'INR' });
}

async function connectRazorpay(tenant: TestTenant, [keyId, keySecret]: [string, string]) {
  const saved = await call(
    tenant,
    'admin',
    '/item/tenant/razorpay',
    {
      testApiKey: keyId,
      testSecretKey: keySecret,
      isTestMode: true,
      isProviderIntegrated: true,
    },
    'PUT',
  );
  expect(saved.statusCode, saved.body).toBe(200);
  app.platform.tenants.clearCache();
}

async function connectPhonePe(tenant: TestTenant, merchant: typeof PP_A) {
  const saved = await call(tenant, 'admin', '/item/tenant/phonepe', { ...merchant, isProviderIntegrated: true }, 'PUT');
  expect(saved.statusCode, saved.body).toBe(200);
  app.platform.tenants.clearCache();
}

const { newInvoice, invoiceOf } = invoiceCalls(call);

async function paymentsOf(tenant: TestTenant, invoiceId: string) {
  return withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)),
  );
}

async function startPublic(tenant: TestTenant, invoice: InvoiceDetail): Promise<string> {
  const started = await call(tenant, null, `/item/invoice/${invoice.publicId}/publicpayment`);
  expect(started.statusCode, started.body).toBe(200);
  return json<{ url: string }>(started).url;
}

type Checkout = { url: string; form: Record<string, string> };

/** Razorpay's start answers the hosted checkout's URL and the fields the browser posts to it. */
async function startCheckout(tenant: TestTenant, invoice: InvoiceDetail): Promise<Checkout> {
  const started = await call(tenant, null, `/item/invoice/${invoice.publicId}/publicpayment`);
  expect(started.statusCode, started.body).toBe(200);
  return json<Checkout>(started);
}

function postCallback(tenant: TestTenant, path: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { host: tenant.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function deliverRazorpay(payload: string, signature = razorpayHmac(WEBHOOK_SECRET, payload)) {
  return app.inject({
    method: 'POST',
    url: '/webhooks/razorpay',
    headers: { host: '127.0.0.1', 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload,
  });
}

beforeAll(async () => {
  stub = await startProviderStub({
    razorpay: [RZP_A, RZP_B],
    razorpayCheckout: {},
    phonepe: { merchants: [PP_A, PP_B] },
  });
  const base = loadConfig({});
  app = await startTestApp({
    providerUrls: { ...base.providerUrls, razorpay: stub.url },
    payments: {
      ...base.payments,
      razorpayApiBase: stub.url,
      razorpayWebhookSecret: WEBHOOK_SECRET,
      phonepeApiBase: stub.url,
    },
  });
  [ra, rb, pa, pb] = await Promise.all([newTenant(app), newTenant(app), newTenant(app), newTenant(app)]);
  await Promise.all([ra, rb, pa, pb].map(useRupees));
  await connectRazorpay(ra, RZP_A);
  await connectRazorpay(rb, RZP_B);
  await connectPhonePe(pa, PP_A);
  await connectPhonePe(pb, PP_B);
});

afterAll(async () => {
  await stub?.close();
});

describe('Razorpay', () => {
  const orderOf = (checkout: Checkout) => checkout.form.order_id ?? '';
  const callbackOf = (checkout: Checkout) => new URL(checkout.form.callback_url ?? '').pathname;

  it('opens an order for the open balance on the tenant’s keys and answers its hosted checkout', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    expect(url.url).toBe(`${stub.url}/v1/checkout/embedded`);
    const page = url.form;
    expect(page.key_id).toBe(RZP_A[0]);
    expect(page.callback_url).toBe(`http://${ra.orgId}.localhost/item/razorpay/callback/public/${invoice.publicId}`);
    expect(page.cancel_url).toBe(`http://${ra.orgId}.localhost/invoice/${invoice.publicId}?payment=cancel`);
    // Card and netbanking on, UPI and wallets off (spec 1 §9).
    expect([page['method[card]'], page['method[netbanking]'], page['method[upi]'], page['method[wallet]']]).toEqual([
      '1',
      '1',
      '0',
      '0',
    ]);
    expect(stub.razorpayCheckout.orders.get(orderOf(url))).toMatchObject({
      keyId: RZP_A[0],
      amount: 4000,
      currency: 'INR',
      notes: { tenantId: ra.tenantId, invoiceId: invoice.id },
    });
    const sent = stub.requests.filter((r) => r.path === '/v1/orders' && r.method === 'POST').at(-1);
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${RZP_A[0]}:${RZP_A[1]}`).toString('base64')}`);
    // The browser posts the fields as a form, as to Razorpay's hosted checkout.
    const html = await (
      await fetch(url.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(url.form).toString(),
      })
    ).text();
    expect(html).toContain('Card number');
    expect(html).toContain('Netbanking');
    expect(html).not.toContain('UPI');
    // The pages may post that form to Razorpay's origin, and to no other but their own.
    const csp = (await app.inject({ url: '/healthz' })).headers['content-security-policy'];
    expect(csp).toContain(`form-action 'self' ${stub.url};`);
  });

  it('opens one order however many clicks start the same invoice at once, and a new one for a new balance', async () => {
    const invoice = await newInvoice(ra);
    const ordersBefore = stub.razorpayCheckout.orders.size;
    const started = await Promise.all(
      Array.from({ length: 20 }, () => call(ra, null, `/item/invoice/${invoice.publicId}/publicpayment`)),
    );
    for (const answer of started) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(started.map((answer) => json<Checkout>(answer).form.order_id));
    expect(ids.size).toBe(1);
    expect(stub.razorpayCheckout.orders.size - ordersBefore).toBe(1);
    const desk = await call(ra, 'staff', '/item/payment/paymentintent', { invoiceId: invoice.id });
    expect(desk.statusCode, desk.body).toBe(200);
    // The desk's attempt returns elsewhere: an order of its own, once.
    expect(json<Checkout>(desk).form.order_id).not.toBe([...ids][0]);
    const part = await call(ra, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '10.00',
      idempotencyKey: randomUUID(),
    });
    expect(part.statusCode, part.body).toBe(200);
    const after = await startCheckout(ra, invoice);
    expect(after.form.order_id).not.toBe([...ids][0]);
    expect(stub.razorpayCheckout.orders.get(after.form.order_id ?? '')).toMatchObject({ amount: 3000 });
  });

  it('passes on what Razorpay refuses (below its minimum) as a 400 with its message', async () => {
    const invoice = await newInvoice(ra, '0.50');
    const response = await call(ra, null, `/item/invoice/${invoice.publicId}/publicpayment`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Order amount less than minimum amount allowed');
  });

  it('verifies the signed callback, records the payment once and sends the buyer to the paid invoice', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    const answer = await stub.razorpayCheckout.pay(orderOf(url));
    const back = await postCallback(ra, callbackOf(url), answer);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe(`http://${ra.orgId}.localhost/invoice/${invoice.publicId}?payment=success`);
    expect(await invoiceOf(ra, invoice.id)).toMatchObject({ status: 'complete', balance: 0 });
    // The same answer posted again, and both webhooks Razorpay sends: still one payment.
    expect((await postCallback(ra, callbackOf(url), answer)).statusCode).toBe(303);
    for (const payload of stub.razorpayCheckout.webhooks.slice(-2)) {
      expect((await deliverRazorpay(payload)).statusCode).toBe(200);
    }
    const recorded = await paymentsOf(ra, invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ provider: 'razorpay', providerRef: answer.razorpay_payment_id, amount: 4000 });
  });

  it('applies a payment from the webhook alone (the buyer never came back), once', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    await stub.razorpayCheckout.pay(orderOf(url));
    const [captured, paid] = stub.razorpayCheckout.webhooks.slice(-2) as [string, string];
    const deliveries = await Promise.all([deliverRazorpay(captured), deliverRazorpay(paid), deliverRazorpay(captured)]);
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentsOf(ra, invoice.id)).toHaveLength(1);
    expect((await invoiceOf(ra, invoice.id)).balance).toBe(0);
  });

  it('refuses a wrong signature or malformed fields with a 400 naming the field, and records nothing', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    const answer = await stub.razorpayCheckout.pay(orderOf(url));
    const forged = await postCallback(ra, callbackOf(url), {
      ...answer,
      razorpay_signature: razorpayHmac('not-the-secret', `${answer.razorpay_order_id}|${answer.razorpay_payment_id}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).field).toBe('razorpay_signature');
    const noOrder = await postCallback(ra, callbackOf(url), { ...answer, razorpay_order_id: 'nope' });
    expect(noOrder.statusCode).toBe(400);
    expect(errorOf(noOrder).field).toBe('razorpay_order_id');
    const badTo = await postCallback(ra, `/item/razorpay/callback/elsewhere/${invoice.publicId}`, answer);
    expect(badTo.statusCode).toBe(400);
    expect(errorOf(badTo).message).toContain('to');
    // Another tenant's host: its own key secret does not verify the answer.
    const elsewhere = await postCallback(rb, callbackOf(url), answer);
    expect(elsewhere.statusCode).toBe(400);
    const webhook = stub.razorpayCheckout.webhooks.at(-1) as string;
    const unsigned = await deliverRazorpay(webhook, razorpayHmac('wrong', webhook));
    expect(unsigned.statusCode).toBe(400);
    expect(errorOf(unsigned).field).toBe('x-razorpay-signature');
    expect(await paymentsOf(ra, invoice.id)).toHaveLength(0);
    expect(await paymentsOf(rb, invoice.id)).toHaveLength(0);
  });

  it('applies nothing when a webhook names another tenant than the order’s (its keys cannot read the order)', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    await stub.razorpayCheckout.pay(orderOf(url));
    const captured = JSON.parse(stub.razorpayCheckout.webhooks.at(-2) as string);
    captured.payload.payment.entity.notes = { tenantId: rb.tenantId, invoiceId: invoice.id };
    const payload = JSON.stringify(captured);
    expect((await deliverRazorpay(payload)).statusCode).toBe(200);
    expect(await paymentsOf(ra, invoice.id)).toHaveLength(0);
    expect(await paymentsOf(rb, invoice.id)).toHaveLength(0);
  });

  it('sends a cancelled or failed checkout back to the invoice as cancelled', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    const back = await postCallback(ra, callbackOf(url), {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment failed',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`http://${ra.orgId}.localhost/invoice/${invoice.publicId}?payment=cancel`);
  });

  it('starts a desk payment that comes back to the staff invoice screen; not for another tenant’s invoice', async () => {
    const invoice = await newInvoice(ra);
    const started = await call(ra, 'frontdesk', '/item/payment/paymentintent', { invoiceId: invoice.id });
    expect(started.statusCode, started.body).toBe(200);
    const url = json<Checkout>(started);
    expect(callbackOf(url)).toBe(`/item/razorpay/callback/desk/${invoice.id}`);
    const back = await postCallback(ra, callbackOf(url), await stub.razorpayCheckout.pay(orderOf(url)));
    expect(back.headers.location).toBe(`http://${ra.orgId}.localhost/invoices/${invoice.id}?payment=success`);
    const theirs = await call(rb, 'staff', '/item/payment/paymentintent', { invoiceId: invoice.id });
    expect(theirs.statusCode).toBe(404);
  });

  it('refunds through Razorpay a payment that arrives for an invoice paid meanwhile', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    const cash = await call(ra, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    expect(cash.statusCode).toBe(200);
    const answer = await stub.razorpayCheckout.pay(orderOf(url));
    expect((await postCallback(ra, callbackOf(url), answer)).statusCode).toBe(303);
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    expect(stub.razorpayCheckout.refunds.filter((r) => r.paymentId === answer.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amount: 4000, idempotencyKey: `excess-refund:razorpay:${answer.razorpay_payment_id}` }),
    ]);
    const [row] = await withTenant(app.platform.db, ra.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, answer.razorpay_payment_id)),
    );
    expect(row).toMatchObject({ provider: 'razorpay', outcome: 'refunded', applied: 0, excess: 4000 });
    expect((await invoiceOf(ra, invoice.id)).payments).toHaveLength(1);
  });

  it('refunds part, then the rest, through Razorpay (admins and staff only)', async () => {
    const invoice = await newInvoice(ra);
    const url = await startCheckout(ra, invoice);
    const answer = await stub.razorpayCheckout.pay(orderOf(url));
    await postCallback(ra, callbackOf(url), answer);
    const paymentId = (await invoiceOf(ra, invoice.id)).payments[0]?.id ?? '';
    const denied = await call(ra, 'frontdesk', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '15.00',
      idempotencyKey: randomUUID(),
    });
    expect(denied.statusCode).toBe(403);
    const key = randomUUID();
    const partial = await call(ra, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '15.00',
      idempotencyKey: key,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(json<InvoiceDetail>(partial)).toMatchObject({ amountRefunded: 15 });
    const rest = await call(ra, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<InvoiceDetail>(rest)).toMatchObject({ status: 'refunded', amountRefunded: 40 });
    const made = stub.razorpayCheckout.refunds.filter((r) => r.paymentId === answer.razorpay_payment_id);
    expect(made.map((r) => r.amount)).toEqual([1500, 2500]);
    expect(made[0]?.idempotencyKey).toBe(`invoice-refund:${ra.tenantId}:${key}`);
    // Nothing left: Razorpay's refusal is a 400 with its message, and nothing is recorded.
    const again = await call(ra, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '1.00',
      idempotencyKey: randomUUID(),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('PhonePe', () => {
  const transactionOf = (redirect: string) =>
    [...stub.phonepe.transactions.values()].find((t) => redirect.endsWith(`/pg/pay/${t.pageId}`));
  const confirm = (tenant: TestTenant, transaction: string, tenantId = tenant.tenantId) =>
    call(tenant, null, `/item/phonepe/${tenantId}/confirm/${transaction}`, undefined, 'GET');

  it('starts a pay-page transaction for the open balance, signed with the tenant’s salt', async () => {
    const invoice = await newInvoice(pa);
    const url = await startPublic(pa, invoice);
    const t = transactionOf(url);
    expect(t).toMatchObject({ merchantId: PP_A.merchantId, amount: 4000, state: 'PENDING' });
    expect(t?.redirectUrl).toBe(
      `http://${pa.orgId}.localhost/invoice/${invoice.publicId}?payment=success&phonepe=${t?.merchantTransactionId}`,
    );
    expect(t?.callbackUrl).toBe(`http://${pa.orgId}.localhost/webhooks/phonepe`);
    const html = await (await fetch(url)).text();
    expect(html).toContain('Card number');
  });

  it('answers PENDING until paid, then COMPLETED with the payment recorded once however often it is asked', async () => {
    const invoice = await newInvoice(pa);
    const t = transactionOf(await startPublic(pa, invoice));
    const id = t?.merchantTransactionId ?? '';
    const pending = await confirm(pa, id);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(json(pending)).toMatchObject({ state: 'PENDING', code: 'PAYMENT_PENDING' });
    expect(await paymentsOf(pa, invoice.id)).toHaveLength(0);
    stub.phonepe.settle(id);
    const answers = await Promise.all([confirm(pa, id), confirm(pa, id), confirm(pa, id)]);
    for (const answer of answers) expect(json(answer)).toMatchObject({ state: 'COMPLETED', code: 'PAYMENT_SUCCESS' });
    const recorded = await paymentsOf(pa, invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ provider: 'phonepe', providerRef: id, amount: 4000 });
    expect((await invoiceOf(pa, invoice.id)).balance).toBe(0);
    const statusCalls = stub.requests.filter((r) => r.path === `/pg/v1/status/${PP_A.merchantId}/${id}`);
    expect(statusCalls.length).toBeGreaterThanOrEqual(4);
  });

  it('starts one PhonePe transaction however many clicks start the same invoice at once', async () => {
    const invoice = await newInvoice(pa);
    const paysBefore = stub.requests.filter((r) => r.path === '/pg/v1/pay').length;
    const started = await Promise.all(
      Array.from({ length: 20 }, () => call(pa, null, `/item/invoice/${invoice.publicId}/publicpayment`)),
    );
    for (const answer of started) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(started.map((answer) => json<{ url: string }>(answer).url)).size).toBe(1);
    expect(stub.requests.filter((r) => r.path === '/pg/v1/pay').length - paysBefore).toBe(1);
  });

  it('records nothing for a failed payment', async () => {
    const invoice = await newInvoice(pa);
    const id = transactionOf(await startPublic(pa, invoice))?.merchantTransactionId ?? '';
    stub.phonepe.settle(id, 'FAILED');
    expect(json(await confirm(pa, id))).toMatchObject({ state: 'FAILED', code: 'PAYMENT_ERROR' });
    expect(await paymentsOf(pa, invoice.id)).toHaveLength(0);
  });

  it('answers 400 for a malformed id, 404 for another tenant, an unknown or another merchant’s transaction', async () => {
    const invoice = await newInvoice(pa);
    const id = transactionOf(await startPublic(pa, invoice))?.merchantTransactionId ?? '';
    stub.phonepe.settle(id);
    const bad = await confirm(pa, 'not*valid');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('paymentIntent');
    expect((await confirm(pa, id, pb.tenantId)).statusCode).toBe(404);
    expect((await confirm(pa, 'IVunknownTransaction_1')).statusCode).toBe(404);
    // pb's merchant does not have pa's transaction.
    expect((await confirm(pb, id)).statusCode).toBe(404);
    expect(await paymentsOf(pa, invoice.id)).toHaveLength(0);
    expect(await paymentsOf(pb, invoice.id)).toHaveLength(0);
  });

  it('takes the server-to-server callback only with a valid checksum, and applies it once', async () => {
    const invoice = await newInvoice(pa);
    const id = transactionOf(await startPublic(pa, invoice))?.merchantTransactionId ?? '';
    stub.phonepe.settle(id);
    const response = Buffer.from(
      JSON.stringify({
        success: true,
        code: 'PAYMENT_SUCCESS',
        data: { merchantId: PP_A.merchantId, merchantTransactionId: id },
      }),
    ).toString('base64');
    const post = (checksum: string, tenant = pa) =>
      app.inject({
        method: 'POST',
        url: '/webhooks/phonepe',
        headers: { host: tenant.host, 'content-type': 'application/json', 'x-verify': checksum },
        payload: { response },
      });
    const forged = await post(phonepeChecksum(response, 'wrong-salt', PP_A.saltIndex));
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).field).toBe('x-verify');
    // pa's checksum on pb's host: pb's salt does not verify it.
    expect((await post(phonepeChecksum(response, PP_A.saltKey, PP_A.saltIndex), pb)).statusCode).toBe(400);
    expect(await paymentsOf(pa, invoice.id)).toHaveLength(0);
    const good = phonepeChecksum(response, PP_A.saltKey, PP_A.saltIndex);
    expect((await post(good)).statusCode).toBe(200);
    expect((await post(good)).statusCode).toBe(200);
    expect(json(await confirm(pa, id))).toMatchObject({ state: 'COMPLETED' });
    expect(await paymentsOf(pa, invoice.id)).toHaveLength(1);
  });

  it('refuses an invoice in another currency than INR with a 400', async () => {
    await setTenantSettings(app, pb, { currency: 'USD' });
    const invoice = await newInvoice(pb);
    const response = await call(pb, null, `/item/invoice/${invoice.publicId}/publicpayment`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('PhonePe takes payments in INR only.');
    await useRupees(pb);
  });

  it('refunds through PhonePe a payment that arrives for an invoice paid meanwhile', async () => {
    const invoice = await newInvoice(pa);
    const id = transactionOf(await startPublic(pa, invoice))?.merchantTransactionId ?? '';
    const cash = await call(pa, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    expect(cash.statusCode).toBe(200);
    stub.phonepe.settle(id);
    expect(json(await confirm(pa, id))).toMatchObject({ state: 'COMPLETED' });
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    expect(stub.phonepe.refunds.filter((r) => r.originalTransactionId === id).map((r) => r.amount)).toEqual([4000]);
    const [row] = await withTenant(app.platform.db, pa.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, id)),
    );
    expect(row).toMatchObject({ provider: 'phonepe', outcome: 'refunded', excess: 4000 });
  });

  it('refunds part, then the rest, through PhonePe', async () => {
    const invoice = await newInvoice(pa);
    const id = transactionOf(await startPublic(pa, invoice))?.merchantTransactionId ?? '';
    stub.phonepe.settle(id);
    await confirm(pa, id);
    const paymentId = (await invoiceOf(pa, invoice.id)).payments[0]?.id ?? '';
    const key = randomUUID();
    const partial = await call(pa, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '10.00',
      idempotencyKey: key,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const replay = await call(pa, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '10.00',
      idempotencyKey: key,
    });
    expect(replay.statusCode).toBe(200);
    const rest = await call(pa, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<InvoiceDetail>(rest)).toMatchObject({ status: 'refunded', amountRefunded: 40 });
    expect(stub.phonepe.refunds.filter((r) => r.originalTransactionId === id).map((r) => r.amount)).toEqual([
      1000, 3000,
    ]);
  });
});
