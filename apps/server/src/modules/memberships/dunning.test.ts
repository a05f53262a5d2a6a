import type { MemberSubscription, MemberSubscriptionList, Membership, ModuleSettings } from '@atrium/contracts';
import type { ProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { roleTokens } from '../../../test/role-calls.ts';
import { connectStripe, DECLINES, startSavedCardApp, VISA } from '../../../test/saved-card-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails, subscriptionCycles } from '../../db/schema/index.ts';
import { errorOf, makeCategory } from '../catalogue/catalogue-fixtures.ts';
import type { SavedCardGateway } from '../payments/payment-gateway.ts';
import { createStripeGateway } from '../payments/payments.routes.ts';
import { runRenewals } from './renewals.service.ts';

// A pause or cancel is never charged over, and dunning ends (decisions.md "Dunning ends").

const DAY = 86_400_000;

let app: App;
let stub: ProviderStub;
let a: TestTenant;
let b: TestTenant;
const token = roleTokens(() => app);
type Role = 'admin' | 'staff' | 'student';

async function call(t: TestTenant, role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(await token(t, role), t.host), payload });
}

async function newMembership(t: TestTenant, price: number): Promise<Membership> {
  const category = await makeCategory(app, t, await token(t, 'admin'), { categoryType: 'SERVICE' });
  const response = await call(t, 'admin', 'POST', '/item/membership', {
    name: `Monthly ${Math.random().toString(36).slice(2, 7)}`,
    categoryId: category.guId,
    price,
    membershipType: 'recurring',
    frequency: 'monthly',
    credits: 4,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Membership>(response);
}

/** A card saved on the provider's page, and the return to the studio (a purchase, or a new card). */
async function saveCard(t: TestTenant, started: { sessionId: string }, card: string) {
  stub.stripeSavedCards.saveCard(started.sessionId, card);
  const done = await call(t, 'student', 'POST', '/item/membership/subs/complete', { sessionId: started.sessionId });
  expect(done.statusCode, done.body).toBe(200);
  return json<MemberSubscription>(done);
}
async function buy(t: TestTenant, membership: Membership, card: string) {
  const started = await call(t, 'student', 'POST', `/item/payment/setupintent/${membership.guId}`, {});
  expect(started.statusCode, started.body).toBe(200);
  return saveCard(t, json<{ sessionId: string }>(started), card);
}
async function newCard(t: TestTenant, sub: MemberSubscription, card: string) {
  const started = await call(t, 'student', 'POST', `/item/membership/subs/${sub.guId}/card`);
  expect(started.statusCode, started.body).toBe(200);
  const session = json<{ sessionId: string }>(started);
  return { session, done: await saveCard(t, session, card) };
}

const attemptsOf = (sub: MemberSubscription) =>
  stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId === sub.guId);
const paidOf = (sub: MemberSubscription) => attemptsOf(sub).filter((c) => c.status === 'succeeded');

function realGateway(): SavedCardGateway {
  const gateway = createStripeGateway(app.platform);
  if (!gateway) throw new Error('no gateway');
  return gateway;
}
/** The renewal job; `whileCharging` runs after a charge has been claimed and before the provider answers. */
function run(whileCharging?: () => Promise<void>) {
  const real = realGateway();
  const gateway: SavedCardGateway = whileCharging
    ? Object.assign(Object.create(real) as SavedCardGateway, {
        chargeSavedCard: async (...args: Parameters<SavedCardGateway['chargeSavedCard']>) => {
          await whileCharging();
          return real.chargeSavedCard(...args);
        },
      })
    : real;
  return runRenewals(app.platform, gateway, { tenants: [a.tenantId, b.tenantId] });
}
async function read(t: TestTenant, sub: MemberSubscription) {
  return json<MemberSubscription>(await call(t, 'admin', 'GET', `/item/membership/subs/${sub.guId}`));
}
async function subjectsTo(t: TestTenant, email: string) {
  return withTenant(app.platform.db, t.tenantId, async (tx) =>
    (
      await tx
        .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, t.tenantId), eq(outboxEmails.toAddress, email)))
    ).map((r) => ({ subject: r.subject, text: r.text })),
  );
}
/** The three retries after the first decline (1, 3 and 5 days on), each run by the job. */
async function declineEveryRetry() {
  for (const days of [1, 3, 5]) {
    app.platform.clock.advance(days * DAY + 60_000);
    await run();
  }
}

