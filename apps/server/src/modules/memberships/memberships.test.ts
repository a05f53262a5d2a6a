import type { ClassRule, ClassSessionList, CreditSummary, MemberSubscription, Membership } from '@atrium/contracts';
import { dateInZone, lastDateInZone } from '@atrium/contracts';
import type { ProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { roleTokens } from '../../../test/role-calls.ts';
import { connectStripe, DECLINES, startSavedCardApp, VISA } from '../../../test/saved-card-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoices, outboxEmails, subscriptionCycles } from '../../db/schema/index.ts';
import { errorOf, makeCategory } from '../catalogue/catalogue-fixtures.ts';
import { createStripeGateway } from '../payments/payments.routes.ts';
import { addDays } from '../scheduling/recurrence.ts';
import { expireCredits, grantCredits } from './credits.service.ts';
import { runRenewals } from './renewals.service.ts';

const DAY = 86_400_000;

let app: App;
let stub: ProviderStub;
let a: TestTenant;
let b: TestTenant;
let unconnected: TestTenant;
const token = roleTokens(() => app);
type Role = 'admin' | 'staff' | 'frontdesk' | 'student';

async function call(t: TestTenant, role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(await token(t, role), t.host), payload });
}

const categories = new Map<string, string>();
async function serviceCategory(t: TestTenant) {
  if (!categories.has(t.orgId)) {
    const category = await makeCategory(app, t, await token(t, 'admin'), { categoryType: 'SERVICE' });
    categories.set(t.orgId, category.guId);
  }
  return categories.get(t.orgId) as string;
}

async function newMembership(t: TestTenant, body: Record<string, unknown> = {}): Promise<Membership> {
  const response = await call(t, 'admin', 'POST', '/item/membership', {
    name: `Monthly unlimited ${Math.random().toString(36).slice(2, 7)}`,
    categoryId: await serviceCategory(t),
    price: 49,
    membershipType: 'unlimited',
    frequency: 'monthly',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Membership>(response);
}

/** The whole purchase as a browser does it: the setup page, the card saved on it, the return. */
async function buy(t: TestTenant, membership: Membership, card = VISA, role: Role = 'student', contactId?: string) {
  const started = await call(
    t,
    role,
    'POST',
    `/item/payment/setupintent/${membership.guId}`,
    contactId ? { contactId } : {},
  );
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId, url } = json<{ sessionId: string; url: string }>(started);
  expect(url).toContain(`/c/setup/${sessionId}`);
  stub.stripeSavedCards.saveCard(sessionId, card);
  const done = await call(t, role, 'POST', '/item/membership/subs/complete', { sessionId });
  expect(done.statusCode, done.body).toBe(200);
  return { sub: json<MemberSubscription>(done), sessionId };
}

const chargesOf = (subscriptionId: string) =>
  stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId === subscriptionId);

// Twelve renewal runs (each sends its receipt with the invoice PDF), or 50 bookings at once: a few
// seconds alone, but CI runs this suite niced beside the browser run, where one took over 90 s.
const YEAR_OF_WORK_MS = 300_000;

async function run() {
  const gateway = createStripeGateway(app.platform);
  if (!gateway) throw new Error('no gateway');
  // This file's tenants only: other test files share the PostgreSQL database and move their own clocks.
  return runRenewals(app.platform, gateway, { tenants: [a.tenantId, b.tenantId, unconnected.tenantId] });
}

async function subjectsTo(t: TestTenant, email: string) {
  return withTenant(app.platform.db, t.tenantId, async (tx) =>
    (
      await tx
        .select({ subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, t.tenantId), eq(outboxEmails.toAddress, email)))
    ).map((r) => r.subject),
  );
}

beforeAll(async () => {
  ({ app, stub } = await startSavedCardApp('mem', 6));
  [a, b, unconnected] = await Promise.all([
    newTenant(app, { settings: { timezone: 'America/New_York', itemExpiresAfter: 3 } }),
    newTenant(app),
    newTenant(app),
  ]);
  await connectStripe(app, a, 'mem', 0);
  await connectStripe(app, b, 'mem', 1);
});

afterEach(() => app.platform.clock.reset());
afterAll(async () => {
  await stub?.close();
});

