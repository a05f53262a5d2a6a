import { stripeSignature } from '@atrium/provider-stubs';
import { type StripeStub, startStripeStub } from '@atrium/provider-stubs/stripe';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { platformBillingConfig } from '../../../test/provider-config.ts';
import type { App } from '../../app.ts';
import { outboxEmails, tenants } from '../../db/schema/index.ts';
import type { BillingProvider } from './billing-provider.ts';
import { readPlanState } from './plan.repo.ts';
import { renewPlan, renewPlans } from './plan-renewals.service.ts';
import { createBillingProvider } from './stripe-billing.ts';

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_platform_plan_test';
let stub: StripeStub;
let app: App;
let provider: BillingProvider;

beforeAll(async () => {
  stub = await startStripeStub();
  app = await startTestApp(platformBillingConfig(stub, 'https://platform.example/contact', WEBHOOK_SECRET));
  const made = createBillingProvider(app.platform.config.platformBilling);
  if (!made) throw new Error('no billing provider');
  provider = made;
});
afterEach(() => app.platform.clock.reset());
afterAll(async () => {
  await stub.close();
});

/** A studio on the Organize plan, monthly, paid now with a card. */
async function paidStudio(): Promise<{ studio: TestTenant; admin: string; email: string }> {
  const email = `owner-${Math.random().toString(36).slice(2, 8)}@studio.test`;
  const studio = await newTenant(app, { settings: { email } });
  const admin = (await loginAs(app, studio, 'admin')).access_token;
  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(admin, studio.host), payload });
  const token = json<{ token: string }>(await call('GET', '/rest/tenantPayment/master')).token;
  const bought = await call('PUT', '/rest/subscription', {
    planName: 'organize_monthly_plan',
    payment: { type: 'card', nonce: 'tok_visa', amount: 25, token, storeCard: true },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return { studio, admin, email };
}

const planOf = async (t: TestTenant) => {
  const { subscription, payments } = await readPlanState(app.platform.db, t.tenantId);
  if (!subscription) throw new Error('no plan');
  return { sub: subscription, payments };
};

async function subjectsTo(t: TestTenant, email: string) {
  const rows = await app.platform.db
    .select({ subject: outboxEmails.subject })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.tenantId, t.tenantId), eq(outboxEmails.toAddress, email)));
  return rows.map((r) => r.subject);
}

