import { randomBytes } from 'node:crypto';
import type { Campaign, CampaignReport, CampaignSenders } from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts, emailSuppressions } from '../../db/schema/index.ts';
import { MAILCHIMP_REPORT_QUEUE, readMailchimpReport, sweepMailchimpReports } from './campaign-mailchimp-report.ts';
import { beginSending, CAMPAIGN_BATCH_QUEUE, runCampaignBatches, runDueCampaigns } from './campaign-sending.ts';

// Campaigns through Mailchimp's Marketing API, against the local Mailchimp stand-in: the audience's
// members (only) in a static segment, one Mailchimp campaign with the content, sent or scheduled;
// Mailchimp's refusals pause the campaign with the reason, and resume never makes a second campaign.

const KEY_A = 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0-us7';
const KEY_B = 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0-us7';
let app: App;
let stub: ProviderStub;

beforeAll(async () => {
  stub = await startProviderStub({
    mailchimp: { keys: [KEY_A, KEY_B], lists: {} },
  });
  const base = loadConfig({});
  app = await startTestApp({ providerUrls: { ...base.providerUrls, mailchimp: `${stub.url}/{dc}` } });
});
afterAll(() => stub.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; field?: string } }).errors;

/** A studio whose campaign provider is Mailchimp (its own audience in the stand-in) with `people` members. */
async function mailchimpStudio(people: number, key = KEY_A) {
  const tenant = await newTenant(app, { name: 'Cedar Pilates', settings: { email: 'hello@cedar.test' } });
  const admin = (await loginAs(app, tenant, 'admin')).access_token;
  const listId = `l${randomBytes(4).toString('hex')}`;
  stub.lists.set(listId, { name: 'Cedar members' });
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.tenantId, tenant.tenantId)),
  );
  const saved = await call(admin, tenant, 'PUT', '/campaign/tenant/mailchimp', {
    mcAudienceName: 'Cedar members',
    mcAudienceId: listId,
    mcApiKey: key,
    fromName: 'Cedar Pilates',
    fromEmail: 'news@cedar.test',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const tag = randomBytes(3).toString('hex');
  const added =
    people === 0
      ? []
      : await withTenant(app.platform.db, tenant.tenantId, (tx) =>
          tx
            .insert(contacts)
            .values(
              Array.from({ length: people }, (_, i) => ({
                tenantId: tenant.tenantId,
                email: `m${i}-${tag}@cedar.test`,
                name: `M${i}`,
                lastName: 'Member',
                role: 'student' as const,
                subscribeToMailingList: true,
              })),
            )
            .returning({ id: contacts.id, email: contacts.email }),
        );
  return { tenant, admin, listId, added };
}

async function create(tenant: TestTenant, token: string, extra: object = {}): Promise<Campaign> {
  const response = await call(token, tenant, 'POST', '/rest/campaigns', {
    name: 'Autumn reformer',
    subject: 'Hello {{firstName}} from {{studioName}}',
    bodyHtml: '<p>Dear {{firstName}} {{lastName}},</p><p>New reformer classes.</p>',
    audience: { kind: 'all' },
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Campaign>(response);
}

const get = async (tenant: TestTenant, token: string, id: string) =>
  json<Campaign>(await call(token, tenant, 'GET', `/rest/campaigns/${id}`));
const campaignsOf = (listId: string) => [...stub.mcCampaigns.values()].filter((c) => c.listId === listId);
const segmentCreations = (listId: string) =>
  stub.requests.filter((r) => r.method === 'POST' && r.path === `/us7/3.0/lists/${listId}/segments`);

describe('campaigns through Mailchimp', () => {
  it("sends one Mailchimp campaign to a static segment of the audience's members, and no one else", async () => {
    const { tenant, admin, listId, added } = await mailchimpStudio(4);
    const [m0, m1, m2, m3] = added;
    // m2 bounced here (suppressed); m3 unsubscribed in Mailchimp; an outsider is subscribed there.
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .insert(emailSuppressions)
        .values({ tenantId: tenant.tenantId, email: String(m2?.email).toLowerCase(), reason: 'bounced' }),
    );
    stub.members.set(
      listId,
      new Map([
        [String(m3?.email), { email_address: String(m3?.email), status: 'unsubscribed', merge_fields: {} }],
        ['outsider@else.test', { email_address: 'outsider@else.test', status: 'subscribed', merge_fields: {} }],
      ]),
    );
    // Another studio with its own Mailchimp audience and members: never in this campaign.
    const other = await mailchimpStudio(2, KEY_B);

    const senders = json<CampaignSenders>(await call(admin, tenant, 'GET', '/rest/campaigns/senders'));
    expect(senders).toMatchObject({
      defaultProvider: 'mailchimp',
      mailchimp: { connected: true, audienceName: 'Cedar members' },
    });
    const campaign = await create(tenant, admin, { fromName: 'Cedar Front Desk', replyTo: 'desk@cedar.test' });
    expect(campaign).toMatchObject({ provider: null, sendVia: 'mailchimp', audienceSize: 3 });
    const sent = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);

    const done = await get(tenant, admin, campaign.id);
    expect(done).toMatchObject({ status: 'sent', provider: 'mailchimp', total: 3, sent: 2, failed: 1 });
    const [mc] = campaignsOf(listId);
    expect(campaignsOf(listId)).toHaveLength(1);
    expect(mc?.status).toBe('sent');
    // Exactly the subscribed members of the audience: not the bounced, the Mailchimp-unsubscribed,
    // the outsider, nor the other studio's members.
    expect(mc?.sentTo.sort()).toEqual([String(m0?.email), String(m1?.email)].sort());
    for (const stranger of other.added) expect(mc?.sentTo).not.toContain(stranger.email);
    expect(mc?.settings).toMatchObject({
      subject_line: 'Hello *|FNAME|* from Cedar Pilates',
      title: 'Autumn reformer',
      from_name: 'Cedar Front Desk',
      reply_to: 'desk@cedar.test',
      to_name: '*|FNAME|*',
    });
    expect(mc?.html).toContain('Dear *|FNAME|* *|LNAME|*,');
    expect(mc?.html).toContain('href="*|UNSUB|*"');
    expect(mc?.plainText).toContain('Unsubscribe: *|UNSUB|*');
    expect(mc?.tracking).toMatchObject({ opens: false, html_clicks: false });
    // The segment was made with the members' emails (static_segment), the campaign sent to it.
    const [segmentCall] = segmentCreations(listId);
    const segmentBody = JSON.parse(segmentCall?.body ?? '{}') as { static_segment: string[] };
    expect(segmentBody.static_segment.sort()).toEqual([String(m0?.email), String(m1?.email)].sort());
    expect(mc?.segmentId).toBe(Number((await rowOf(tenant, campaign.id))?.mailchimpSegmentId));
    expect((await rowOf(tenant, campaign.id))?.mailchimpCampaignId).toBe(mc?.id);
    const send = stub.requests.filter((r) => r.path === `/us7/3.0/campaigns/${mc?.id}/actions/send`);
    expect(send).toHaveLength(1);
    // The member unsubscribed in Mailchimp is a failed recipient, with Mailchimp's reason.
    const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select()
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.tenantId, tenant.tenantId), eq(campaignRecipients.campaignId, campaign.id))),
    );
    expect(rows.find((r) => r.email === m3?.email)).toMatchObject({
      status: 'failed',
      lastError: "The address is unsubscribed in Mailchimp's audience.",
    });
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.messageId)).toEqual([mc?.id, mc?.id]);
  });

  it('a Mailchimp error pauses the campaign saying why; resume sends the same Mailchimp campaign, once', async () => {
    const { tenant, admin, listId, added } = await mailchimpStudio(3);
    const campaign = await create(tenant, admin, { provider: 'mailchimp' });
    stub.mcFailNext = { on: 'send', status: 500, detail: 'Something went wrong on our end.' };
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`)).statusCode).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    const paused = await get(tenant, admin, campaign.id);
    expect(paused).toMatchObject({
      status: 'paused',
      sent: 0,
      pausedReason:
        'Mailchimp could not be reached while sending the campaign (status 500: Something went wrong on our end.).',
    });
    expect(campaignsOf(listId)).toHaveLength(1);
    expect(campaignsOf(listId)[0]?.status).toBe('save');

    // A refusal (400) pauses too, with Mailchimp's words.
    const resumed = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    stub.mcFailNext = { on: 'content', status: 400, detail: 'Your HTML content is invalid.' };
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    expect((await get(tenant, admin, campaign.id)).pausedReason).toBe(
      'Mailchimp refused taking the content: Your HTML content is invalid.',
    );

    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/resume`)).statusCode).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    expect(await get(tenant, admin, campaign.id)).toMatchObject({ status: 'sent', sent: 3, pausedReason: '' });
    // One segment, one campaign, sent once to the three members.
    expect(segmentCreations(listId)).toHaveLength(1);
    expect(campaignsOf(listId)).toHaveLength(1);
    expect(stub.requests.filter((r) => r.method === 'POST' && r.path === '/us7/3.0/campaigns').length).toBeGreaterThan(
      0,
    );
    const [mc] = campaignsOf(listId);
    expect(mc?.sentTo.sort()).toEqual(added.map((c) => c.email).sort());
    expect(stub.requests.filter((r) => r.path === `/us7/3.0/campaigns/${mc?.id}/actions/send`)).toHaveLength(2);
  });

  it('a scheduled campaign is handed to Mailchimp with /actions/schedule; cancel unschedules it there', async () => {
    const { tenant, admin, listId, added } = await mailchimpStudio(2);
    const campaign = await create(tenant, admin);
    const offQuarter = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/schedule`, {
      scheduledAt: '2099-06-01T09:10',
    });
    expect(offQuarter.statusCode).toBe(400);
    expect(errorOf(offQuarter.body)).toMatchObject({ field: 'scheduledAt' });

    const scheduled = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/schedule`, {
      scheduledAt: '2099-06-01T09:15',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    // 09:15 in New York (summer time) is 13:15 UTC.
    expect(await get(tenant, admin, campaign.id)).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2099-06-01T13:15:00.000Z',
      total: 2,
      sent: 0,
    });
    const [mc] = campaignsOf(listId);
    expect(mc).toMatchObject({ status: 'schedule', scheduleTime: '2099-06-01T13:15:00.000Z' });
    expect(mc?.sentTo.sort()).toEqual(added.map((c) => c.email).sort());
    // Held by Mailchimp: not changed here, and the minute job does not send it again before its time.
    const change = await call(admin, tenant, 'PUT', `/rest/campaigns/${campaign.id}`, {
      name: 'Changed',
      audience: { kind: 'all' },
    });
    expect(change.statusCode).toBe(409);
    await runDueCampaigns(app.platform, { tenants: [tenant.tenantId] });
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    expect((await get(tenant, admin, campaign.id)).status).toBe('scheduled');
    expect(stub.requests.filter((r) => r.path === `/us7/3.0/campaigns/${mc?.id}/actions/send`)).toHaveLength(0);

    const cancelled = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<Campaign>(cancelled).status).toBe('cancelled');
    expect(mc?.status).toBe('paused');
    expect(stub.requests.filter((r) => r.path === `/us7/3.0/campaigns/${mc?.id}/actions/unschedule`)).toHaveLength(1);
    expect(campaignsOf(listId)).toHaveLength(1);
  });

  it('at its time, a campaign Mailchimp holds is marked sent by the minute job', async () => {
    const { tenant, admin, listId } = await mailchimpStudio(2);
    const campaign = await create(tenant, admin);
    const scheduled = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/schedule`, {
      scheduledAt: '2099-07-01T10:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    expect((await get(tenant, admin, campaign.id)).status).toBe('scheduled');
    app.platform.clock.set(new Date('2099-07-01T14:00:30Z'));
    try {
      await runDueCampaigns(app.platform, { tenants: [tenant.tenantId] });
    } finally {
      app.platform.clock.reset();
    }
    expect(await get(tenant, admin, campaign.id)).toMatchObject({ status: 'sent', sent: 2 });
    expect(campaignsOf(listId)).toHaveLength(1);
    expect(
      stub.requests.filter((r) => r.path === `/us7/3.0/campaigns/${campaignsOf(listId)[0]?.id}/actions/send`),
    ).toHaveLength(0);
  });

  it('refuses what Mailchimp cannot send, naming the field', async () => {
    const { tenant, admin } = await mailchimpStudio(1);
    const membership = await create(tenant, admin, { bodyHtml: '<p>Your {{membership}} renews soon.</p>' });
    const refused = await call(admin, tenant, 'POST', `/rest/campaigns/${membership.id}/send`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({ field: 'bodyHtml' });
    expect(errorOf(refused.body).message).toContain('{{membership}}');

    // Mailchimp chosen by a studio that has not connected it.
    const plain = await newTenant(app, { name: 'No Chimp' });
    const plainAdmin = (await loginAs(app, plain, 'admin')).access_token;
    await withTenant(app.platform.db, plain.tenantId, (tx) =>
      tx.insert(contacts).values({
        tenantId: plain.tenantId,
        email: `x-${randomBytes(3).toString('hex')}@nochimp.test`,
        name: 'X',
        role: 'student',
        subscribeToMailingList: true,
      }),
    );
    const chosen = await create(plain, plainAdmin, { provider: 'mailchimp' });
    const notConnected = await call(plainAdmin, plain, 'POST', `/rest/campaigns/${chosen.id}/send`);
    expect(notConnected.statusCode).toBe(400);
    expect(errorOf(notConnected.body)).toMatchObject({ field: 'provider' });
    // Another studio's campaign is a 404.
    const foreign = await call(plainAdmin, plain, 'POST', `/rest/campaigns/${membership.id}/send`);
    expect(foreign.statusCode).toBe(404);
  });
});

async function rowOf(tenant: TestTenant, id: string) {
  const [row] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id))),
  );
  return row;
}

describe("a campaign that became Mailchimp's when it started", () => {
  it('with a field Mailchimp cannot fill, pauses saying so and makes nothing in Mailchimp', async () => {
    const { tenant, admin, listId } = await mailchimpStudio(1);
    const campaign = await create(tenant, admin, { bodyHtml: '<p>Next: {{nextClass}}</p>' });
    // As the minute job starts a campaign scheduled before the studio's default became Mailchimp.
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      beginSending(tx, tenant.tenantId, campaign.id, { kind: 'all' }, new Date(), null),
    );
    await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
    expect(await get(tenant, admin, campaign.id)).toMatchObject({
      status: 'paused',
      provider: 'mailchimp',
      pausedReason:
        'Mailchimp cannot send this campaign: bodyHtml uses {{nextClass}}, which a Mailchimp campaign cannot fill: Mailchimp fills {{firstName}} and {{lastName}} only.',
    });
    expect(campaignsOf(listId)).toHaveLength(0);
  });
});

describe('a test send through Mailchimp', () => {
  it("is Mailchimp's test of the campaign the send then uses (one Mailchimp campaign)", async () => {
    const { tenant, admin, listId, added } = await mailchimpStudio(2);
    const campaign = await create(tenant, admin);
    const tested = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    const to = /sent to (.+)\.$/.exec(json<{ message: string }>(tested).message)?.[1];
    expect(to).toBe(tenant.users.admin.email);
    const [mc] = campaignsOf(listId);
    expect(campaignsOf(listId)).toHaveLength(1);
    expect(mc).toMatchObject({ status: 'save', tests: [[tenant.users.admin.email]], segmentId: null });
    expect(mc?.html).toContain('Dear *|FNAME|* *|LNAME|*,');
    expect(stub.requests.filter((r) => r.path === `/us7/3.0/campaigns/${mc?.id}/actions/test`)).toHaveLength(1);
    const body = JSON.parse(
      stub.requests.find((r) => r.path === `/us7/3.0/campaigns/${mc?.id}/actions/test`)?.body ?? '{}',
    ) as { test_emails: string[]; send_type: string };
    expect(body).toEqual({ test_emails: [tenant.users.admin.email], send_type: 'html' });

    // The send uses the same Mailchimp campaign, now with the segment of the audience.
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`)).statusCode).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    expect(await get(tenant, admin, campaign.id)).toMatchObject({ status: 'sent', sent: 2 });
    expect(campaignsOf(listId)).toHaveLength(1);
    expect(mc?.segmentId).not.toBeNull();
    expect(mc?.sentTo.sort()).toEqual(added.map((c) => c.email).sort());

    // Mailchimp refusing the test is a 502 with its reason.
    const second = await create(tenant, admin);
    stub.mcFailNext = { on: 'test', status: 400, detail: 'Your Campaign is not ready to send.' };
    const refused = await call(admin, tenant, 'POST', `/rest/campaigns/${second.id}/test`);
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused.body).message).toBe(
      'Mailchimp refused sending the test: Your Campaign is not ready to send.',
    );
  });

  it("reads Mailchimp's report after sending and hourly: the campaign's report shows Mailchimp's totals", async () => {
    const { tenant, admin, listId } = await mailchimpStudio(4);
    const campaign = await create(tenant, admin, { tracking: true });
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`)).statusCode).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    const report = async (token = admin, studio = tenant) =>
      call(token, studio, 'GET', `/rest/campaigns/${campaign.id}/report`);
    // Before Mailchimp's report is read: what was handed over, opens and clicks unknown (the read the send
    // queued runs in the background and may already be done: then its numbers are checked below)
    const before = json<CampaignReport>(await report());
    expect(before).toMatchObject({ sent: 4, mailchimp: { error: '' } });
    if (before.mailchimp?.readAt === null) expect(before).toMatchObject({ opened: null, clicked: null });

    // Sending queued the first read: Mailchimp has nothing yet but the sends.
    await app.platform.jobs.drain(MAILCHIMP_REPORT_QUEUE);
    const [mc] = campaignsOf(listId);
    const reads = () => stub.requests.filter((r) => r.method === 'GET' && r.path === `/us7/3.0/reports/${mc?.id}`);
    expect(reads()).toHaveLength(1);
    expect(json<CampaignReport>(await report())).toMatchObject({
      recipients: 4,
      sent: 4,
      delivered: 4,
      opened: 0,
      clicked: 0,
      bounced: 0,
      unsubscribed: 0,
    });

    // Members open, click, bounce and unsubscribe at Mailchimp; the hourly sweep reads the new totals.
    Object.assign(mc?.activity ?? {}, {
      opensTotal: 7,
      uniqueOpens: 3,
      clicksTotal: 4,
      uniqueSubscriberClicks: 2,
      hardBounces: 1,
      softBounces: 0,
      unsubscribed: 1,
    });
    expect(await sweepMailchimpReports(app.platform)).toBeGreaterThanOrEqual(1);
    await app.platform.jobs.drain(MAILCHIMP_REPORT_QUEUE);
    const filled = json<CampaignReport>(await report());
    expect(filled).toMatchObject({
      channel: 'email',
      recipients: 4,
      sent: 4,
      delivered: 3,
      opened: 3,
      clicked: 2,
      bounced: 1,
      unsubscribed: 1,
      mailchimp: { error: '', hardBounces: 1, softBounces: 0 },
    });
    expect(filled.mailchimp?.readAt).not.toBeNull();

    // Another studio's admin: the campaign is not theirs (404), and staff of this studio may read it.
    const other = await newTenant(app, { name: 'Birch Yoga' });
    const otherAdmin = (await loginAs(app, other, 'admin')).access_token;
    const foreign = await report(otherAdmin, other);
    expect(foreign.statusCode).toBe(404);
    const staff = (await loginAs(app, tenant, 'staff')).access_token;
    expect((await report(staff)).statusCode).toBe(200);

    // After the few days, the sweep no longer asks for it.
    app.platform.clock.set(new Date(Date.now() + 6 * 86_400_000));
    try {
      await sweepMailchimpReports(app.platform);
      await app.platform.jobs.drain(MAILCHIMP_REPORT_QUEUE);
      expect(reads()).toHaveLength(2);
    } finally {
      app.platform.clock.reset();
    }
  });

  it('a Mailchimp error reading the report keeps the last numbers and says so', async () => {
    const { tenant, admin, listId } = await mailchimpStudio(2);
    const campaign = await create(tenant, admin, { tracking: true });
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`)).statusCode).toBe(200);
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    const [mc] = campaignsOf(listId);
    // Read directly: the sweep also reads other tests' campaigns, which would take the failure meant here.
    const job = { tenantId: tenant.tenantId, campaignId: campaign.id };
    // (the report job the send queued may already have read Mailchimp before these numbers were set: it is let
    // finish, then the report is read again now)
    await app.platform.jobs.drain(MAILCHIMP_REPORT_QUEUE);
    Object.assign(mc?.activity ?? {}, { uniqueOpens: 2, opensTotal: 2, uniqueSubscriberClicks: 1, softBounces: 0 });
    expect(await readMailchimpReport(app.platform, job)).toBe(true);
    const read = json<CampaignReport>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}/report`));
    expect(read).toMatchObject({ sent: 2, opened: 2, clicked: 1, mailchimp: { error: '' } });

    // Mailchimp fails the next read: the numbers stay, with the reason and when it was tried.
    Object.assign(mc?.activity ?? {}, { uniqueOpens: 0, uniqueSubscriberClicks: 0 });
    stub.mcFailNext = { on: 'report', status: 500, detail: 'Something went wrong on our end.' };
    expect(await readMailchimpReport(app.platform, job)).toBe(false);
    const kept = json<CampaignReport>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}/report`));
    expect(kept).toMatchObject({
      sent: 2,
      opened: 2,
      clicked: 1,
      mailchimp: {
        readAt: read.mailchimp?.readAt,
        error:
          'Mailchimp could not be reached while reading the report (status 500: Something went wrong on our end.).',
      },
    });
    expect(kept.mailchimp?.checkedAt).not.toBeNull();

    // A revoked key says so too; the next good read clears the error.
    stub.mcFailNext = { on: 'report', status: 401, detail: 'Your API key may be invalid.' };
    expect(await readMailchimpReport(app.platform, job)).toBe(false);
    expect(
      json<CampaignReport>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}/report`)).mailchimp?.error,
    ).toBe('Mailchimp did not accept the API key: check it in Settings > Integrations > Mailchimp.');
    expect(await readMailchimpReport(app.platform, job)).toBe(true);
    expect(
      json<CampaignReport>(await call(admin, tenant, 'GET', `/rest/campaigns/${campaign.id}/report`)),
    ).toMatchObject({ opened: 0, clicked: 0, mailchimp: { error: '' } });
  });
});
