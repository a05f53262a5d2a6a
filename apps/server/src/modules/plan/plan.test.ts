import { type StripeStub, startStripeStub } from '@atrium/provider-stubs/stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { platformBillingConfig } from '../../../test/provider-config.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { tenants } from '../../db/schema/index.ts';

let stub: StripeStub;
let app: App;
let bare: App;
let studio: TestTenant;
let india: TestTenant;
let other: TestTenant;
let admin: string;
let indiaAdmin: string;
let otherAdmin: string;

beforeAll(async () => {
  stub = await startStripeStub();
  app = await startTestApp(platformBillingConfig(stub, 'https://atrium.example/contact'));
  bare = await startTestApp();
  studio = await newTenant(app, { settings: { email: 'owner@studio.test' } });
  india = await newTenant(app, { settings: { country: 'India', timezone: 'Asia/Kolkata' } });
  other = await newTenant(app);
  admin = (await loginAs(app, studio, 'admin')).access_token;
  indiaAdmin = (await loginAs(app, india, 'admin')).access_token;
  otherAdmin = (await loginAs(app, other, 'admin')).access_token;
});
afterAll(async () => {
  await stub.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (target: App, token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  target.inject({ method, url, headers: bearer(token, tenant.host), payload });

const FREE = { planName: 'free_plan', payment: { nonce: 'na', type: 'na', amount: 0 } };

/**
 * A new card as an admin adds one: our call opens the provider's hosted page, the card is typed
 * there (a form post to the stand-in, as the browser does), and the page sends the browser back to
 * our return address with its session. Answers that session id and the checkout token it carries.
 */
async function cardOnHostedPage(
  token: string,
  tenant: TestTenant,
  planName: string,
  card: { number?: string; storeCard?: boolean } = {},
): Promise<{ sessionId: string; checkout: string; location: URL }> {
  const checkout = await checkoutToken(token, tenant);
  const started = await call(app, token, tenant, 'POST', '/rest/tenantPayment/master/cardsetup', {
    planName,
    token: checkout,
    storeCard: card.storeCard ?? true,
  });
  expect(started.statusCode, started.body).toBe(200);
  const pageUrl = json<{ url: string }>(started).url;
  expect(pageUrl.startsWith(stub.url)).toBe(true);
  expect(await (await fetch(pageUrl)).text()).toContain('Card number');
  const typed = await fetch(pageUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardName: 'Ada Lovelace',
      cardNumber: card.number ?? '4242 4242 4242 4242',
      cardExpiry: '12 / 34',
      cardCvc: '123',
    }).toString(),
  });
  expect(typed.status).toBe(303);
  const location = new URL(typed.headers.get('location') ?? '');
  return { sessionId: location.searchParams.get('session_id') ?? '', checkout, location };
}