const renewals = (t: TestTenant) =>
  stub.requests.filter(
    (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.startsWith(`atrium-plan-renew-${t.tenantId}-`),
  );

describe("renewing a studio's plan", () => {
  it('charges the card that paid it when the period ends, once, moves the period on and mails a receipt', async () => {
    const { studio, email } = await paidStudio();
    const first = await planOf(studio);
    expect(first.sub).toMatchObject({ renewalMethodType: 'card', renewalAttempts: 0, retryAt: null });
    expect(first.sub.renewalMethodId).toMatch(/^pm_/);
    expect(await subjectsTo(studio, email)).toEqual(['Receipt: Organize Monthly Plan, $25.00']);

    // not due yet: nothing happens
    expect(await renewPlan(app.platform, provider, studio.tenantId, app.platform.clock.now())).toBe('skipped');
    const due = new Date(Date.parse(first.sub.nextBillingDate ?? '') + 60_000);
    app.platform.clock.set(due);
    // two workers at once: one charge at the provider, one payment in the history
    const outcomes = await Promise.all([
      renewPlan(app.platform, provider, studio.tenantId, due),
      renewPlan(app.platform, provider, studio.tenantId, due),
    ]);
    expect(outcomes.sort()).toEqual(['renewed', 'skipped']);
    const keys = new Set(renewals(studio).map((r) => r.idempotencyKey));
    expect(keys).toEqual(new Set([`atrium-plan-renew-${studio.tenantId}-${first.sub.nextBillingDate}-try-0`]));
    const after = await planOf(studio);
    expect(after.payments.filter((p) => p.userName === 'Automatic renewal')).toMatchObject([
      { transactionStatus: 'SETTLED', price: 25, itemName: 'Organize Monthly Plan', paymentMethod: 'visa 4242' },
    ]);
    expect(after.sub.periodStart).toBe(first.sub.nextBillingDate);
    expect(Date.parse(after.sub.nextBillingDate ?? '')).toBeGreaterThan(
      Date.parse(first.sub.nextBillingDate ?? '') + 27 * DAY,
    );
    expect(renewals(studio)[0]?.form).toMatchObject({ amount: '2500', currency: 'usd', confirm: 'true' });
    const receipts = (await subjectsTo(studio, email)).filter((s) => s.startsWith('Receipt:'));
    expect(receipts).toHaveLength(2);

    // the job finds nothing more to do at that time
    expect(await renewPlans(app.platform, provider)).not.toContain('renewed');
  });

  it('a declined renewal is retried after 1, 3 and 5 days, then the plan ends; each decline is mailed', async () => {
    const { studio, admin, email } = await paidStudio();
    const { sub } = await planOf(studio);
    stub.setCardOutcome(sub.renewalMethodId ?? '', 'insufficient');
    let at = new Date(Date.parse(sub.nextBillingDate ?? '') + 60_000);
    expect(await renewPlan(app.platform, provider, studio.tenantId, at)).toBe('declined');
    let now = await planOf(studio);
    expect(now.sub).toMatchObject({ planName: 'organize_monthly_plan', status: 'active', renewalAttempts: 1 });
    expect(Date.parse(now.sub.retryAt ?? '')).toBe(at.getTime() + DAY);
    expect(now.payments[0]).toMatchObject({
      transactionStatus: 'DECLINED',
      message: 'Your card has insufficient funds.',
      userName: 'Automatic renewal',
    });
    // before the retry is due nothing is charged
    expect(await renewPlan(app.platform, provider, studio.tenantId, new Date(at.getTime() + DAY / 2))).toBe('skipped');

    // while it is failing the admin may pay the same plan again with another card
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(admin, studio.host), payload });
    const refused = await call('PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: {
        type: 'card',
        nonce: 'tok_chargeDeclined',
        amount: 25,
        token: json<{ token: string }>(await call('GET', '/rest/tenantPayment/master')).token,
      },
    });
    expect(refused.statusCode).toBe(402);

    for (const [attempt, wait] of [
      [2, 3],
      [3, 5],
    ] as const) {
      at = new Date(Date.parse(now.sub.retryAt ?? '') + 60_000);
      expect(await renewPlan(app.platform, provider, studio.tenantId, at)).toBe('declined');
      now = await planOf(studio);
      expect(now.sub.renewalAttempts).toBe(attempt);
      expect(Date.parse(now.sub.retryAt ?? '')).toBe(at.getTime() + wait * DAY);
    }
    at = new Date(Date.parse(now.sub.retryAt ?? '') + 60_000);
    expect(await renewPlan(app.platform, provider, studio.tenantId, at)).toBe('ended');
    now = await planOf(studio);
    expect(now.sub).toMatchObject({ planName: null, status: 'free', nextBillingDate: null, renewalAttempts: 0 });
    expect(new Set(renewals(studio).map((r) => r.idempotencyKey)).size).toBe(4);
    const subjects = await subjectsTo(studio, email);
    expect(subjects.filter((s) => s === 'Payment failed: Organize Monthly Plan')).toHaveLength(3);
    expect(subjects).toContain('Your Organize Monthly Plan has ended');
    // the studio's page says Free Plan
    expect(json(await call('GET', '/rest/subscription'))).toMatchObject({ planName: null, planType: 'free' });
  });

  it('a studio without an account email gets the mail at its admins', async () => {
    const studio = await newTenant(app);
    const admin = (await loginAs(app, studio, 'admin')).access_token;
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(admin, studio.host), payload });
    const token = json<{ token: string }>(await call('GET', '/rest/tenantPayment/master')).token;
    await call('PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: { type: 'card', nonce: 'tok_visa', amount: 25, token },
    });
    expect(await subjectsTo(studio, studio.users.admin.email)).toEqual(['Receipt: Organize Monthly Plan, $25.00']);
  });
});

