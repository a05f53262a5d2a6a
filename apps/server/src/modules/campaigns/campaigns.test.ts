import { randomBytes, randomUUID } from 'node:crypto';
import type { AudienceCount, Campaign, CampaignAudience, CampaignList } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import {
  campaignRecipients,
  classBookings,
  classRules,
  classSessions,
  contactCustomValues,
  contacts,
  customFields,
  emailSuppressions,
  outboxEmails,
  subscriptions,
} from '../../db/schema/index.ts';
import { makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import {
  beginSending,
  CAMPAIGN_BATCH_QUEUE,
  runCampaignBatches,
  runDueCampaigns,
  sendOneBatch,
} from './campaign-sending.ts';

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let studio: Awaited<ReturnType<typeof twoStudios<'admin' | 'staff' | 'frontdesk' | 'student'>>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  studio = await twoStudios(app, ['admin', 'staff', 'frontdesk', 'student']);
});
afterAll(() => smtp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; field?: string } }).errors;

/** Students of a studio (the audience's people), with a unique address each. */
async function addContacts(
  tenant: TestTenant,
  people: Array<{ name: string; tags?: string[]; subscribe?: boolean; email?: string }>,
): Promise<Array<{ id: string; email: string }>> {
  return withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .insert(contacts)
      .values(
        people.map((person) => ({
          tenantId: tenant.tenantId,
          email: person.email ?? `${person.name.toLowerCase()}-${randomBytes(4).toString('hex')}@members.test`,
          name: person.name,
          lastName: 'Member',
          role: 'student' as const,
          tags: person.tags ?? [],
          subscribeToMailingList: person.subscribe ?? true,
        })),
      )
      .returning({ id: contacts.id, email: contacts.email }),
  );
}

const body = (extra: object = {}) => ({
  name: 'Spring timetable',
  subject: 'Hello {{firstName}}',
  fromName: 'Lotus Front Desk',
  replyTo: 'desk@lotus.test',
  bodyHtml: '<p>Dear {{firstName}} {{lastName}},</p><p>New classes at {{studioName}}.</p>',
  audience: { kind: 'all' },
  ...extra,
});

async function create(tenant: TestTenant, token: string, extra: object = {}): Promise<Campaign> {
  const response = await call(token, tenant, 'POST', '/rest/campaigns', body(extra));
  expect(response.statusCode, response.body).toBe(201);
  return json<Campaign>(response);
}

async function count(tenant: TestTenant, token: string, audience: CampaignAudience): Promise<number> {
  const response = await call(token, tenant, 'POST', '/rest/campaigns/audience/count', { audience });
  expect(response.statusCode, response.body).toBe(200);
  return json<AudienceCount>(response).count;
}

const received = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

/** A studio of its own with an admin token, so counts are not shared with other tests. */
async function freshStudio(settings: Record<string, unknown> = {}) {
  const tenant = await newTenant(app, { name: 'Lotus Yoga', settings });
  // The studio's test student has opted out, so each test counts only the people it adds.
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.id, tenant.users.student.id)),
  );
  return { tenant, admin: (await loginAs(app, tenant, 'admin')).access_token };
}

