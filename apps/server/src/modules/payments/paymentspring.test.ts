import { randomUUID } from 'node:crypto';
import type { InvoiceDetail, PaymentRedirect } from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { errorsOf, invoiceCalls, roleCaller } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments, paymentEvents, tenants } from '../../db/schema/index.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';
import { CardProviders } from './card-providers.ts';
import { applyNotice, EXCESS_REFUND_QUEUE, refundExcess } from './payment-notices.service.ts';
import { PaymentSpringGateway } from './paymentspring-gateway.ts';

// PaymentSpring on the tenants' own keys, against the local stand-in of its REST API: the card goes
// from the browser to PaymentSpring's token endpoint, the server charges the token (decisions.md
// "PaymentSpring").

const PS_A = { publicKey: 'test_pub_A_0123456789', privateKey: 'test_priv_A_0123456789' };
const PS_B = { publicKey: 'test_pub_B_9876543210', privateKey: 'test_priv_B_9876543210' };

let app: App;
let stub: ProviderStub;
let a: TestTenant;
let b: TestTenant;
let unconnected: TestTenant;
const call = roleCaller(() => app);
const errorOf = errorsOf;

async function connect(tenant: TestTenant, keys: typeof PS_A) {
  const saved = await call(
    tenant,
    'admin',
    '/item/tenant/pspring',
    { testApiKey: keys.publicKey, testSecretKey: keys.privateKey, isTestMode: true, isProviderIntegrated: true },
    'PUT',
  );
  expect(saved.statusCode, saved.body).toBe(200);
  app.platform.tenants.clearCache();
}

const { newInvoice, invoiceOf } = invoiceCalls(call);

/** What the buyer's browser does: the card to PaymentSpring's token URL with the public key. */
async function cardToken(tokenUrl: string, publicKey: string, cardNumber = '4242 4242 4242 4242'): Promise<string> {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      card_number: cardNumber,
      card_exp_month: 12,
      card_exp_year: new Date().getUTCFullYear() + 2,
      csc: '123',
      card_owner_name: 'Pat Buyer',
    }),
  });
  const body = (await response.json()) as { id?: string; errors?: unknown };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.id ?? '';
}

async function startPublic(tenant: TestTenant, invoice: InvoiceDetail) {
  const started = await call(tenant, null, `/item/invoice/${invoice.publicId}/publicpayment`);
  expect(started.statusCode, started.body).toBe(200);
  return json<PaymentRedirect>(started);
}

const chargesFor = (invoice: InvoiceDetail) =>
  [...stub.paymentspring.charges.values()].filter((c) => c.description.includes(invoice.invoiceId));

beforeAll(async () => {
  stub = await startProviderStub({ paymentspring: { merchants: [PS_A, PS_B] } });
  const base = loadConfig({});
  app = await startTestApp({ payments: { ...base.payments, paymentspringApiBase: `${stub.url}/api/v1` } });
  [a, b, unconnected] = await Promise.all([newTenant(app), newTenant(app), newTenant(app)]);
  await connect(a, PS_A);
  await connect(b, PS_B);
});

afterAll(async () => {
  await stub?.close();
});