function deliver(type: string, object: Record<string, unknown>, signature?: string, signedAt?: number) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2, 12)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return app.inject({
    method: 'POST',
    url: '/webhooks/stripe/platform',
    headers: {
      host: '127.0.0.1',
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? stripeSignature(WEBHOOK_SECRET, payload, signedAt),
    },
    payload,
  });
}

/** A US checking account (the Stripe stand-in's test routing number) for the plan's bank debits. */
const BANK_ACCOUNT = {
  bankFirstName: 'Ada',
  bankLastName: 'Lovelace',
  bankAccountNumber: '000123456789',
  bankRoutingNumber: '110000000',
  bankAccountType: 'checking',
};

describe("the platform account's webhooks", () => {
  it('refuses an event signed an hour ahead or an hour ago with a 400, and takes a fresh one', async () => {
    // Each signed at its own moment (a loaded machine takes seconds between them); 330 s ahead leaves a loaded
    // run half a minute before it would fall back within the 300 s.
    const signedNowPlus = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    const event = { id: 'pi_nobody_of_ours', object: 'payment_intent' };
    for (const offset of [3600, -3600, 330]) {
      const answer = await deliver('payment_intent.succeeded', event, undefined, signedNowPlus(offset));
      expect(answer.statusCode, `signed at now${offset > 0 ? '+' : ''}${offset} s`).toBe(400);
      expect(json<{ errors: { field: string; message: string } }>(answer).errors).toMatchObject({
        field: 'stripe-signature',
        message: 'The webhook signature is missing, wrong or too old.',
      });
    }
    const fresh = await deliver('payment_intent.succeeded', event, undefined, signedNowPlus(60));
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('a bank debit that fails days later marks the payment failed, bills the period again and mails; once', async () => {
    const email = `bank-${Math.random().toString(36).slice(2, 8)}@studio.test`;
    const studio = await newTenant(app, { settings: { email } });
    const admin = (await loginAs(app, studio, 'admin')).access_token;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(admin, studio.host), payload });
    const bank = await call('POST', '/rest/tenantPayment/master/bank', BANK_ACCOUNT);
    expect(bank.statusCode, bank.body).toBe(200);
    const token = json<{ token: string }>(await call('GET', '/rest/tenantPayment/master')).token;
    const bought = await call('PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: { type: 'bank', methodId: json<{ id: string }>(bank).id, amount: 25, token },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const before = await planOf(studio);
    const paid = before.payments[0];
    expect(paid).toMatchObject({ transactionStatus: 'PROCESSING' });
    expect(await subjectsTo(studio, email)).toEqual(['Receipt: Organize Monthly Plan, $25.00']);

    // a bad signature changes nothing
    const forged = await deliver('payment_intent.payment_failed', { id: paid?.providerRef }, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(json<{ errors: { field: string } }>(forged).errors.field).toBe('stripe-signature');

    const failed = {
      id: paid?.providerRef,
      object: 'payment_intent',
      last_payment_error: { message: 'Account closed.' },
    };
    expect((await deliver('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    const after = await planOf(studio);
    expect(after.payments[0]).toMatchObject({ transactionStatus: 'FAILED', message: 'Account closed.' });
    expect(after.sub).toMatchObject({
      planName: 'organize_monthly_plan',
      nextBillingDate: before.sub.periodStart,
      renewalAttempts: 1,
      renewalMethodId: null,
    });
    expect(await subjectsTo(studio, email)).toContain('Payment failed: Organize Monthly Plan');
    // delivered again: nothing more
    expect((await deliver('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    expect((await planOf(studio)).sub.renewalAttempts).toBe(1);
    expect((await subjectsTo(studio, email)).filter((s) => s.startsWith('Payment failed'))).toHaveLength(1);
    // with no card to renew with, the admin pays the plan again with one (allowed while it fails)
    const again = await call('PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: {
        type: 'card',
        nonce: 'tok_visa',
        amount: 25,
        token: json<{ token: string }>(await call('GET', '/rest/tenantPayment/master')).token,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await planOf(studio)).sub).toMatchObject({ renewalAttempts: 0, renewalMethodType: 'card' });
  });

  it('a settled debit and a dispute move the payment row; events for no payment of ours are answered', async () => {
    const { studio } = await paidStudio();
    const { payments } = await planOf(studio);
    const ref = payments[0]?.providerRef;
    // a card payment already settled: its success event changes nothing
    expect((await deliver('payment_intent.succeeded', { id: ref, object: 'payment_intent' })).statusCode).toBe(200);
    expect((await planOf(studio)).payments[0]?.transactionStatus).toBe('SETTLED');
    const disputed = await deliver('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: ref,
      reason: 'fraudulent',
    });
    expect(disputed.statusCode).toBe(200);
    expect((await planOf(studio)).payments[0]).toMatchObject({ transactionStatus: 'DISPUTED', message: 'fraudulent' });
    const stranger = await deliver('payment_intent.succeeded', { id: 'pi_not_ours', object: 'payment_intent' });
    expect(stranger.statusCode).toBe(200);
    const other = await deliver('customer.created', { id: 'cus_1', object: 'customer' });
    expect(other.statusCode).toBe(200);
  });

  it('a failed debit for a period paid again since only marks it; a change waits while a renewal holds the plan', async () => {
    const email = `upgrade-${Math.random().toString(36).slice(2, 8)}@studio.test`;
    const studio = await newTenant(app, { settings: { email } });
    const admin = (await loginAs(app, studio, 'admin')).access_token;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(admin, studio.host), payload });
    const token = async () => json<{ token: string }>(await call('GET', '/rest/tenantPayment/master')).token;
    const bank = await call('POST', '/rest/tenantPayment/master/bank', BANK_ACCOUNT);
    await call('PUT', '/rest/subscription', {
      planName: 'organize_monthly_plan',
      payment: { type: 'bank', methodId: json<{ id: string }>(bank).id, amount: 25, token: await token() },
    });
    const debit = (await planOf(studio)).payments[0];
    // the studio moves to Growth by card before the debit fails
    const upgraded = await call('PUT', '/rest/subscription', {
      planName: 'expand_monthly_plan',
      payment: { type: 'card', nonce: 'tok_visa', amount: 65, token: await token() },
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const before = await planOf(studio);
    const failed = {
      id: debit?.providerRef,
      object: 'payment_intent',
      last_payment_error: { message: 'Account closed.' },
    };
    expect((await deliver('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    const after = await planOf(studio);
    expect(after.payments.find((p) => p.providerRef === debit?.providerRef)?.transactionStatus).toBe('FAILED');
    expect(after.sub).toMatchObject({
      planName: 'expand_monthly_plan',
      nextBillingDate: before.sub.nextBillingDate,
      renewalAttempts: 0,
    });
    expect(await subjectsTo(studio, email)).toContain('A payment failed: Organize Monthly Plan');

    // while another run holds the plan, a change is told to wait (and charges nothing)
    const due = new Date(Date.parse(after.sub.nextBillingDate ?? '') + 60_000);
    await app.platform.db
      .update(tenants)
      .set({
        settings: sql`jsonb_set(${tenants.settings}, '{subscription,renewalClaimedUntil}', to_jsonb(${new Date(due.getTime() + 3_600_000).toISOString()}::text))`,
      })
      .where(eq(tenants.id, studio.tenantId));
    const busy = await call('PUT', '/rest/subscription', {
      planName: 'free_plan',
      payment: { nonce: 'na', type: 'na', amount: 0 },
    });
    expect(busy.statusCode).toBe(409);
    expect(json<{ errors: { message: string } }>(busy).errors.message).toBe(
      'A payment for your plan is being taken right now. Please try again in a few minutes.',
    );
    // ... and a renewal falling due meanwhile leaves it to the holder
    expect(await renewPlan(app.platform, provider, studio.tenantId, due)).toBe('skipped');
  });
});