describe('membership products', () => {
  it('refuses bad terms with 400 naming the field', async () => {
    const categoryId = await serviceCategory(a);
    const base = { name: 'Bad', categoryId, price: 10, membershipType: 'recurring', frequency: 'monthly' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ frequency: 'fortnightly' }, 'frequency'],
      [{ frequency: null }, 'frequency'],
      [{ trialDays: 366 }, 'trialDays'],
      [{ trialDays: -1 }, 'trialDays'],
      [{ numberOfBillingCycles: 0 }, 'numberOfBillingCycles'],
      [{ numberOfBillingCycles: 1000 }, 'numberOfBillingCycles'],
      [{ startRule: 'dayOfMonth' }, 'billingDay'],
      [{ startRule: 'dayOfMonth', billingDay: 31 }, 'billingDay'],
      [{ startRule: 'afterTrial' }, 'trialDays'],
      [{ membershipType: 'card', frequency: null }, 'credits'],
      [{ membershipType: 'card', credits: 10 }, 'frequency'],
      [{ membershipType: 'weekly' }, 'membershipType'],
      [{ registrationFees: -5 }, 'registrationFees'],
    ];
    for (const [change, field] of cases) {
      const response = await call(a, 'admin', 'POST', '/item/membership', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response.body).field, JSON.stringify(change)).toBe(field);
    }
    const productCategory = await makeCategory(app, a, await token(a, 'admin'));
    const wrong = await call(a, 'admin', 'POST', '/item/membership', { ...base, categoryId: productCategory.guId });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body).field).toBe('categoryId');
  });

  it('admins and staff make and edit them; the front desk and students cannot; members see only what is on sale', async () => {
    const pack = await newMembership(a, {
      name: '10-class pack',
      membershipType: 'card',
      frequency: null,
      credits: 10,
      price: 150,
    });
    // the account's itemExpiresAfter (3 months) is the pack's expiry
    expect(pack).toMatchObject({ membershipType: 'card', credits: 10, expiresAfterMonths: 3, price: 150 });
    for (const role of ['frontdesk', 'student'] as const) {
      const refused = await call(a, role, 'POST', '/item/membership', {
        name: 'x',
        categoryId: pack.categoryId,
        price: 1,
        membershipType: 'unlimited',
        frequency: 'weekly',
      });
      expect(refused.statusCode).toBe(403);
    }
    const hidden = await newMembership(a, { isVisible: false, trialDays: 7, registrationFees: 25 });
    const { guId: _g, categoryName: _c, currency: _cur, expiresAfterMonths: _e, ...fields } = hidden;
    const edited = await call(a, 'staff', 'PUT', `/item/membership/${hidden.guId}`, {
      ...fields,
      price: 55,
      numberOfBillingCycles: 12,
      isArchived: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<Membership>(edited)).toMatchObject({ price: 55, numberOfBillingCycles: 12, registrationFees: 25 });
    const seen = json<{ data: Membership[] }>(await call(a, 'student', 'GET', '/item/membership'));
    expect(seen.data.map((m) => m.guId)).toContain(pack.guId);
    expect(seen.data.map((m) => m.guId)).not.toContain(hidden.guId);
    expect((await call(a, 'student', 'GET', `/item/membership/${hidden.guId}`)).statusCode).toBe(404);
    // another tenant's membership is not there
    expect((await call(b, 'admin', 'GET', `/item/membership/${pack.guId}`)).statusCode).toBe(404);
    const foreign = await call(b, 'admin', 'PUT', `/item/membership/${pack.guId}`, {
      ...fields,
      categoryId: await serviceCategory(b),
    });
    expect(foreign.statusCode).toBe(404);
    // a membership is not a plain item of /rest/item
    expect((await call(a, 'admin', 'GET', `/rest/item/${pack.guId}`)).statusCode).toBe(404);
    // nor sold as a plain line at the desk: it is bought with a saved card
    const desk = await call(a, 'staff', 'POST', '/item/checkout', {
      idempotencyKey: `desk-${pack.guId}`,
      contactId: a.users.student.id,
      items: [{ guId: pack.guId, qty: 1 }],
      paymentMethod: 'cash',
    });
    expect(desk.statusCode, desk.body).toBe(404);
    expect(errorOf(desk.body).field).toBe('items.0.guId');
  });
});