describe('campaigns: who may', () => {
  it('admin and staff write campaigns; the front desk and students may not; signed out is a 401', async () => {
    const { tenant, admin, staff, frontdesk, student } = studio;
    const mine = await create(tenant, admin);
    expect(mine).toMatchObject({ status: 'draft', fromName: 'Lotus Front Desk', total: 0, sent: 0 });
    const byStaff = await call(staff, tenant, 'PUT', `/rest/campaigns/${mine.id}`, body({ name: 'Renamed' }));
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(json<Campaign>(byStaff).name).toBe('Renamed');
    for (const token of [frontdesk, student]) {
      expect((await call(token, tenant, 'GET', '/rest/campaigns')).statusCode).toBe(403);
      expect((await call(token, tenant, 'POST', '/rest/campaigns', body())).statusCode).toBe(403);
      expect((await call(token, tenant, 'POST', `/rest/campaigns/${mine.id}/send`)).statusCode).toBe(403);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/rest/campaigns', headers: { host: tenant.host } });
    expect(anonymous.statusCode).toBe(401);
    const list = json<CampaignList>(await call(admin, tenant, 'GET', '/rest/campaigns'));
    expect(list.data.map((c) => c.id)).toContain(mine.id);
  });

  it("another studio's campaign is a 404 for every call", async () => {
    const { tenant, other, admin, otherAdmin } = studio;
    const mine = await create(tenant, admin);
    for (const [method, url, payload] of [
      ['GET', `/rest/campaigns/${mine.id}`],
      ['PUT', `/rest/campaigns/${mine.id}`, body()],
      ['DELETE', `/rest/campaigns/${mine.id}`],
      ['POST', `/rest/campaigns/${mine.id}/send`],
      ['POST', `/rest/campaigns/${mine.id}/test`],
      ['POST', `/rest/campaigns/${mine.id}/cancel`],
      ['POST', `/rest/campaigns/${mine.id}/schedule`, { scheduledAt: '2099-01-01T09:00' }],
    ] as Array<[Method, string, object?]>) {
      const response = await call(otherAdmin, other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = json<CampaignList>(await call(otherAdmin, other, 'GET', '/rest/campaigns'));
    expect(theirs.data.map((c) => c.id)).not.toContain(mine.id);
  });

  it('is absent (404) while the studio has the Campaigns menu off', async () => {
    const { tenant, admin } = await freshStudio({ isShowCampaignsMenu: false });
    expect((await call(admin, tenant, 'GET', '/rest/campaigns')).statusCode).toBe(404);
    expect((await call(admin, tenant, 'POST', '/rest/campaigns', body())).statusCode).toBe(404);
  });
});

describe('campaigns: bad input', () => {
  it('refuses an unknown merge field, naming the field, and sanitises the body', async () => {
    const { tenant, admin } = studio;
    const typo = await call(admin, tenant, 'POST', '/rest/campaigns', body({ bodyHtml: '<p>Hi {{firstname}}</p>' }));
    expect(typo.statusCode).toBe(400);
    expect(errorOf(typo.body)).toMatchObject({ field: 'bodyHtml' });
    expect(errorOf(typo.body).message).toContain('{{firstname}}');
    const subject = await call(admin, tenant, 'POST', '/rest/campaigns', body({ subject: 'Hi {{ planName }}' }));
    expect(subject.statusCode).toBe(400);
    expect(errorOf(subject.body)).toMatchObject({ field: 'subject' });
    const open = await call(admin, tenant, 'POST', '/rest/campaigns', body({ bodyHtml: '<p>Hi {{firstName</p>' }));
    expect(errorOf(open.body)).toMatchObject({ field: 'bodyHtml' });
    const clean = await create(tenant, admin, {
      bodyHtml: '<p onclick="x()">Hi {{firstName}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    expect(clean.bodyHtml).toContain('Hi {{firstName}}');
    expect(clean.bodyHtml).not.toMatch(/script|onclick|javascript/);
    const noName = await call(admin, tenant, 'POST', '/rest/campaigns', body({ name: ' ' }));
    expect(errorOf(noName.body)).toMatchObject({ field: 'name' });
  });

  it('refuses to send without a subject or to an empty audience, and a schedule in the past', async () => {
    const { tenant, admin } = await freshStudio();
    const draft = await create(tenant, admin, { subject: '' });
    const noSubject = await call(admin, tenant, 'POST', `/rest/campaigns/${draft.id}/send`);
    expect(noSubject.statusCode).toBe(400);
    expect(errorOf(noSubject.body)).toMatchObject({ field: 'subject' });
    const empty = await create(tenant, admin, { audience: { kind: 'tags', tags: ['nobody-has-this'] } });
    const nobody = await call(admin, tenant, 'POST', `/rest/campaigns/${empty.id}/send`);
    expect(nobody.statusCode).toBe(400);
    expect(errorOf(nobody.body)).toMatchObject({ field: 'audience' });
    await addContacts(tenant, [{ name: 'Ada' }]);
    const ready = await create(tenant, admin);
    const past = await call(admin, tenant, 'POST', `/rest/campaigns/${ready.id}/schedule`, {
      scheduledAt: '2020-01-01T09:00',
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past.body)).toMatchObject({ field: 'scheduledAt' });
    const malformed = await call(admin, tenant, 'POST', `/rest/campaigns/${ready.id}/schedule`, {
      scheduledAt: 'tomorrow',
    });
    expect(errorOf(malformed.body)).toMatchObject({ field: 'scheduledAt' });
    const lapsedWithoutDays = await call(admin, tenant, 'POST', '/rest/campaigns/audience/count', {
      audience: { kind: 'membership', membershipState: 'lapsed' },
    });
    expect(lapsedWithoutDays.statusCode).toBe(400);
    expect(errorOf(lapsedWithoutDays.body).message).toContain('days');
  });
});

describe('campaigns: audiences', () => {
  it('counts by tags (any of, any case), by custom field, and leaves out opt-outs and other studios', async () => {
    const { tenant, admin } = await freshStudio();
    const [ada, bo, cy, dee, eve] = await addContacts(tenant, [
      { name: 'Ada', tags: ['Yoga'] },
      { name: 'Bo', tags: ['pilates', 'vip'] },
      { name: 'Cy', tags: ['yoga'], subscribe: false },
      { name: 'Dee', tags: ['YOGA'] },
      { name: 'Eve' },
    ]);
    // Another studio's contact with the same tag is never counted.
    await addContacts(studio.other, [{ name: 'Far', tags: ['yoga'] }]);
    expect(await count(tenant, admin, { kind: 'all' })).toBe(4);
    expect(await count(tenant, admin, { kind: 'tags', tags: ['yoga'] })).toBe(2);
    expect(await count(tenant, admin, { kind: 'tags', tags: ['yoga', 'VIP'] })).toBe(3);
    // Bounced and complained addresses are left out, whatever their contact says.
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.insert(emailSuppressions).values([
        { tenantId: tenant.tenantId, email: String(dee?.email).toLowerCase(), reason: 'bounced' },
        { tenantId: tenant.tenantId, email: String(eve?.email).toLowerCase(), reason: 'complained' },
      ]),
    );
    expect(await count(tenant, admin, { kind: 'tags', tags: ['yoga'] })).toBe(1);
    expect(await count(tenant, admin, { kind: 'all' })).toBe(2);

    const [field] = await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      const rows = await tx
        .insert(customFields)
        .values({ tenantId: tenant.tenantId, type: 'text', name: 'Level', tag: 'level' })
        .returning({ id: customFields.id });
      await tx.insert(contactCustomValues).values([
        {
          tenantId: tenant.tenantId,
          contactId: ada?.id as string,
          customFieldId: rows[0]?.id as string,
          value: 'Beginner',
        },
        {
          tenantId: tenant.tenantId,
          contactId: bo?.id as string,
          customFieldId: rows[0]?.id as string,
          value: 'Advanced',
        },
        {
          tenantId: tenant.tenantId,
          contactId: cy?.id as string,
          customFieldId: rows[0]?.id as string,
          value: 'beginner',
        },
      ]);
      return rows;
    });
    expect(
      await count(tenant, admin, { kind: 'custom_field', customFieldId: field?.id as string, value: 'beginner' }),
    ).toBe(1);
    const foreign = await call(studio.otherAdmin, studio.other, 'POST', '/rest/campaigns/audience/count', {
      audience: { kind: 'custom_field', customFieldId: field?.id, value: 'beginner' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign.body)).toMatchObject({ field: 'customFieldId' });
  });

  it('counts by membership state and by no visit in N days', async () => {
    const { tenant, admin } = await freshStudio();
    const category = await makeCategory(app, tenant, admin, { name: 'Passes' });
    const item = await makeItem(app, tenant, admin, category.guId, { name: 'Unlimited', price: 900 });
    const [active, pastDue, lapsedLately, lapsedLongAgo, visitor, oldVisitor] = await addContacts(tenant, [
      { name: 'Active' },
      { name: 'PastDue' },
      { name: 'Lapsed' },
      { name: 'LongGone' },
      { name: 'Visitor' },
      { name: 'OldVisitor' },
    ]);
    const now = Date.now();
    const day = 86_400_000;
    await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      const membership = (contactId: string, status: 'active' | 'past_due' | 'cancelled', cancelledAt?: Date) => ({
        tenantId: tenant.tenantId,
        contactId,
        itemId: item.guId,
        name: 'Unlimited',
        membershipType: 'unlimited' as const,
        frequency: 'monthly' as const,
        status,
        priceMinor: 90000,
        currency: 'USD',
        provider: 'stripe',
        providerAccount: 'acct_test',
        providerCustomer: 'cus_test',
        paymentMethodId: 'pm_test',
        setupRef: randomUUID(),
        startedAt: new Date(now - 400 * day),
        cancelledAt: cancelledAt ?? null,
      });
      await tx
        .insert(subscriptions)
        .values([
          membership(active?.id as string, 'active'),
          membership(pastDue?.id as string, 'past_due'),
          membership(lapsedLately?.id as string, 'cancelled', new Date(now - 10 * day)),
          membership(lapsedLongAgo?.id as string, 'cancelled', new Date(now - 200 * day)),
        ]);
      const [rule] = await tx
        .insert(classRules)
        .values({
          tenantId: tenant.tenantId,
          name: 'Flow',
          daysOfWeek: [2],
          startTime: '09:00',
          durationMinutes: 60,
          startDate: '2026-01-06',
          capacity: 10,
          timeZone: 'UTC',
          generatedUntil: new Date(now),
        })
        .returning({ id: classRules.id });
      const session = async (daysAgo: number) => {
        const startsAt = new Date(now - daysAgo * day);
        const [row] = await tx
          .insert(classSessions)
          .values({
            tenantId: tenant.tenantId,
            ruleId: rule?.id as string,
            localDate: startsAt.toISOString().slice(0, 10),
            startsAt,
            endsAt: new Date(startsAt.getTime() + 3_600_000),
            capacity: 10,
          })
          .returning({ id: classSessions.id });
        return row?.id as string;
      };
      await tx.insert(classBookings).values([
        {
          tenantId: tenant.tenantId,
          sessionId: await session(5),
          contactId: visitor?.id as string,
          status: 'booked',
          attendedAt: new Date(now - 5 * day),
        },
        {
          tenantId: tenant.tenantId,
          sessionId: await session(60),
          contactId: oldVisitor?.id as string,
          status: 'booked',
          attendedAt: new Date(now - 60 * day),
        },
      ]);
    });
    expect(await count(tenant, admin, { kind: 'membership', membershipState: 'active' })).toBe(1);
    expect(await count(tenant, admin, { kind: 'membership', membershipState: 'past_due' })).toBe(1);
    expect(await count(tenant, admin, { kind: 'membership', membershipState: 'lapsed', days: 30 })).toBe(1);
    expect(await count(tenant, admin, { kind: 'membership', membershipState: 'lapsed', days: 365 })).toBe(2);
    // Visited once, not in the last 30 days: the old visitor only (the recent one came 5 days ago).
    expect(await count(tenant, admin, { kind: 'no_visit', days: 30 })).toBe(1);
    expect(await count(tenant, admin, { kind: 'no_visit', days: 3 })).toBe(2);
  });
});

async function sendingCampaign(people: number) {
  const fresh = await freshStudio();
  const added = await addContacts(
    fresh.tenant,
    Array.from({ length: people }, (_, i) => ({ name: `P${i}` })),
  );
  const campaign = await create(fresh.tenant, fresh.admin);
  return { ...fresh, added, campaign };
}

const recipientsOf = (tenantId: string, campaignId: string) =>
  withTenant(app.platform.db, tenantId, (tx) =>
    tx
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.campaignId, campaignId))),
  );

