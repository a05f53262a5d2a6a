import type {
  DonationCampaign,
  DonationList,
  MemberSubscription,
  MonthlyDonationResult,
  MonthlyDonationSetup,
  MonthlyGiftByLink,
} from '@atrium/contracts';
import type { ProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { connectStripe, DECLINES, startSavedCardApp, VISA } from '../../../test/saved-card-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { errorOf } from '../catalogue/catalogue-fixtures.ts';
import { runRenewals } from '../memberships/renewals.service.ts';
import { createStripeGateway } from '../payments/payments.routes.ts';

let app: App;
let stub: ProviderStub;
let a: TestTenant;
let b: TestTenant;
let unconnected: TestTenant;

async function adminCall(t: TestTenant, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const token = (await loginAs(app, t, 'admin')).access_token;
  return app.inject({ method, url, headers: bearer(token, t.host), payload });
}

const visitor = (t: TestTenant, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { host: t.host }, payload });

async function campaign(t: TestTenant, body: Record<string, unknown> = {}): Promise<DonationCampaign> {
  const response = await adminCall(t, 'POST', '/snode/donation', {
    name: `Monthly fund ${Math.random().toString(36).slice(2, 7)}`,
    suggestedAmounts: [2000, 5000],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<DonationCampaign>(response);
}

const gift = (email: string, body: Record<string, unknown> = {}) => ({
  firstName: 'Mona',
  lastName: 'Thly',
  email,
  amount: 2000,
  years: 1,
  note: 'Keep it going',
  ...body,
});

/** The whole gift as a browser makes it: the setup page, the card saved on it, the return. */
async function giveMonthly(t: TestTenant, campaignId: string, email: string, card = VISA, extra = {}) {
  const started = await visitor(t, `/public/donations/${campaignId}/monthly`, gift(email, extra));
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId, url } = json<MonthlyDonationSetup>(started);
  expect(url).toContain(`/c/setup/${sessionId}`);
  stub.stripeSavedCards.saveCard(sessionId, card);
  const done = await visitor(t, `/public/donations/${campaignId}/monthly/complete`, { sessionId });
  expect(done.statusCode, done.body).toBe(201);
  return { result: json<MonthlyDonationResult>(done), sessionId };
}

async function run() {
  const gateway = createStripeGateway(app.platform);
  if (!gateway) throw new Error('no gateway');
  // This file's tenants only: other test files share the PostgreSQL database and move their own clocks.
  return runRenewals(app.platform, gateway, { tenants: [a.tenantId, b.tenantId, unconnected.tenantId] });
}

async function subjectsTo(t: TestTenant, email: string) {
  const rows = await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, t.tenantId), eq(outboxEmails.toAddress, email))),
  );
  return rows.map((r) => r.subject);
}

beforeAll(async () => {
  ({ app, stub } = await startSavedCardApp('Gift', 2));
  [a, b, unconnected] = await Promise.all([
    newTenant(app, { settings: { timezone: 'America/New_York' } }),
    newTenant(app),
    newTenant(app),
  ]);
  await connectStripe(app, a, 'Gift', 0);
  await connectStripe(app, b, 'Gift', 1);
});

afterEach(() => app.platform.clock.reset());
afterAll(async () => {
  await stub?.close();
});