/** A card as Stripe.js would hand one over (a token turned into a payment method at Stripe). */
async function tokenMethod(): Promise<{ methodId: string }> {
  const response = await fetch(`${stub.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stub.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'type=card&card[token]=tok_visa',
  });
  return { methodId: ((await response.json()) as { id: string }).id };
}

async function checkoutToken(token: string, tenant: TestTenant): Promise<string> {
  return json<{ token: string }>(await call(app, token, tenant, 'GET', '/rest/tenantPayment/master')).token;
}

describe('who may see and change the plan', () => {
  it('is for admins only; staff, front desk and students get 403 before any validation', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(app, studio, role)).access_token;
      for (const [method, url, body] of [
        ['GET', '/rest/subscription', undefined],
        ['PUT', '/rest/subscription', { planName: 'x' }],
        ['GET', '/rest/tenantPayment/master', undefined],
        ['POST', '/rest/tenantPayment/master/cardsetup', {}],
        ['POST', '/rest/tenantPayment/master/cardsetup/complete', {}],
        ['POST', '/rest/tenantPayment/master/bank', {}],
        ['GET', '/rest/subscription/history?year=2026&start=0&length=50', undefined],
      ] as const) {
        expect((await call(app, token, studio, method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect(
      (await app.inject({ method: 'GET', url: '/rest/subscription', headers: { host: studio.host } })).statusCode,
    ).toBe(401);
  });

  it("a token of another tenant authenticates nothing on this tenant's host", async () => {
    expect((await call(app, otherAdmin, studio, 'GET', '/rest/subscription')).statusCode).toBe(401);
  });
});

describe('GET /rest/subscription and the checkout tokens', () => {
  it('starts on the free plan in USD; India pays in INR', async () => {
    const response = await call(app, admin, studio, 'GET', '/rest/subscription');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      planName: null,
      planType: 'free',
      period: null,
      amount: 0,
      currency: 'USD',
      csymbol: '$',
      dateCreatedStr: null,
      periodStartStr: null,
      nextBillingDateStr: null,
      savedCards: [],
      paymentConfigured: true,
      contactUrl: 'https://atrium.example/contact',
      // the four users newTenant makes; nobody has a membership
      usage: { contacts: { used: 4, max: 2000 }, members: { used: 0, max: 100 } },
    });
    const inr = json(await call(app, indiaAdmin, india, 'GET', '/rest/subscription'));
    expect(inr).toMatchObject({ currency: 'INR', csymbol: '₹' });
  });

  it('answers the publishable key and a fresh token each time', async () => {
    const first = json(await call(app, admin, studio, 'GET', '/rest/tenantPayment/master'));
    const second = json(await call(app, admin, studio, 'GET', '/rest/tenantPayment/master'));
    expect(first.stripePublishableKey).toBe('pk_test_stub');
    expect(first.token).toMatch(/^[\w-]{20,}$/);
    expect(second.token).not.toBe(first.token);
  });
});

describe('without platform Stripe keys', () => {
  it('reads fine, the free plan works, a paid plan is a 503 "Online payment is not configured"', async () => {
    const tenant = await newTenant(bare);
    const token = (await loginAs(bare, tenant, 'admin')).access_token;
    expect(json(await call(bare, token, tenant, 'GET', '/rest/subscription'))).toMatchObject({
      paymentConfigured: false,
    });
    expect(json(await call(bare, token, tenant, 'GET', '/rest/tenantPayment/master'))).toMatchObject({
      stripePublishableKey: null,
    });
    expect((await call(bare, token, tenant, 'PUT', '/rest/subscription', FREE)).statusCode).toBe(200);
    const paid = await call(bare, token, tenant, 'PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: { type: 'card', methodId: 'pm_x', amount: 25 },
    });
    expect(paid.statusCode).toBe(503);
    expect(json(paid)).toMatchObject({
      errors: { message: 'Online payment is not configured', code: 'payment_not_configured', field: 'payment' },
    });
    const setup = await call(bare, token, tenant, 'POST', '/rest/tenantPayment/master/cardsetup', {
      planName: 'organize_monthly_plan',
      token: 'checkout-token',
    });
    expect(setup.statusCode).toBe(503);
  });

  it('needs both keys or neither', () => {
    expect(() => loadConfig({ PLATFORM_STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/together/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'nope' })).toThrow(/STRIPE_API_BASE/);
    expect(loadConfig({}).platformBilling).toMatchObject({ stripeSecretKey: null, stripeApiBase: null });
  });
});

describe('validation names the field', () => {
  it('checks what opens the hosted card page: a paid plan, a checkout token, nothing else', async () => {
    const cases: [object, string, string][] = [
      [{ token: 't' }, 'planName', 'planName is required'],
      [{ planName: 'gold_plan', token: 't' }, 'planName', 'Unknown plan'],
      [{ planName: 'organize_monthly_plan' }, 'token', 'token is required'],
      [{ planName: 'organize_monthly_plan', token: 't', cardNumber: '4242424242424242' }, 'body', 'cardNumber'],
      [{ planName: 'free_plan', token: 't' }, 'planName', 'The free plan needs no card'],
      [{ planName: 'leap_monthly_plan', token: 't' }, 'planName', 'Please contact us to subscribe to the Leap plan'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(app, admin, studio, 'POST', '/rest/tenantPayment/master/cardsetup', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = json<{ errors: { field: string; message: string } }>(response).errors;
      expect(error.field).toBe(field);
      expect(error.message).toContain(message);
    }
    // no route of ours takes a card number any more
    const old = await call(app, admin, studio, 'POST', '/rest/tenantPayment/master/card', {
      cardNumber: '4242424242424242',
    });
    expect(old.statusCode).toBe(404);
  });

  it("checks the bank form with the spec's messages", async () => {
    const bank = {
      bankFirstName: 'Ada',
      bankLastName: 'Lovelace',
      bankAccountNumber: '000123456789',
      bankRoutingNumber: '110000000',
    };
    const cases: [object, string, string][] = [
      [{ ...bank, bankFirstName: '' }, 'bankFirstName', 'First Name is required!'],
      [{ ...bank, bankLastName: ' ' }, 'bankLastName', 'Last Name is required!'],
      [{ ...bank, bankAccountNumber: '' }, 'bankAccountNumber', 'Bank Account Number is required!'],
      [{ ...bank, bankRoutingNumber: '' }, 'bankRoutingNumber', 'Bank Routing Number is required!'],
      [{ ...bank, bankRoutingNumber: '123456789' }, 'bankRoutingNumber', 'Bank Routing Number is invalid'],
      [{ ...bank, bankAccountType: 'gold' }, 'bankAccountType', 'Bank Account Type is required!'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(app, admin, studio, 'POST', '/rest/tenantPayment/master/bank', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ errors: { field: string; message: string } }>(response).errors).toMatchObject({ field, message });
    }
    const ok = await call(app, admin, studio, 'POST', '/rest/tenantPayment/master/bank', bank);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ type: 'bank', last4: '6789' });
    const sent = stub.requests.at(-1);
    expect(sent?.form).toMatchObject({ type: 'us_bank_account', 'us_bank_account[account_type]': 'checking' });
  });

  it('checks the plan change', async () => {
    const cases: [object, string, string][] = [
      [{ planName: 'gold_plan', payment: FREE.payment }, 'planName', 'Unknown plan'],
      [{ planName: 'free_plan', payment: { nonce: 'na', type: 'na', amount: 5 } }, 'payment', "nonce 'na'"],
      [
        { planName: 'organize_monthly_plan', payment: { type: 'na', nonce: 'na', amount: 0 } },
        'payment.type',
        'card or a bank',
      ],
      [
        { planName: 'organize_monthly_plan', payment: { type: 'card', amount: 25 } },
        'payment.methodId',
        'payment method is required',
      ],
      [
        { planName: 'organize_monthly_plan', payment: { type: 'card', methodId: 'pm_1', amount: 20 } },
        'payment.amount',
        '$25',
      ],
      [{ planName: 'leap_monthly_plan', payment: { type: 'card', methodId: 'pm_1' } }, 'planName', 'contact us'],
      [
        { planName: 'organize_monthly_plan', payment: { type: 'cash', methodId: 'pm_1' } },
        'payment.type',
        'na, card or bank',
      ],
      [{ payment: FREE.payment }, 'planName', 'planName is required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(app, admin, studio, 'PUT', '/rest/subscription', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = json<{ errors: { field: string; message: string } }>(response).errors;
      expect(error.field).toBe(field);
      expect(error.message).toContain(message);
    }
  });
});

describe('paying for a plan through Stripe', () => {
  it('a new card typed on the hosted page pays the plan once, with an idempotency key; we keep display data only', async () => {
    const before = stub.requests.length;
    const { sessionId, checkout, location } = await cardOnHostedPage(admin, studio, 'organize_monthly_plan');
    expect(`${location.origin}${location.pathname}`).toBe(`http://${studio.orgId}.localhost/settings/plan/card`);
    const complete = () =>
      call(app, admin, studio, 'POST', '/rest/tenantPayment/master/cardsetup/complete', { sessionId });
    const response = await complete();
    expect(response.statusCode, response.body).toBe(200);
    const plan = json<{ savedCards: { methodId: string }[] } & Record<string, unknown>>(response);
    const today = new Date().toISOString().slice(0, 10);
    expect(plan).toMatchObject({
      planName: 'organize_monthly_plan',
      planType: 'organize',
      period: 'monthly',
      amount: 25,
      currency: 'USD',
      dateCreatedStr: today,
      periodStartStr: today,
      savedCards: [{ prefCard: 'Visa ending in 4242', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }],
    });
    expect(plan.nextBillingDateStr).not.toBe(today);

    // What the platform asked Stripe: a customer, a setup session, the session back, the card, a charge.
    const calls = stub.requests.slice(before).filter((c) => c.path.startsWith('/v1/'));
    expect(calls.map((c) => `${c.method} ${c.path.replace(/(pm|cs_test)_\w+/, '$1')}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
      'GET /v1/checkout/sessions/cs_test',
      'GET /v1/payment_methods/pm',
      'POST /v1/payment_methods/pm/attach',
      'POST /v1/payment_intents',
    ]);
    for (const c of calls) {
      expect(c.authorization).toBe(`Bearer ${stub.secretKey}`);
      // the card number and CVV went to the provider's page only, never through the platform
      expect(JSON.stringify(c.form)).not.toMatch(/4242424242424242|card\[number\]|card\[cvc\]/);
    }
    expect(calls[0]?.idempotencyKey).toBe(`atrium-customer-${studio.tenantId}`);
    expect(calls[1]?.form).toMatchObject({
      mode: 'setup',
      'metadata[planName]': 'organize_monthly_plan',
      'metadata[tenantId]': studio.tenantId,
    });
    const intent = calls[5];
    expect(intent?.idempotencyKey).toBe(`atrium-plan-${studio.tenantId}-organize_monthly_plan-${checkout}`);
    expect(intent?.form).toMatchObject({ amount: '2500', currency: 'usd', confirm: 'true' });

    const [row] = await app.platform.db
      .select({ settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.id, studio.tenantId));
    const kept = JSON.stringify(row?.settings);
    expect(kept).not.toContain('4242424242424242');
    expect(kept).toContain('cus_');

    // Coming back again (a reload of the return page) charges nothing and answers the plan.
    const charges = stub.requests.filter((c) => c.path === '/v1/payment_intents').length;
    const again = await complete();
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toMatchObject({ planName: 'organize_monthly_plan' });
    expect(stub.requests.filter((c) => c.path === '/v1/payment_intents').length).toBe(charges);
  });

  it('a session another tenant opened, or one left unfinished, pays nothing here', async () => {
    const theirs = await cardOnHostedPage(otherAdmin, other, 'expand_monthly_plan');
    const stolen = await call(app, admin, studio, 'POST', '/rest/tenantPayment/master/cardsetup/complete', {
      sessionId: theirs.sessionId,
    });
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen)).toMatchObject({ errors: { field: 'sessionId' } });

    const fresh = await newTenant(app);
    const freshAdmin = (await loginAs(app, fresh, 'admin')).access_token;
    const started = await call(app, freshAdmin, fresh, 'POST', '/rest/tenantPayment/master/cardsetup', {
      planName: 'organize_monthly_plan',
      token: await checkoutToken(freshAdmin, fresh),
    });
    const pageUrl = new URL(json<{ url: string }>(started).url);
    const open = pageUrl.pathname.split('/').at(-1) ?? '';
    const unfinished = await call(app, freshAdmin, fresh, 'POST', '/rest/tenantPayment/master/cardsetup/complete', {
      sessionId: open,
    });
    expect(unfinished.statusCode).toBe(400);
    expect(json(unfinished)).toMatchObject({
      errors: { field: 'sessionId', message: 'The card was not saved. Please try again.' },
    });
    const unknown = await call(app, freshAdmin, fresh, 'POST', '/rest/tenantPayment/master/cardsetup/complete', {
      sessionId: 'cs_test_nothing',
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(await call(app, freshAdmin, fresh, 'GET', '/rest/subscription'))).toMatchObject({ planName: null });
  });

  it('needs a checkout token, and refuses one already paid (a replay would start a period for free)', async () => {
    const fresh = await newTenant(app);
    const freshAdmin = (await loginAs(app, fresh, 'admin')).access_token;
    const { methodId } = await tokenMethod();
    const noToken = await call(app, freshAdmin, fresh, 'PUT', '/rest/subscription', {
      planName: 'expand_monthly_plan',
      payment: { type: 'card', methodId, amount: 65 },
    });
    expect(noToken.statusCode).toBe(400);
    expect(json(noToken)).toMatchObject({ errors: { field: 'payment.token' } });

    const token = await checkoutToken(freshAdmin, fresh);
    const paid = await call(app, freshAdmin, fresh, 'PUT', '/rest/subscription', {
      planName: 'expand_monthly_plan',
      payment: { type: 'card', methodId, amount: 65, token },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call(app, freshAdmin, fresh, 'PUT', '/rest/subscription', FREE)).statusCode).toBe(200);
    const before = stub.requests.length;
    const replay = await call(app, freshAdmin, fresh, 'PUT', '/rest/subscription', {
      planName: 'expand_monthly_plan',
      payment: { type: 'card', methodId, amount: 65, token },
    });
    expect(replay.statusCode).toBe(409);
    expect(stub.requests.length).toBe(before);
    expect(json(await call(app, freshAdmin, fresh, 'GET', '/rest/subscription'))).toMatchObject({ planName: null });
  });

  it('refuses buying the plan it already has', async () => {
    const response = await call(app, admin, studio, 'PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: { type: 'card', methodId: 'pm_whatever' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ errors: { field: 'planName', message: 'This is already your plan' } });
  });

  it('pays with a saved card without attaching it again, reusing the customer', async () => {
    const saved = json<{ savedCards: { methodId: string }[] }>(
      await call(app, admin, studio, 'GET', '/rest/subscription'),
    );
    const before = stub.requests.length;
    const response = await call(app, admin, studio, 'PUT', '/rest/subscription', {
      planName: 'expand_yearly_plan',
      payment: {
        type: 'card',
        methodId: saved.savedCards[0]?.methodId,
        amount: 660,
        token: await checkoutToken(admin, studio),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ planName: 'expand_yearly_plan', amount: 660, period: 'yearly' });
    expect(stub.requests.slice(before).map((c) => c.path)).toEqual(['/v1/payment_intents']);
    expect(stub.requests.at(-1)?.form).toMatchObject({ amount: '66000' });
  });

  it("a decline answers 402 with Stripe's message on `payment`, keeps the plan and records a failed row", async () => {
    const response = await call(app, admin, studio, 'PUT', '/rest/subscription', {
      planName: 'organize_yearly_plan',
      payment: { type: 'card', nonce: 'tok_chargeDeclined', amount: 300, token: await checkoutToken(admin, studio) },
    });
    expect(response.statusCode).toBe(402);
    expect(json(response)).toMatchObject({
      errors: { message: 'Your card was declined.', code: 'card_declined', field: 'payment' },
    });
    expect(json(await call(app, admin, studio, 'GET', '/rest/subscription'))).toMatchObject({
      planName: 'expand_yearly_plan',
    });
  });

  it('charges India in rupees (paise at Stripe), from a Stripe token as the nonce', async () => {
    const response = await call(app, indiaAdmin, india, 'PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: { type: 'card', nonce: 'tok_visa', amount: 2945, token: await checkoutToken(indiaAdmin, india) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ currency: 'INR', amount: 2945, savedCards: [] });
    expect(stub.requests.at(-1)?.form).toMatchObject({ amount: '294500', currency: 'inr' });
  });

  it('the free plan ends the paid one at once and keeps the saved cards', async () => {
    const response = await call(app, admin, studio, 'PUT', '/rest/subscription', FREE);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ planName: null, planType: 'free', amount: 0, nextBillingDateStr: null });
    expect(json<{ savedCards: unknown[] }>(response).savedCards).toHaveLength(1);
  });
});

describe('GET /rest/subscription/history', () => {
  const year = new Date().getUTCFullYear();
  it("answers this tenant's payments of the year, newest first, searched and paged", async () => {
    const all = json<{ data: Record<string, unknown>[]; recordsTotal: number }>(
      await call(app, admin, studio, 'GET', `/rest/subscription/history?year=${year}&start=0&length=50&search[value]=`),
    );
    expect(all.recordsTotal).toBe(3);
    expect(all.data.map((row) => [row.itemName, row.transactionStatus])).toEqual([
      ['Organize Yearly Plan', 'DECLINED'],
      ['Expand Yearly Plan', 'SETTLED'],
      ['Organize Monthly Plan', 'SETTLED'],
    ]);
    expect(all.data[1]).toMatchObject({
      user: { guId: studio.users.admin.id, name: 'admin', lastName: studio.orgId },
      price: 660,
      currency: 'USD',
      subscription: true,
      message: null,
    });
    expect(typeof all.data[0]?.dateCreated).toBe('number');

    const page = json<{ data: unknown[]; recordsTotal: number }>(
      await call(app, admin, studio, 'GET', `/rest/subscription/history?year=${year}&start=1&length=1`),
    );
    expect(page).toMatchObject({ recordsTotal: 3, data: [{ itemName: 'Expand Yearly Plan' }] });
    const search = json(
      await call(app, admin, studio, 'GET', `/rest/subscription/history?year=${year}&search%5Bvalue%5D=declined`),
    );
    expect(search).toMatchObject({ recordsTotal: 1 });
    expect(json(await call(app, admin, studio, 'GET', '/rest/subscription/history?year=2001'))).toEqual({
      data: [],
      recordsTotal: 0,
    });
    const bad = await call(app, admin, studio, 'GET', '/rest/subscription/history?length=500');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ errors: { field: 'querystring.length' } });
  });

  it("never shows one tenant another's plan or payments", async () => {
    expect(json(await call(app, otherAdmin, other, 'GET', '/rest/subscription'))).toMatchObject({
      planName: null,
      savedCards: [],
    });
    expect(json(await call(app, otherAdmin, other, 'GET', `/rest/subscription/history?year=${year}`))).toEqual({
      data: [],
      recordsTotal: 0,
    });
    const indiaRows = json<{ data: { itemName: string }[] }>(
      await call(app, indiaAdmin, india, 'GET', `/rest/subscription/history?year=${year}`),
    );
    expect(indiaRows.data.map((row) => row.itemName)).toEqual(['Organize Monthly Plan']);
  });
});