describe('campaigns: sending', () => {
  it('sends each recipient exactly once with workers racing and a crash between claim and send', async () => {
    const { tenant, admin, added, campaign } = await sendingCampaign(9);
    const job = { tenantId: tenant.tenantId, campaignId: campaign.id };
    // The route marks it sending and queues the batch job (the app's own worker may take it too).
    const sent = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<Campaign>(sent)).toMatchObject({ status: 'sending', total: 9 });
    // A worker that claimed a batch and died before the outbox sent it: its emails are written once.
    await sendOneBatch(app.platform, job, 2);
    // Two more workers race over the rest, batch by batch, with the app's own worker and the minute job.
    await Promise.all([
      runCampaignBatches(app.platform, job, 2),
      runCampaignBatches(app.platform, job, 3),
      runDueCampaigns(app.platform, { tenants: [tenant.tenantId] }).then(() =>
        app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE),
      ),
    ]);
    await app.platform.outbox.kick();
    for (const person of added) await smtp.waitFor(person.email);
    for (const person of added) expect(received(person.email)).toHaveLength(1);
    const rows = await recipientsOf(tenant.tenantId, campaign.id);
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.status === 'queued' && row.emailId !== null)).toBe(true);
    const outbox = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.select().from(outboxEmails).where(eq(outboxEmails.tenantId, tenant.tenantId)),
    );
    expect(outbox.filter((row) => row.subject.startsWith('Hello'))).toHaveLength(9);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    const done = json<Campaign>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}`));
    expect(done).toMatchObject({ status: 'sent', total: 9, sent: 9, audienceSize: 9 });
    // Sending again is refused: a sent campaign stays sent.
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`)).statusCode).toBe(409);
  });

  it('fills merge fields, carries the one-click headers and footer; one POST unsubscribes and the count drops', async () => {
    const { tenant, admin, added, campaign } = await sendingCampaign(2);
    const [first, second] = added as [{ id: string; email: string }, { id: string; email: string }];
    expect(await count(tenant, admin, { kind: 'all' })).toBe(2);
    await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`);
    await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
    const mail = (await smtp.waitFor(first.email)).text;
    const headers = mail.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(headers).toMatch(/^Subject: Hello P0$/m);
    expect(headers).toMatch(/^From: Lotus Front Desk <[^>]+>$/m);
    expect(headers).toMatch(/^Reply-To: desk@lotus\.test$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = new RegExp(
      `^List-Unsubscribe: <http://${tenant.orgId}\\.localhost(/unsubscribe/[A-Za-z0-9_.-]+)>$`,
      'm',
    ).exec(headers);
    expect(link, headers).not.toBeNull();
    const path = link?.[1] as string;
    expect(mail).toContain('Dear P0 Member,');
    expect(mail).toContain('New classes at Lotus Yoga.');
    expect(mail).toContain(`/unsubscribe/`);
    expect(mail).not.toContain('Atrium');

    // The page shows a button and changes nothing; a forged or another studio's token is a 404.
    const pageView = await app.inject({ method: 'GET', url: path, headers: { host: tenant.host } });
    expect(pageView.statusCode).toBe(200);
    expect(pageView.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await count(tenant, admin, { kind: 'all' })).toBe(2);
    const elsewhere = await app.inject({ method: 'POST', url: path, headers: { host: studio.other.host } });
    expect(elsewhere.statusCode).toBe(404);
    const forged = await app.inject({
      method: 'POST',
      url: `${path.slice(0, -3)}AAA`,
      headers: { host: tenant.host },
    });
    expect(forged.statusCode).toBe(404);

    // RFC 8058: the mail client's one-click POST.
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { host: tenant.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await count(tenant, admin, { kind: 'all' })).toBe(1);
    const [row] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.id, first.id))),
    );
    expect(row?.subscribeToMailingList).toBe(false);

    // The next campaign leaves them out.
    const next = await create(tenant, admin);
    expect(next.audienceSize).toBe(1);
    await call(admin, tenant, 'POST', `/rest/campaigns/${next.id}/send`);
    await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: next.id });
    await app.platform.outbox.kick();
    expect((await recipientsOf(tenant.tenantId, next.id)).map((r) => r.contactId)).toEqual([second.id]);
    expect(received(first.email)).toHaveLength(1);
  });

  it("a scheduled campaign starts at its time in the studio's zone (the minute job)", async () => {
    const { tenant, admin, campaign } = await sendingCampaign(3);
    const scheduled = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/schedule`, {
      scheduledAt: '2099-06-01T09:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    // 09:00 in New York (the default zone, summer time) is 13:00 UTC.
    expect(json<Campaign>(scheduled)).toMatchObject({ status: 'scheduled', scheduledAt: '2099-06-01T13:00:00.000Z' });
    app.platform.clock.set(new Date('2099-06-01T12:58:00Z'));
    try {
      await runDueCampaigns(app.platform, { tenants: [tenant.tenantId] });
      expect(json<Campaign>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}`)).status).toBe(
        'scheduled',
      );
      app.platform.clock.set(new Date('2099-06-01T13:00:30Z'));
      expect(await runDueCampaigns(app.platform, { tenants: [tenant.tenantId] })).toBeGreaterThanOrEqual(1);
    } finally {
      app.platform.clock.reset();
    }
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    const started = json<Campaign>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}`));
    expect(started.total).toBe(3);
    expect(['sending', 'sent']).toContain(started.status);
  });

  it('cancel stops a campaign mid-way: claimed rows go, the rest are skipped', async () => {
    const { tenant, admin, added, campaign } = await sendingCampaign(5);
    const job = { tenantId: tenant.tenantId, campaignId: campaign.id };
    // Started without its batch job, so the test decides when batches run.
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      beginSending(tx, tenant.tenantId, campaign.id, { kind: 'all' }, new Date()),
    );
    expect(await sendOneBatch(app.platform, job, 2)).toBe(2);
    const cancel = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runCampaignBatches(app.platform, job, 2);
    await app.platform.outbox.kick();
    const rows = await recipientsOf(tenant.tenantId, campaign.id);
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'skipped')).toHaveLength(3);
    for (const person of added.filter((p) => rows.some((r) => r.contactId === p.id && r.status === 'queued'))) {
      await smtp.waitFor(person.email);
    }
    expect(added.filter((person) => received(person.email).length > 0)).toHaveLength(2);
    const after = json<Campaign>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}`));
    expect(after).toMatchObject({ status: 'cancelled', total: 5, sent: 2 });
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/cancel`)).statusCode).toBe(409);
  });

  it('a test send goes to the signed-in staff member only', async () => {
    const { tenant, staff } = studio;
    const campaign = await create(tenant, staff);
    const response = await call(staff, tenant, 'POST', `/rest/campaigns/${campaign.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    const to = tenant.users.staff.email;
    expect(json<{ message: string }>(response).message).toContain(to);
    await app.platform.outbox.kick();
    const mail = (await smtp.waitFor(to)).text;
    expect(mail).toMatch(/^Subject: \[Test\] Hello staff$/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(json<Campaign>(await call(staff, tenant, 'GET', `/rest/campaigns/${campaign.id}`)).status).toBe('draft');
  });
});