beforeAll(async () => {
  ({ app, stub } = await startSavedCardApp('dun', 2));
  [a, b] = await Promise.all([
    newTenant(app, { settings: { timezone: 'America/New_York' } }),
    newTenant(app, { settings: { timezone: 'Asia/Kolkata' } }),
  ]);
  await connectStripe(app, a, 'dun', 0);
  await connectStripe(app, b, 'dun', 1);
});

afterEach(() => app.platform.clock.reset());
afterAll(async () => {
  await stub?.close();
});

describe('a pause or cancel is never charged over', () => {
  it('a past-due membership paused: no retry is sent while paused, a new card waits, resuming pays the open period once', async () => {
    const membership = await newMembership(a, 40);
    const sub = await buy(a, membership, DECLINES);
    expect(sub.status).toBe('past_due');
    expect(attemptsOf(sub)).toHaveLength(1);
    const paused = json<MemberSubscription>(await call(a, 'staff', 'PUT', `/item/membership/subs/${sub.guId}/pause`));
    expect(paused).toMatchObject({ status: 'paused', nextChargeAt: null });
    // the two retry dates pass: nothing is sent to the card, and the pause stays
    for (const days of [1, 3]) {
      app.platform.clock.advance(days * DAY + 60_000);
      await run();
      expect(attemptsOf(sub)).toHaveLength(1);
      expect((await read(a, sub)).status).toBe('paused');
    }
    // a new card saved while paused is kept for the resume, and charges nothing yet
    const { done } = await newCard(a, sub, VISA);
    expect(done).toMatchObject({ status: 'paused', paymentMethod: 'visa ending 4242' });
    expect(attemptsOf(sub)).toHaveLength(1);
    const resumed = json<MemberSubscription>(await call(a, 'admin', 'PUT', `/item/membership/subs/${sub.guId}/resume`));
    expect(resumed.status).toBe('active');
    expect(paidOf(sub).map((c) => c.amount)).toEqual([4000]);
    await run();
    await run();
    expect(attemptsOf(sub)).toHaveLength(2);
    // the paused days are not lost: the next charge moved on by them (4 days here)
    expect(new Date(resumed.nextChargeAt ?? '').getTime()).toBeGreaterThan(
      new Date(sub.nextChargeAt ?? '').getTime() + 3 * DAY,
    );
  });

  it('a decline that comes back after the membership was paused or cancelled leaves it paused or cancelled', async () => {
    const membership = await newMembership(a, 25);
    const toPause = await buy(a, membership, DECLINES);
    app.platform.clock.advance(DAY + 60_000);
    let paused: number | null = null;
    await run(async () => {
      if (paused !== null) return;
      paused = (await call(a, 'staff', 'PUT', `/item/membership/subs/${toPause.guId}/pause`)).statusCode;
    });
    expect(paused).toBe(200);
    expect(attemptsOf(toPause)).toHaveLength(2);
    expect((await read(a, toPause)).status).toBe('paused');

    const toCancel = await buy(a, membership, DECLINES);
    app.platform.clock.advance(DAY + 60_000);
    await run(async () => {
      await call(a, 'student', 'PUT', `/item/membership/subs/${toCancel.guId}/cancel`, { when: 'now' });
    });
    expect((await read(a, toCancel)).status).toBe('cancelled');
    app.platform.clock.advance(10 * DAY);
    await run();
    expect(attemptsOf(toCancel)).toHaveLength(2);
  });

  it('a payment that succeeds after the membership was paused is recorded, and the pause stays', async () => {
    const membership = await newMembership(a, 30);
    const sub = await buy(a, membership, VISA);
    app.platform.clock.set(new Date(new Date(sub.nextChargeAt ?? '').getTime() + 1000));
    let paused = false;
    await run(async () => {
      if (paused) return;
      paused = true;
      await call(a, 'staff', 'PUT', `/item/membership/subs/${sub.guId}/pause`);
    });
    expect(paidOf(sub)).toHaveLength(2);
    const after = await read(a, sub);
    expect(after).toMatchObject({ status: 'paused', cyclesBilled: 2 });
    const cycles = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, sub.guId)),
    );
    expect(cycles.map((c) => c.status).sort()).toEqual(['paid', 'paid']);
  });
});