describe('buying and renewals', () => {
  it('monthly unlimited with a 7-day trial and a registration fee: the fee now, the first cycle after the trial, each cycle once', async () => {
    const membership = await newMembership(a, { trialDays: 7, registrationFees: 25, startRule: 'afterTrial' });
    const { sub, sessionId } = await buy(a, membership);
    expect(sub).toMatchObject({ status: 'trialing', cyclesBilled: 0, paymentMethod: 'visa ending 4242' });
    expect(chargesOf(sub.guId).map((c) => c.amount)).toEqual([2500]);
    const trialEnds = new Date(sub.nextChargeAt ?? '');
    expect(trialEnds.getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
    // a reload of the return page makes nothing more
    const again = await call(a, 'student', 'POST', '/item/membership/subs/complete', { sessionId });
    expect(json<MemberSubscription>(again).guId).toBe(sub.guId);
    expect(chargesOf(sub.guId)).toHaveLength(1);

    app.platform.clock.set(new Date(trialEnds.getTime() + 60_000));
    await run();
    const after = json<MemberSubscription>(await call(a, 'student', 'GET', `/item/membership/subs/${sub.guId}`));
    expect(after).toMatchObject({ status: 'active', cyclesBilled: 1 });
    expect(chargesOf(sub.guId).map((c) => c.amount)).toEqual([2500, 4900]);
    // a re-run charges nothing more
    await run();
    expect(chargesOf(sub.guId)).toHaveLength(2);
    const subjects = await subjectsTo(a, a.users.student.email);
    expect(subjects.filter((s) => s.startsWith('Payment received'))).toHaveLength(2);
  });

  it("the intro offer: a contact's first recurring membership starts with introMembershipPeriod free days, the next does not", async () => {
    const t = await newTenant(app, { settings: { timezone: 'America/New_York', introMembershipPeriod: 14 } });
    await connectStripe(app, t, 'mem', 5);
    const monthly = await newMembership(t, { trialDays: 3, registrationFees: 10, startRule: 'afterTrial' });
    const first = await buy(t, monthly);
    expect(first.sub.status).toBe('trialing');
    // the fee is paid now; the first cycle waits the 14 intro days (longer than the product's 3-day trial)
    expect(chargesOf(first.sub.guId).map((c) => c.amount)).toEqual([1000]);
    const firstCharge = new Date(first.sub.nextChargeAt ?? '').getTime() - Date.now();
    expect(firstCharge).toBeGreaterThan(13.9 * DAY);
    expect(firstCharge).toBeLessThan(14.1 * DAY);
    // a second membership for the same contact gets only the product's own trial
    const second = await buy(t, await newMembership(t, { trialDays: 3, startRule: 'afterTrial' }));
    const secondCharge = new Date(second.sub.nextChargeAt ?? '').getTime() - Date.now();
    expect(secondCharge).toBeGreaterThan(2.9 * DAY);
    expect(secondCharge).toBeLessThan(3.1 * DAY);
    // another contact's first, with a product without a trial, still starts free
    const forStaff = await buy(t, await newMembership(t), VISA, 'admin', t.users.staff.id);
    expect(forStaff.sub.status).toBe('trialing');
    expect(chargesOf(forStaff.sub.guId)).toHaveLength(0);
    // a class pack is not an intro offer: paid now
    const pack = await newMembership(t, { membershipType: 'card', credits: 5, price: 80, frequency: null });
    const packSub = await buy(t, pack, VISA, 'admin', t.users.frontdesk.id);
    expect(chargesOf(packSub.sub.guId).map((c) => c.amount)).toEqual([8000]);
    // tenant a has no intro period: a first membership there is charged today
    const plain = await buy(a, await newMembership(a), VISA, 'admin', a.users.frontdesk.id);
    expect(plain.sub.status).toBe('active');
    expect(chargesOf(plain.sub.guId).map((c) => c.amount)).toEqual([4900]);
  });

  it(
    'runs a year of monthly cycles by moving the clock',
    async () => {
      const membership = await newMembership(a, { numberOfBillingCycles: 12, price: 30 });
      const { sub } = await buy(a, membership);
      expect(sub).toMatchObject({ status: 'active', cyclesBilled: 1 });
      let at = new Date(sub.nextChargeAt ?? '');
      for (let month = 2; month <= 12; month += 1) {
        app.platform.clock.set(new Date(at.getTime() + 1000));
        await run();
        const now = json<MemberSubscription>(await call(a, 'admin', 'GET', `/item/membership/subs/${sub.guId}`));
        expect(now.cyclesBilled).toBe(month);
        at = new Date(now.nextChargeAt ?? now.periodEndsAt ?? '');
      }
      const charges = chargesOf(sub.guId);
      expect(charges).toHaveLength(12);
      expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(12);
      app.platform.clock.set(new Date(at.getTime() + 1000));
      await run();
      const ended = json<MemberSubscription>(await call(a, 'admin', 'GET', `/item/membership/subs/${sub.guId}`));
      expect(ended).toMatchObject({ status: 'completed', cyclesBilled: 12, nextChargeAt: null });
      expect(chargesOf(sub.guId)).toHaveLength(12);
      const paid = await withTenant(app.platform.db, a.tenantId, (tx) =>
        tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, sub.guId)),
      );
      expect(paid.filter((c) => c.status === 'paid')).toHaveLength(12);
    },
    YEAR_OF_WORK_MS,
  );

  it('two renewal runs at once charge every due cycle exactly once', async () => {
    const membership = await newMembership(a, { trialDays: 3, price: 20 });
    const bought = [];
    for (let i = 0; i < 6; i += 1) bought.push((await buy(a, membership)).sub);
    app.platform.clock.advance(3 * DAY + 60_000);
    await Promise.all([run(), run()]);
    for (const sub of bought) {
      const charges = chargesOf(sub.guId);
      expect(charges.map((c) => c.amount)).toEqual([2000]);
    }
  });

  it('a declined card: failed email, past due, the reminder at the retry, then a new card pays it', async () => {
    const membership = await newMembership(a, { registrationFees: 10, price: 40 });
    const { sub } = await buy(a, membership, DECLINES);
    expect(sub).toMatchObject({ status: 'past_due', lastFailure: 'Your card was declined.' });
    let subjects = await subjectsTo(a, a.users.student.email);
    expect(subjects.filter((s) => s.startsWith('Payment failed'))).toHaveLength(2);
    // the retry a day later declines again: a reminder
    app.platform.clock.advance(DAY + 60_000);
    await run();
    subjects = await subjectsTo(a, a.users.student.email);
    expect(subjects.filter((s) => s.startsWith('Reminder'))).toHaveLength(2);
    // the member saves a new card: the payments are retried at once and go through
    const started = await call(a, 'student', 'POST', `/item/membership/subs/${sub.guId}/card`);
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = json<{ sessionId: string }>(started);
    stub.stripeSavedCards.saveCard(sessionId, '5555555555554444');
    const done = json<MemberSubscription>(
      await call(a, 'student', 'POST', '/item/membership/subs/complete', { sessionId }),
    );
    expect(done).toMatchObject({ status: 'active', paymentMethod: 'mastercard ending 4444' });
    expect(
      chargesOf(sub.guId)
        .filter((c) => c.status === 'succeeded')
        .map((c) => c.amount)
        .sort(),
    ).toEqual([1000, 4000]);
    const open = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.tenantId, a.tenantId), eq(invoices.contactId, a.users.student.id))),
    );
    expect(open.filter((i) => i.balance > 0 && i.status !== 'void')).toHaveLength(0);
  });

  it('refuses without cards set up, without a contact for staff, and for another tenant', async () => {
    const membership = await newMembership(a);
    const noCards = await newMembership(unconnected, {});
    const refused = await call(unconnected, 'student', 'POST', `/item/payment/setupintent/${noCards.guId}`, {});
    expect(refused.statusCode).toBe(409);
    const staffNoContact = await call(a, 'staff', 'POST', `/item/payment/setupintent/${membership.guId}`, {});
    expect(staffNoContact.statusCode).toBe(400);
    expect(errorOf(staffNoContact.body).field).toBe('contactId');
    const foreignContact = await call(a, 'staff', 'POST', `/item/payment/setupintent/${membership.guId}`, {
      contactId: b.users.student.id,
    });
    expect(foreignContact.statusCode).toBe(404);
    expect((await call(b, 'student', 'POST', `/item/payment/setupintent/${membership.guId}`, {})).statusCode).toBe(404);
    // another tenant's setup session is not completed here
    const { sessionId } = json<{ sessionId: string }>(
      await call(a, 'student', 'POST', `/item/payment/setupintent/${membership.guId}`, {}),
    );
    stub.stripeSavedCards.saveCard(sessionId, VISA);
    expect((await call(b, 'student', 'POST', '/item/membership/subs/complete', { sessionId })).statusCode).toBe(404);
    const empty = await call(a, 'student', 'POST', '/item/membership/subs/complete', { sessionId: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body).message).toContain('sessionId');
    // staff sell to a contact
    const sold = await buy(a, membership, VISA, 'staff', a.users.student.id);
    expect(sold.sub.contactId).toBe(a.users.student.id);
  });
});

