import { type Membership, PLAN_MESSAGES } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, subscriptions, tenants } from '../../db/schema/index.ts';
import { caller, errorOf, makeCategory } from '../catalogue/catalogue-fixtures.ts';
import { insertStudents } from '../contacts/contact-fixtures.ts';

let app: App;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
});

/** Adds `count` contacts straight into the tenant (as an old import would have). */
function fill(t: TestTenant, count: number): Promise<string[]> {
  return insertStudents(app, t, count, (i) => ({
    email: `filler-${i}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    name: `Filler ${i}`,
  }));
}

async function setPlan(t: TestTenant, planName: string | null) {
  await app.platform.db
    .update(tenants)
    .set({
      settings: sql`jsonb_set(coalesce(${tenants.settings}, '{}'::jsonb), '{subscription}', ${JSON.stringify({
        planName,
        status: planName ? 'active' : 'free',
      })}::jsonb)`,
    })
    .where(eq(tenants.id, t.tenantId));
  app.platform.tenants.clearCache();
}

const countOf = async (t: TestTenant) => {
  const [row] = await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(eq(contacts.tenantId, t.tenantId), eq(contacts.isWalkin, false))),
  );
  return row?.n ?? 0;
};

describe('the plan’s contact limit', () => {
  it('lets staff add contacts up to it, then says so; an import that would pass it writes nothing', async () => {
    const t = await newTenant(app);
    const admin = (await loginAs(app, t, 'admin')).access_token;
    await fill(t, 2000 - (await countOf(t)) - 1);
    const last = await call(admin, t, 'POST', '/snode/contact', {
      firstName: 'Last',
      lastName: 'One',
      email: 'last.one@example.test',
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(await countOf(t)).toBe(2000);
    const over = await call(admin, t, 'POST', '/snode/contact', {
      firstName: 'One',
      lastName: 'Over',
      email: 'one.over@example.test',
    });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over.body)).toMatchObject({
      code: 'plan_limit',
      message: 'Your plan allows 2,000 contacts. Upgrade your plan under Settings > Plan to add more.',
    });

    // a bigger plan has room
    await setPlan(t, 'expand_monthly_plan');
    const roomy = await call(admin, t, 'POST', '/snode/contact', {
      firstName: 'One',
      lastName: 'Over',
      email: 'one.over@example.test',
    });
    expect(roomy.statusCode, roomy.body).toBe(201);
    await fill(t, 10_000 - (await countOf(t)) - 1);
    const tags = await call(admin, t, 'POST', '/rest/tag', { name: 'Imported', type: 'category' });
    const categoryId = json<{ id: string }>(tags).id;
    const imported = await app.inject({
      method: 'POST',
      url: `/rest/contact/import?categoryId=${categoryId}`,
      headers: { host: t.host, authorization: `Bearer ${admin}`, 'content-type': 'text/csv', 'x-file-name': 'two.csv' },
      payload: 'First Name,Last Name,Email\r\nAna,A,ana.limit@example.test\r\nBo,B,bo.limit@example.test\r\n',
    });
    expect(imported.statusCode, imported.body).toBe(409);
    expect(errorOf(imported.body).message).toBe(PLAN_MESSAGES.contactLimit(10_000));
    expect(await countOf(t)).toBe(9_999);
  }, 60_000);

  it('never turns away someone coming in by themselves (a donor here)', async () => {
    const t = await newTenant(app);
    const admin = (await loginAs(app, t, 'admin')).access_token;
    const campaign = await call(admin, t, 'POST', '/snode/donation', { name: 'Roof', suggestedAmounts: [2000] });
    expect(campaign.statusCode, campaign.body).toBe(201);
    await fill(t, 2000 - (await countOf(t)));
    const gift = await app.inject({
      method: 'POST',
      url: `/public/donations/${json<{ guId: string }>(campaign).guId}`,
      headers: { host: t.host },
      payload: {
        firstName: 'Self',
        lastName: 'Starter',
        email: 'self.starter@example.test',
        amount: 2000,
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    expect(await countOf(t)).toBe(2001);
  });
});

describe('the plan’s active member limit', () => {
  it('refuses a new membership once the members are all taken, in words for staff and for the member', async () => {
    const t = await newTenant(app);
    const admin = (await loginAs(app, t, 'admin')).access_token;
    const student = (await loginAs(app, t, 'student')).access_token;
    const category = await makeCategory(app, t, admin, { categoryType: 'SERVICE' });
    const created = await call(admin, t, 'POST', '/item/membership', {
      name: 'Unlimited',
      categoryId: category.guId,
      price: 49,
      membershipType: 'unlimited',
      frequency: 'monthly',
    });
    expect(created.statusCode, created.body).toBe(201);
    const membership = json<Membership>(created);
    const members = await fill(t, 100);
    const now = new Date();
    await withTenant(app.platform.db, t.tenantId, (tx) =>
      tx.insert(subscriptions).values(
        members.map((contactId, i) => ({
          tenantId: t.tenantId,
          contactId,
          itemId: membership.guId,
          name: 'Unlimited',
          membershipType: 'unlimited' as const,
          frequency: 'monthly' as const,
          status: i % 2 ? ('active' as const) : ('past_due' as const),
          priceMinor: 4900,
          currency: 'USD',
          provider: 'stripe',
          providerAccount: 'acct_limits',
          providerCustomer: `cus_${i}`,
          paymentMethodId: `pm_${i}`,
          setupRef: `cs_limits_${i}_${t.tenantId}`,
          startedAt: now,
        })),
      ),
    );
    const [newcomer] = await fill(t, 1);
    const staffSale = await call(admin, t, 'POST', `/item/payment/setupintent/${membership.guId}`, {
      contactId: newcomer,
    });
    expect(staffSale.statusCode).toBe(409);
    expect(errorOf(staffSale.body)).toMatchObject({ code: 'plan_limit', message: PLAN_MESSAGES.memberLimit(100) });
    const online = await call(student, t, 'POST', `/item/payment/setupintent/${membership.guId}`, {});
    expect(online.statusCode).toBe(409);
    expect(errorOf(online.body).message).toBe(PLAN_MESSAGES.memberLimitForMember);
    // someone already a member may take another membership: the limit is on people
    const existing = await call(admin, t, 'POST', `/item/payment/setupintent/${membership.guId}`, {
      contactId: members[0],
    });
    expect(errorOf(existing.body).code).toBe('no_card_provider');
    // Leap has no member limit
    await setPlan(t, 'leap_monthly_plan');
    const leap = await call(admin, t, 'POST', `/item/payment/setupintent/${membership.guId}`, { contactId: newcomer });
    expect(errorOf(leap.body).code).toBe('no_card_provider');
  });
});