describe('PaymentSpring', () => {
  it('answers the card form (public key, PaymentSpring’s token URL) without calling PaymentSpring', async () => {
    const invoice = await newInvoice(a);
    const before = stub.requests.length;
    const started = await startPublic(a, invoice);
    expect(started).toEqual({
      url: `http://${a.orgId}.localhost/invoice/${invoice.publicId}?payment=card`,
      card: { provider: 'pspring', publicKey: PS_A.publicKey, tokenUrl: `${stub.url}/api/v1/tokens` },
    });
    expect(stub.requests.length).toBe(before);
    // The pages' scripts may call PaymentSpring's origin (the token), and no other but their own.
    const csp = (await app.inject({ url: '/healthz' })).headers['content-security-policy'];
    expect(csp).toContain(`connect-src 'self' ${stub.url};`);
  });

  it('charges the token for the open balance with the private key and records the payment once', async () => {
    const invoice = await newInvoice(a);
    const started = await startPublic(a, invoice);
    const card = started.card ?? { tokenUrl: '', publicKey: '' };
    const made = await cardToken(card.tokenUrl, card.publicKey);
    const paid = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: made });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<PaymentRedirect>(paid).url).toBe(
      `http://${a.orgId}.localhost/invoice/${invoice.publicId}?payment=success`,
    );
    const [charge] = chargesFor(invoice);
    expect(charge).toMatchObject({ amount: 4000, merchant: PS_A.publicKey, token: made });
    const sent = stub.requests.filter((r) => r.path === '/api/v1/charge').at(-1);
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${PS_A.privateKey}:`).toString('base64')}`);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      token: made,
      amount: 4000,
      metadata: { tenantId: a.tenantId, invoiceId: invoice.id },
    });
    // The card number never reached our server: only the token did.
    expect(paid.body).not.toContain('4242');
    const detail = await invoiceOf(a, invoice.id);
    expect(detail).toMatchObject({ status: 'complete', balance: 0, amountPaid: 40 });
    expect(detail.payments).toHaveLength(1);
    const [row] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)),
    );
    expect(row).toMatchObject({ provider: 'pspring', providerRef: charge?.id, method: 'credit_card' });
    // Paid: another token charges nothing.
    const again = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, {
      token: await cardToken(card.tokenUrl, card.publicKey),
    });
    expect(again.statusCode).toBe(409);
    expect(chargesFor(invoice)).toHaveLength(1);
  });

  it('charges once when one token is submitted 20 times at once', async () => {
    const invoice = await newInvoice(a, '25.00');
    const made = await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: made }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(chargesFor(invoice)).toHaveLength(1);
    const chargeCalls = stub.requests.filter((r) => r.path === '/api/v1/charge' && r.body.includes(made));
    expect(chargeCalls).toHaveLength(1);
    const detail = await invoiceOf(a, invoice.id);
    expect(detail).toMatchObject({ status: 'complete', amountPaid: 25 });
    expect(detail.payments).toHaveLength(1);
  });

  it('charges once when the buyer and the desk pay one invoice with two cards at the same moment', async () => {
    const invoice = await newInvoice(a, '30.00');
    const [mine, theirs] = await Promise.all([
      cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey),
      cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey),
    ]);
    const answers = await Promise.all([
      call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: mine }),
      call(a, 'frontdesk', '/item/payment/paymentspring', { invoiceId: invoice.id, token: theirs }),
    ]);
    // The second either waited for the first and got its answer, or came after it and found the invoice paid.
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect([r.statusCode, errorOf(r).code]).toEqual([409, 'invoice_paid']);
    }
    expect(chargesFor(invoice)).toHaveLength(1);
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'complete', amountPaid: 30 });
  });

  it('finds a charge whose answer was lost (a timeout after the money moved) instead of charging again', async () => {
    const invoice = await newInvoice(a, '45.00');
    stub.paymentspring.loseNextAnswers = 1;
    const paid = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, {
      token: await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(chargesFor(invoice)).toHaveLength(1);
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'complete', amountPaid: 45 });

    // PaymentSpring cannot be asked: nothing is charged, the buyer may try again later.
    const other = await newInvoice(a, '12.00');
    const made = await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey);
    stub.paymentspring.down = true;
    try {
      const refused = await call(a, null, `/item/invoice/${other.publicId}/paymentspring`, { token: made });
      expect(refused.statusCode).toBe(502);
    } finally {
      stub.paymentspring.down = false;
    }
    expect(chargesFor(other)).toHaveLength(0);
    // Up again, and the answer of the try is lost once more: the charge is found, not made twice.
    stub.paymentspring.loseNextAnswers = 1;
    const again = await call(a, null, `/item/invoice/${other.publicId}/paymentspring`, { token: made });
    expect(again.statusCode, again.body).toBe(200);
    expect(chargesFor(other)).toHaveLength(1);
  });

  it('refuses a declined card and a used token in PaymentSpring’s words, recording nothing', async () => {
    const invoice = await newInvoice(a);
    const declined = await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey, '4000000000000002');
    const refused = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: declined });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ message: 'The card was declined.', field: 'payment' });
    const other = await newInvoice(a);
    const made = await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey);
    expect((await call(a, null, `/item/invoice/${other.publicId}/paymentspring`, { token: made })).statusCode).toBe(
      200,
    );
    const reused = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: made });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).message).toBe('Token has already been used.');
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'pending', amountPaid: 0 });
  });

  it('after 10 declined cards on one invoice link, no card is tried there for a while (no card testing)', async () => {
    const invoice = await newInvoice(a, '5.00');
    const pay = async (card: string) =>
      app.inject({
        method: 'POST',
        url: `/item/invoice/${invoice.publicId}/paymentspring`,
        headers: { host: a.host },
        remoteAddress: '10.77.0.1',
        payload: { token: await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey, card) },
      });
    for (let i = 0; i < 10; i += 1) expect((await pay('4000000000000002')).statusCode).toBe(400);
    const before = stub.requests.filter((r) => r.path === '/api/v1/charge').length;
    const blocked = await pay('4242424242424242');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/^Too many cards were declined\. /);
    expect(stub.requests.filter((r) => r.path === '/api/v1/charge').length).toBe(before);
    expect(chargesFor(invoice)).toHaveLength(0);
  });

  it('refuses bad input, another studio’s invoice and token, and a studio without PaymentSpring', async () => {
    const invoice = await newInvoice(a);
    const bad = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('token');
    const missing = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, {});
    expect(errorOf(missing)).toMatchObject({ field: 'token', message: 'token is required' });
    // Another studio's host cannot reach this invoice.
    const made = await cardToken(`${stub.url}/api/v1/tokens`, PS_B.publicKey);
    expect((await call(b, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: made })).statusCode).toBe(
      404,
    );
    expect(
      (await call(b, 'staff', '/item/payment/paymentspring', { invoiceId: invoice.id, token: made })).statusCode,
    ).toBe(404);
    // B's token on A's invoice: PaymentSpring refuses it (it is not A's merchant's).
    const crossed = await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: made });
    expect(crossed.statusCode).toBe(400);
    expect(errorOf(crossed).message).toBe('Token is invalid.');
    const theirs = await newInvoice(unconnected);
    const none = await call(unconnected, null, `/item/invoice/${theirs.publicId}/paymentspring`, { token: made });
    expect(none.statusCode).toBe(503);
  });

  it('takes US dollars only', async () => {
    const euros = await newTenant(app);
    const [row] = await app.platform.db.select().from(tenants).where(eq(tenants.id, euros.tenantId));
    await app.platform.db
      .update(tenants)
      .set({ settings: { ...(row?.settings as object), currency: 'EUR' } })
      .where(eq(tenants.id, euros.tenantId));
    await connect(euros, PS_A);
    const invoice = await newInvoice(euros);
    const started = await call(euros, null, `/item/invoice/${invoice.publicId}/publicpayment`);
    expect(started.statusCode).toBe(409);
    expect(errorOf(started).message).toBe('Card payments here are in US dollars only.');
  });

  it('charges from the desk (staff roles only) and returns to the desk’s invoice', async () => {
    const invoice = await newInvoice(a);
    const made = await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey);
    const student = await call(a, 'student', '/item/payment/paymentspring', { invoiceId: invoice.id, token: made });
    expect(student.statusCode).toBe(403);
    const started = await call(a, 'frontdesk', '/item/payment/paymentintent', { invoiceId: invoice.id });
    expect(json<PaymentRedirect>(started).url).toBe(`http://${a.orgId}.localhost/invoices/${invoice.id}?payment=card`);
    const paid = await call(a, 'frontdesk', '/item/payment/paymentspring', { invoiceId: invoice.id, token: made });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<PaymentRedirect>(paid).url).toBe(`http://${a.orgId}.localhost/invoices/${invoice.id}?payment=success`);
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ status: 'complete' });
  });

  it('refunds half, then the rest, through PaymentSpring; a replayed or doubled request refunds once', async () => {
    const invoice = await newInvoice(a);
    const made = await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey);
    await call(a, null, `/item/invoice/${invoice.publicId}/paymentspring`, { token: made });
    const paymentId = (await invoiceOf(a, invoice.id)).payments[0]?.id ?? '';
    const key = randomUUID();
    const half = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(a, 'staff', `/item/invoice/${invoice.id}/refund`, { paymentId, amount: '20.00', idempotencyKey: key }),
      ),
    );
    expect(half.filter((r) => r.statusCode >= 500)).toEqual([]);
    const [charge] = chargesFor(invoice);
    expect(charge?.refunded).toBe(2000);
    const replay = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '20.00',
      idempotencyKey: key,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(json<InvoiceDetail>(replay)).toMatchObject({ amountRefunded: 20 });
    expect(charge?.refunded).toBe(2000);
    // A refund whose answer is lost lands once: its retry sees PaymentSpring's total and sends nothing.
    const lostKey = randomUUID();
    stub.paymentspring.loseNextAnswers = 1;
    const lost = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '5.00',
      idempotencyKey: lostKey,
    });
    expect(lost.statusCode).toBe(502);
    expect(charge?.refunded).toBe(2500);
    const retried = await call(a, 'staff', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '5.00',
      idempotencyKey: lostKey,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(json<InvoiceDetail>(retried)).toMatchObject({ amountRefunded: 25 });
    expect(charge?.refunded).toBe(2500);
    stub.paymentspring.refuseRefunds = 1;
    const refused = await call(a, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('This transaction cannot be refunded yet.');
    expect(await invoiceOf(a, invoice.id)).toMatchObject({ amountRefunded: 25 });
    const rest = await call(a, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: randomUUID(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<InvoiceDetail>(rest)).toMatchObject({ status: 'refunded', amountRefunded: 40 });
    expect(charge?.refunded).toBe(4000);
  });

  it('gives back, through PaymentSpring and once, a card payment that finds the invoice paid in cash meanwhile', async () => {
    const invoice = await newInvoice(a);
    // The charge went through while the desk took cash: PaymentSpring's answer arrives to a paid invoice.
    const gateway = new PaymentSpringGateway(`${stub.url}/api/v1`, PS_A.publicKey, PS_A.privateKey);
    const notice = await gateway.charge({
      token: await cardToken(`${stub.url}/api/v1/tokens`, PS_A.publicKey),
      amount: 4000,
      description: `Invoice ${invoice.invoiceId}`,
      reference: { tenantId: a.tenantId, invoiceId: invoice.id },
      payKey: `test:${invoice.id}`,
    });
    const cash = await call(a, 'staff', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    expect(cash.statusCode).toBe(200);
    const vault = new CredentialVault(await credentialsKey(app.platform.db, app.platform.config));
    const providers = new CardProviders(app.platform, null, vault);
    expect(await applyNotice(app.platform, providers, gateway, notice)).toBe('refund_due');
    expect(await applyNotice(app.platform, providers, gateway, notice)).toBe('already_applied');
    await app.platform.jobs.drain(EXCESS_REFUND_QUEUE);
    expect(stub.paymentspring.charges.get(notice.chargeRef)?.refunded).toBe(4000);
    // A rerun of the job as after a crash between the refund and its row: PaymentSpring already shows
    // the refund, so nothing more is sent and the row is put right.
    await app.platform.db
      .update(paymentEvents)
      .set({ outcome: 'refund_due' })
      .where(eq(paymentEvents.eventId, notice.eventId));
    const cancels = () => stub.requests.filter((r) => r.path === `/api/v1/charge/${notice.chargeRef}/cancel`).length;
    const before = cancels();
    await refundExcess(app.platform, providers, { tenantId: a.tenantId, provider: 'pspring', eventId: notice.eventId });
    expect(cancels()).toBe(before);
    expect(stub.paymentspring.charges.get(notice.chargeRef)?.refunded).toBe(4000);
    const [row] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, notice.eventId)),
    );
    expect(row).toMatchObject({ provider: 'pspring', outcome: 'refunded', applied: 0, excess: 4000 });
    expect((await invoiceOf(a, invoice.id)).payments).toHaveLength(1);
  });
});