describe('pause, resume, cancel and the upcoming charges', () => {
  it('staff pause and resume; a member cancels their own at the period end or now; others get 404', async () => {
    const membership = await newMembership(a, { price: 25 });
    const { sub } = await buy(a, membership);
    expect((await call(a, 'student', 'PUT', `/item/membership/subs/${sub.guId}/pause`)).statusCode).toBe(403);
    expect((await call(a, 'frontdesk', 'PUT', `/item/membership/subs/${sub.guId}/pause`)).statusCode).toBe(403);
    expect((await call(b, 'admin', 'PUT', `/item/membership/subs/${sub.guId}/pause`)).statusCode).toBe(404);
    const paused = json<MemberSubscription>(await call(a, 'staff', 'PUT', `/item/membership/subs/${sub.guId}/pause`));
    expect(paused).toMatchObject({ status: 'paused', nextChargeAt: null });
    // nothing is charged while paused
    app.platform.clock.advance(40 * DAY);
    await run();
    expect(chargesOf(sub.guId)).toHaveLength(1);
    // resumed 40 days later: the paid period and the next charge move on by the 40 days paused
    const resumed = json<MemberSubscription>(await call(a, 'admin', 'PUT', `/item/membership/subs/${sub.guId}/resume`));
    expect(resumed.status).toBe('active');
    const zone = 'America/New_York';
    expect(dateInZone(new Date(resumed.nextChargeAt ?? ''), zone)).toBe(
      addDays(dateInZone(new Date(sub.nextChargeAt ?? ''), zone), 40),
    );
    await run();
    expect(chargesOf(sub.guId)).toHaveLength(1);
    app.platform.clock.set(new Date(new Date(resumed.nextChargeAt ?? '').getTime() + 1000));
    await run();
    expect(chargesOf(sub.guId)).toHaveLength(2);
    const bad = await call(a, 'student', 'PUT', `/item/membership/subs/${sub.guId}/cancel`, { when: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).message).toContain('when');
    expect(
      (await call(b, 'student', 'PUT', `/item/membership/subs/${sub.guId}/cancel`, { when: 'now' })).statusCode,
    ).toBe(404);
    const atEnd = json<MemberSubscription>(
      await call(a, 'student', 'PUT', `/item/membership/subs/${sub.guId}/cancel`, { when: 'periodEnd' }),
    );
    expect(atEnd).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextChargeAt: null });
    app.platform.clock.advance(40 * DAY);
    await run();
    const ended = json<MemberSubscription>(await call(a, 'student', 'GET', `/item/membership/subs/${sub.guId}`));
    expect(ended, JSON.stringify({ ended, now: app.platform.clock.now() })).toMatchObject({ status: 'cancelled' });
    expect(chargesOf(sub.guId)).toHaveLength(2);

    const other = await buy(a, membership, VISA, 'admin', a.users.staff.id);
    // a student cannot see or cancel someone else's
    expect((await call(a, 'student', 'GET', `/item/membership/subs/${other.sub.guId}`)).statusCode).toBe(404);
    expect(
      (await call(a, 'student', 'PUT', `/item/membership/subs/${other.sub.guId}/cancel`, { when: 'now' })).statusCode,
    ).toBe(404);
    const now = json<MemberSubscription>(
      await call(a, 'admin', 'PUT', `/item/membership/subs/${other.sub.guId}/cancel`, { when: 'now' }),
    );
    expect(now).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    expect((await call(a, 'admin', 'PUT', `/item/membership/subs/${other.sub.guId}/resume`)).statusCode).toBe(400);
  });

  it('GET /item/membership/subs/upcoming: staff only, soonest first, with the list query', async () => {
    const t = await newTenant(app, { settings: { timezone: 'Asia/Kolkata' } });
    await connectStripe(app, t, 'mem', 2);
    const soon = await newMembership(t, { name: 'Weekly soon', frequency: 'weekly', price: 10 });
    const later = await newMembership(t, { name: 'Yearly later', frequency: 'yearly', price: 300 });
    await buy(t, later);
    await buy(t, soon);
    const list = await call(t, 'frontdesk', 'GET', '/item/membership/subs/upcoming?offset=0&max=10');
    expect(list.statusCode, list.body).toBe(200);
    expect(json<{ data: MemberSubscription[] }>(list).data.map((s) => s.name)).toEqual(['Weekly soon', 'Yearly later']);
    const searched = json<{ recordsTotal: number; data: MemberSubscription[] }>(
      await call(t, 'staff', 'GET', '/item/membership/subs/upcoming?search=yearly&sort=name&order=desc'),
    );
    expect(searched.recordsTotal).toBe(1);
    expect((await call(t, 'student', 'GET', '/item/membership/subs/upcoming')).statusCode).toBe(403);
    const bad = await call(t, 'staff', 'GET', '/item/membership/subs/upcoming?max=0');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).message).toContain('max');
    // tenant a's list does not show t's
    const mine = json<{ data: MemberSubscription[] }>(
      await call(a, 'staff', 'GET', '/item/membership/subs/upcoming?max=1000'),
    );
    expect(mine.data.some((s) => s.name === 'Weekly soon')).toBe(false);
    const own = json<{ data: MemberSubscription[] }>(await call(t, 'student', 'GET', '/item/membership/mysubs'));
    expect(own.data).toHaveLength(2);
    // the contact list and detail show the last day of the membership that lasts longest, on the
    // studio's calendar
    const yearly = own.data.find((s) => s.name === 'Yearly later');
    if (!yearly?.periodEndsAt) throw new Error('no yearly membership');
    const lastDay = lastDateInZone(new Date(yearly.periodEndsAt), 'Asia/Kolkata');
    const rows = json<{ data: Array<{ guId: string; lastActiveMembershipExpiresOn: string | null }> }>(
      await call(t, 'staff', 'GET', `/snode/contact?search=${encodeURIComponent(t.users.student.email)}`),
    );
    const row = rows.data.find((r) => r.guId === t.users.student.id);
    expect(row?.lastActiveMembershipExpiresOn, JSON.stringify(rows)).toBe(lastDay);
    const detail = json<{ lastActiveMembershipExpiresOn: string | null }>(
      await call(t, 'staff', 'GET', `/snode/contact/${t.users.student.id}`),
    );
    expect(detail.lastActiveMembershipExpiresOn).toBe(lastDay);
    const staffRow = rows.data.find((r) => r.guId === t.users.staff.id);
    expect(staffRow?.lastActiveMembershipExpiresOn ?? null).toBeNull();
  });
});