describe('campaigns without JWT_SECRET', () => {
  it('signs unsubscribe links with the key kept in the database, outside any transaction', async () => {
    // The key is read from the database on first use: inside a transaction it would wait forever on
    // PGlite's one connection. A test send and a batch both sign links.
    const own = await startTestApp({ smtpUrl: smtp.url, jwtSecret: null });
    const tenant = await newTenant(own, { name: 'Keyless Studio' });
    const admin = (await loginAs(own, tenant, 'admin')).access_token;
    const [member] = await withTenant(own.platform.db, tenant.tenantId, (tx) =>
      tx
        .insert(contacts)
        .values({
          tenantId: tenant.tenantId,
          email: `keyless-${randomBytes(4).toString('hex')}@members.test`,
          name: 'Kim',
          role: 'student',
        })
        .returning({ email: contacts.email }),
    );
    const created = await own.inject({
      method: 'POST',
      url: '/rest/campaigns',
      headers: bearer(admin, tenant.host),
      payload: body(),
    });
    const campaign = json<Campaign>(created);
    const test = await own.inject({
      method: 'POST',
      url: `/rest/campaigns/${campaign.id}/test`,
      headers: bearer(admin, tenant.host),
    });
    expect(test.statusCode, test.body).toBe(200);
    const send = await own.inject({
      method: 'POST',
      url: `/rest/campaigns/${campaign.id}/send`,
      headers: bearer(admin, tenant.host),
    });
    expect(send.statusCode, send.body).toBe(200);
    await runCampaignBatches(own.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
    await own.platform.outbox.kick();
    const mail = (await smtp.waitFor(member?.email as string)).text.replace(/\r?\n[ \t]+/g, ' ');
    expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/unsubscribe\//m);
  });
});