describe('monthly gifts', () => {
  it('$20 a month for a year: the first now, 11 more by the month, a receipt for each, then it ends', async () => {
    const fund = await campaign(a);
    const email = `monthly-${Date.now()}@example.test`;
    const { result, sessionId } = await giveMonthly(a, fund.guId, email);
    expect(result).toMatchObject({ gifts: 12, amount: 2000, first: { paid: true } });
    expect(result.first.receiptNumber).toMatch(/^R-\d{5}$/);

    // a reload of the return page answers the same gift, and charges nothing more
    const again = await visitor(a, `/public/donations/${fund.guId}/monthly/complete`, { sessionId });
    expect(json<MonthlyDonationResult>(again).subscriptionId).toBe(result.subscriptionId);
    const charges = () =>
      stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId === result.subscriptionId);
    expect(charges().map((c) => c.amount)).toEqual([2000]);

    let sub = json<MemberSubscription>(await adminCall(a, 'GET', `/item/membership/subs/${result.subscriptionId}`));
    expect(sub).toMatchObject({
      membershipType: 'donation',
      campaignId: fund.guId,
      itemId: null,
      frequency: 'monthly',
      numberOfBillingCycles: 12,
      cyclesBilled: 1,
      status: 'active',
    });
    for (let month = 2; month <= 12; month += 1) {
      app.platform.clock.set(new Date(Date.parse(sub.nextChargeAt ?? '') + 1000));
      await run();
      sub = json<MemberSubscription>(await adminCall(a, 'GET', `/item/membership/subs/${result.subscriptionId}`));
      expect(sub.cyclesBilled).toBe(month);
    }
    expect(charges()).toHaveLength(12);
    expect(new Set(charges().map((c) => c.idempotencyKey)).size).toBe(12);
    app.platform.clock.set(new Date(Date.parse(sub.periodEndsAt ?? '') + 1000));
    await run();
    sub = json<MemberSubscription>(await adminCall(a, 'GET', `/item/membership/subs/${result.subscriptionId}`));
    expect(sub).toMatchObject({ status: 'completed', cyclesBilled: 12, nextChargeAt: null });
    expect(charges()).toHaveLength(12);

    // twelve gifts, each paid with its own receipt; the first keeps the donor's note; the campaign counts them
    const gifts = json<DonationList>(await adminCall(a, 'GET', `/snode/donation/${fund.guId}/donations`)).data;
    expect(gifts).toHaveLength(12);
    expect(gifts.every((g) => g.status === 'paid' && g.frequency === 'monthly' && g.amount === 2000)).toBe(true);
    expect(new Set(gifts.map((g) => g.receiptNumber)).size).toBe(12);
    expect(gifts.filter((g) => g.note === 'Keep it going')).toHaveLength(1);
    expect(gifts.every((g) => g.donorName === 'Mona Thly')).toBe(true);
    const totals = json<DonationCampaign>(await adminCall(a, 'GET', `/snode/donation/${fund.guId}`));
    expect(totals).toMatchObject({ raised: 24_000, donorCount: 1 });
    const receipts = (await subjectsTo(a, email)).filter((s) => s.startsWith('Thank you for your donation'));
    expect(receipts).toHaveLength(12);
    // a gift is not taxed nor charged a card fee
    expect(charges().every((c) => c.amount === 2000)).toBe(true);
  }, 120_000);

  it('until cancelled: no end; a declined card gets the failed email, not a receipt', async () => {
    const fund = await campaign(a);
    const email = `declined-${Date.now()}@example.test`;
    const { result } = await giveMonthly(a, fund.guId, email, DECLINES, { years: -1, isAnonymous: true });
    expect(result).toMatchObject({ gifts: null, first: { paid: false, receiptNumber: null } });
    const sub = json<MemberSubscription>(await adminCall(a, 'GET', `/item/membership/subs/${result.subscriptionId}`));
    expect(sub).toMatchObject({ status: 'past_due', numberOfBillingCycles: null });
    const subjects = await subjectsTo(a, email);
    expect(subjects.some((s) => s.startsWith('Thank you for your donation'))).toBe(false);
    expect(subjects.length).toBeGreaterThan(0);
    const gifts = json<DonationList>(await adminCall(a, 'GET', `/snode/donation/${fund.guId}/donations`)).data;
    expect(gifts).toMatchObject([{ status: 'pending', isAnonymous: true }]);
  });

  it('the donor stops the gift from the link in its receipt; nothing more is charged; the link is this studio’s only', async () => {
    const fund = await campaign(a);
    const email = `stop-${Date.now()}@example.test`;
    const { result } = await giveMonthly(a, fund.guId, email, VISA, { years: -1 });
    const [receipt] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select({ text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, a.tenantId), eq(outboxEmails.toAddress, email))),
    );
    const link = /To see it or stop it: (\S+)/.exec(receipt?.text ?? '')?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^http://${a.orgId}\\.localhost/donate/monthly/[A-Za-z0-9_-]{22}$`));
    const token = link.split('/').at(-1) ?? '';
    const read = (t: TestTenant, tk: string) =>
      app.inject({ method: 'GET', url: `/public/monthly-gifts/${tk}`, headers: { host: t.host } });
    const seen = await read(a, token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(json<MonthlyGiftByLink>(seen)).toMatchObject({
      campaignName: fund.name,
      donorName: 'Mona Thly',
      amount: 2000,
      status: 'active',
      giftsMade: 1,
      gifts: null,
    });
    // another studio's host, a made-up token and a malformed one are all a 404
    expect((await read(b, token)).statusCode).toBe(404);
    expect((await read(a, 'A'.repeat(22))).statusCode).toBe(404);
    expect((await read(a, 'x')).statusCode).toBe(404);
    expect((await visitor(b, `/public/monthly-gifts/${token}/cancel`, {})).statusCode).toBe(404);

    const stopped = await visitor(a, `/public/monthly-gifts/${token}/cancel`, {});
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(json<MonthlyGiftByLink & { message: string }>(stopped)).toMatchObject({
      status: 'cancelled',
      nextGiftAt: null,
      message: 'Your monthly gift is stopped. Nothing more will be charged.',
    });
    const twice = await visitor(a, `/public/monthly-gifts/${token}/cancel`, {});
    expect(json<MonthlyGiftByLink>(twice).status).toBe('cancelled');
    // a month later, nothing is charged
    app.platform.clock.set(new Date(Date.now() + 40 * 24 * 3_600_000));
    await run();
    const charges = stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId === result.subscriptionId);
    expect(charges).toHaveLength(1);
    const sub = json<MemberSubscription>(await adminCall(a, 'GET', `/item/membership/subs/${result.subscriptionId}`));
    expect(sub.status).toBe('cancelled');
  });

  it('refuses bad input with 400 naming the field, and what the studio cannot take', async () => {
    const fund = await campaign(a, { allowCustomAmount: false });
    const email = 'bad@example.test';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ years: 0 }, 'years'],
      [{ years: 6 }, 'years'],
      [{ years: 1.5 }, 'years'],
      [{ amount: 1234 }, 'amount'],
      [{ email: 'nope' }, 'email'],
    ];
    for (const [change, field] of cases) {
      const response = await visitor(a, `/public/donations/${fund.guId}/monthly`, gift(email, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response.body).field, JSON.stringify(change)).toBe(field);
    }
    // a studio without card payments: 409 in the memberships' words
    const elsewhere = await campaign(unconnected);
    const noCards = await visitor(unconnected, `/public/donations/${elsewhere.guId}/monthly`, gift(email));
    expect(noCards.statusCode).toBe(409);
    expect(errorOf(noCards.body).message).toBe('Card payments are not set up for this business yet.');
    // another tenant's campaign is not found; nor is another tenant's card setup
    const foreign = await visitor(b, `/public/donations/${fund.guId}/monthly`, gift(email));
    expect(foreign.statusCode).toBe(404);
    const started = await visitor(a, `/public/donations/${fund.guId}/monthly`, gift(email, { amount: 2000 }));
    const { sessionId } = json<MonthlyDonationSetup>(started);
    stub.stripeSavedCards.saveCard(sessionId, VISA);
    const stolen = await visitor(b, `/public/donations/${(await campaign(b)).guId}/monthly/complete`, { sessionId });
    expect(stolen.statusCode).toBe(404);
    const noSession = await visitor(a, `/public/donations/${fund.guId}/monthly/complete`, { sessionId: '' });
    expect(noSession.statusCode).toBe(400);
    expect(errorOf(noSession.body).field).toBe('sessionId');
    const wrongCampaign = await visitor(a, `/public/donations/${(await campaign(a)).guId}/monthly/complete`, {
      sessionId,
    });
    expect(wrongCampaign.statusCode).toBe(404);
    expect(errorOf(wrongCampaign.body).field).toBe('sessionId');
  });
});