describe('class credits', () => {
  async function pricedSessions(t: TestTenant, count: number) {
    const zone = 'America/New_York';
    const startDate = addDays(dateInZone(new Date(), zone), 2);
    const rule = await call(t, 'admin', 'POST', '/snode/classrule', {
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      startTime: '09:00',
      durationMinutes: 60,
      startDate,
      endDate: addDays(startDate, count - 1),
      capacity: 10,
      priceMinor: 2000,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const listed = json<ClassSessionList>(
      await call(t, 'admin', 'GET', `/snode/session?from=${startDate}&to=${addDays(startDate, count - 1)}`),
    );
    const id = json<ClassRule>(rule).guId;
    return listed.data.filter((s) => s.classId === id);
  }
  const bookingOf = (s: { classId: string; clsStartTime: string; guId: string }) => ({
    classId: s.classId,
    clsStartTime: s.clsStartTime,
    scheduleId: s.guId,
  });

  it('a 10-class pack pays a booking with a credit; a timely cancel gives it back; the credits expire', async () => {
    const t = await newTenant(app, { settings: { timezone: 'America/New_York', itemExpiresAfter: 2 } });
    await connectStripe(app, t, 'mem', 3);
    const [session] = await pricedSessions(t, 1);
    if (!session) throw new Error('no session');
    // without credits or a membership the drop-in goes to the checkout: the spot is held, unpaid
    const held = await call(t, 'student', 'POST', '/snode/mybooking', bookingOf(session));
    expect(held.statusCode, held.body).toBe(201);
    const heldBooking = json<{ myStatus: string; myBookingId: string }>(held);
    expect(heldBooking.myStatus).toBe('pending');
    expect(
      (await call(t, 'student', 'DELETE' as 'GET', `/snode/mybooking/${heldBooking.myBookingId}`)).statusCode,
    ).toBe(204);
    const pack = await newMembership(t, {
      name: '10 classes',
      membershipType: 'card',
      frequency: null,
      credits: 10,
      price: 120,
    });
    const { sub } = await buy(t, pack);
    expect(sub).toMatchObject({ status: 'active', membershipType: 'card', nextChargeAt: null });
    expect(chargesOf(sub.guId).map((c) => c.amount)).toEqual([12000]);
    const credits = async () => json<CreditSummary>(await call(t, 'student', 'GET', '/item/membership/mycredits'));
    expect((await credits()).balance).toBe(10);
    const booked = await call(t, 'student', 'POST', '/snode/mybooking', bookingOf(session));
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await credits()).balance).toBe(9);
    const bookingId = json<{ myBookingId: string }>(booked).myBookingId;
    expect((await call(t, 'student', 'DELETE' as 'GET', `/snode/mybooking/${bookingId}`)).statusCode).toBe(204);
    const after = await credits();
    expect(after.balance).toBe(10);
    expect(after.entries.map((e) => e.reason)).toEqual(['returned', 'booked', 'granted']);
    // staff see them on the contact; another tenant's staff do not
    const seen = json<CreditSummary>(
      await call(t, 'frontdesk', 'GET', `/item/membership/credits/${t.users.student.id}`),
    );
    expect(seen.balance).toBe(10);
    expect((await call(a, 'staff', 'GET', `/item/membership/credits/${t.users.student.id}`)).statusCode).toBe(404);
    expect((await call(t, 'student', 'GET', `/item/membership/credits/${t.users.student.id}`)).statusCode).toBe(403);
    // two months on (itemExpiresAfter), the expiry job takes what is left
    app.platform.clock.advance(62 * DAY);
    expect(await expireCredits(app.platform.db, app.platform.clock.now())).toBeGreaterThanOrEqual(1);
    const expired = await credits();
    expect(expired.balance).toBe(0);
    expect(expired.entries[0]).toMatchObject({ reason: 'expired', delta: -10 });
  });

  it(
    '50 concurrent bookings with the last 5 credits: exactly 5 succeed',
    async () => {
      // a studio that takes cards: the 45 without a credit are held for their card payment
      const t = await newTenant(app, { settings: { timezone: 'America/New_York', paymentProvider: 'STRIPE' } });
      const sessions = await pricedSessions(t, 50);
      expect(sessions).toHaveLength(50);
      await withTenant(app.platform.db, t.tenantId, (tx) =>
        grantCredits(tx, t.tenantId, {
          contactId: t.users.student.id,
          name: '5 classes',
          credits: 5,
          expiresAt: null,
          subscriptionId: null,
          now: new Date(),
        }),
      );
      const studentToken = await token(t, 'student');
      const answers = await Promise.all(
        sessions.map((s) =>
          app.inject({
            method: 'POST',
            url: '/snode/mybooking',
            headers: bearer(studentToken, t.host),
            payload: bookingOf(s),
          }),
        ),
      );
      // every booking is taken: five paid with the five credits, the others held for the checkout
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
      const statuses = answers.map((r) => json<{ myStatus: string }>(r).myStatus);
      expect(statuses.filter((status) => status === 'booked')).toHaveLength(5);
      expect(statuses.filter((status) => status === 'pending')).toHaveLength(45);
      const left = json<CreditSummary>(await call(t, 'student', 'GET', '/item/membership/mycredits'));
      expect(left.balance).toBe(0);
      expect(left.entries.filter((e) => e.reason === 'booked')).toHaveLength(5);
    },
    YEAR_OF_WORK_MS,
  );

  it('an unlimited membership books priced classes without credits', async () => {
    const t = await newTenant(app, { settings: { timezone: 'America/New_York' } });
    await connectStripe(app, t, 'mem', 4);
    const [session] = await pricedSessions(t, 1);
    if (!session) throw new Error('no session');
    await buy(t, await newMembership(t, { trialDays: 7 }));
    const booked = await call(t, 'student', 'POST', '/snode/mybooking', bookingOf(session));
    expect(booked.statusCode, booked.body).toBe(201);
  });
});