describe('dunning ends', () => {
  it('after the last retry the membership is suspended (the default): emailed, no next charge, shown to staff; a new card restores it and pays once', async () => {
    const membership = await newMembership(a, 40);
    const sub = await buy(a, membership, DECLINES);
    await declineEveryRetry();
    expect(attemptsOf(sub)).toHaveLength(4);
    const suspended = await read(a, sub);
    expect(suspended).toMatchObject({ status: 'suspended', nextChargeAt: null, nextChargeAmount: null });
    const mails = await subjectsTo(a, a.users.student.email);
    const mail = mails.find((m) => m.subject === `Membership suspended: ${membership.name}`);
    expect(mail?.text).toContain('Save a new card to restore it');
    expect(mail?.text).toContain(`Studio ${a.orgId}`);
    expect(mail?.text).not.toMatch(/atrium/i);
    // nothing more is tried, however long it waits
    app.platform.clock.advance(20 * DAY);
    await run();
    expect(attemptsOf(sub)).toHaveLength(4);
    // staff see it in the memberships list; it cannot be paused, only restored or cancelled
    const listed = json<MemberSubscriptionList>(await call(a, 'staff', 'GET', '/item/membership/subs?max=1000'));
    expect(listed.data.find((s) => s.guId === sub.guId)?.status).toBe('suspended');
    const pause = await call(a, 'staff', 'PUT', `/item/membership/subs/${sub.guId}/pause`);
    expect(pause.statusCode).toBe(400);
    expect(errorOf(pause.body).message).toBe('A suspended membership is restored by saving a new card.');
    // a new card: the open period is paid once and runs from today
    const { session, done } = await newCard(a, sub, VISA);
    expect(done).toMatchObject({ status: 'active', paymentMethod: 'visa ending 4242' });
    expect(paidOf(sub).map((c) => c.amount)).toEqual([4000]);
    const now = app.platform.clock.now().getTime();
    const next = new Date(done.nextChargeAt ?? '').getTime();
    expect(next).toBeGreaterThan(now + 27 * DAY);
    expect(next).toBeLessThan(now + 32 * DAY);
    // the return page reloaded, and the job: nothing more is charged
    const again = await call(a, 'student', 'POST', '/item/membership/subs/complete', { sessionId: session.sessionId });
    expect(again.statusCode, again.body).toBe(200);
    await run();
    expect(paidOf(sub)).toHaveLength(1);
  });

  it('the studio may cancel instead (Module Settings); a bad value is a 400 naming the field', async () => {
    const bad = await call(b, 'admin', 'PUT', '/rest/settings/display', { membershipAfterLastRetry: 'delete' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).message).toContain('membershipAfterLastRetry');
    expect(
      (await call(b, 'staff', 'PUT', '/rest/settings/display', { membershipAfterLastRetry: 'cancel' })).statusCode,
    ).toBe(403);
    const saved = await call(b, 'admin', 'PUT', '/rest/settings/display', { membershipAfterLastRetry: 'cancel' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<ModuleSettings>(saved).membershipAfterLastRetry).toBe('cancel');
    try {
      const membership = await newMembership(b, 40);
      const sub = await buy(b, membership, DECLINES);
      await declineEveryRetry();
      expect(await read(b, sub)).toMatchObject({ status: 'cancelled', nextChargeAt: null });
      const mails = await subjectsTo(b, b.users.student.email);
      expect(mails.map((m) => m.subject)).toContain(`Membership cancelled: ${membership.name}`);
      // a cancelled membership takes no new card
      expect((await call(b, 'student', 'POST', `/item/membership/subs/${sub.guId}/card`)).statusCode).toBe(400);
    } finally {
      await call(b, 'admin', 'PUT', '/rest/settings/display', { membershipAfterLastRetry: 'suspend' });
    }
  });

  it('a membership left past due with nothing more to try (before dunning had an end) is suspended by the next run', async () => {
    const membership = await newMembership(a, 20);
    const sub = await buy(a, membership, DECLINES);
    await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .update(subscriptionCycles)
        .set({ attempts: 4, nextAttemptAt: null })
        .where(and(eq(subscriptionCycles.tenantId, a.tenantId), eq(subscriptionCycles.subscriptionId, sub.guId))),
    );
    expect((await read(a, sub)).status).toBe('past_due');
    await run();
    expect(await read(a, sub)).toMatchObject({ status: 'suspended', nextChargeAt: null });
  });
});
