import { randomBytes } from 'node:crypto';
import {
  type CampaignEvent,
  type CampaignReport,
  phoneToE164,
  type SmsCampaign,
  type SmsCampaignList,
  type SmsEstimate,
  smsSegments,
  studioDialCode,
} from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, smsCampaignRecipients, smsOptOuts } from '../../db/schema/index.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import { claimPage, SMS_CAMPAIGN_PAGE_QUEUE, SMS_CLAIM_STALE_MS, sendSmsPage } from './sms-campaign-sending.ts';
import { plivoSignatureV3, twilioSignature } from './sms-webhooks.ts';

// SMS campaigns (docs/decisions/campaigns.md "SMS campaigns") on the Twilio and Plivo stand-ins:
// who may, another studio's 404, the estimate, pages with the wait between them, STOP honoured,
// signed webhooks, a provider that stops, a crash mid-page.

const TWILIO: [string, string] = ['AC00smscampaign0twilio', 'twilio-token-campaign-1'];
const PLIVO: [string, string] = ['MASMSCAMPAIGNPLIVO', 'plivo-token-campaign-1'];
const FROM = '+15550100000';

let app: App;
let stub: ProviderStub;
let s: Awaited<ReturnType<typeof twoStudios<'admin' | 'staff' | 'frontdesk' | 'student'>>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; field?: string } }).errors;

async function connectTwilio(tenant: TestTenant, token: string, pageSize = 2) {
  const r = await call(token, tenant, 'PUT', '/sms/tenant/twilio', {
    twilioSid: TWILIO[0],
    twilioToken: TWILIO[1],
    twilioPhone: FROM,
    pageSize,
    pageWaitTime: 3,
  });
  expect(r.statusCode, r.body).toBe(200);
}

beforeAll(async () => {
  stub = await startProviderStub({ twilio: [TWILIO], plivo: [PLIVO] });
  const base = loadConfig({});
  app = await startTestApp({ providerUrls: { ...base.providerUrls, twilio: stub.url, plivo: stub.url } });
  const settings = { country: 'GBR', currency: 'gbp', timezone: 'Europe/London' };
  s = await twoStudios(app, ['admin', 'staff', 'frontdesk', 'student'], {
    tenant: { name: 'Harbour Yoga', settings },
    other: { name: 'Other Studio', settings },
  });
  await connectTwilio(s.tenant, s.admin);
});
afterAll(() => stub?.close());

/** A studio's members with phones as people write them; the studio's own test student takes no marketing. */
async function addMembers(tenant: TestTenant, people: Array<{ name: string; phone: string; subscribe?: boolean }>) {
  await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    await tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.id, tenant.users.student.id));
    await tx.insert(contacts).values(
      people.map((p) => ({
        tenantId: tenant.tenantId,
        email: `${p.name.toLowerCase()}-${randomBytes(4).toString('hex')}@members.test`,
        name: p.name,
        lastName: 'Member',
        phone: p.phone,
        role: 'student' as const,
        subscribeToMailingList: p.subscribe ?? true,
      })),
    );
  });
}

/** Posts a form as Twilio does, signed with the studio's token over the studio's own address. */
function twilioPost(tenant: TestTenant, path: string, fields: Record<string, string>, token = TWILIO[1]) {
  const url = `${tenantOrigin(app.platform.config, { orgId: tenant.orgId, customDomain: null })}${path}`;
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      host: tenant.host,
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, url, fields),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
const stop = (tenant: TestTenant, from: string, word = 'STOP') =>
  twilioPost(tenant, '/webhooks/sms/twilio', { From: from, To: FROM, Body: word, MessageSid: 'SMin1' });

const textsTo = (to: string) => stub.sms.messages.filter((m) => m.to === to);

async function draft(tenant: TestTenant, token: string, body: string, name = 'Spring timetable') {
  const r = await call(token, tenant, 'POST', '/rest/sms-campaigns', { name, body, audience: { kind: 'all' } });
  expect(r.statusCode, r.body).toBe(201);
  return json<SmsCampaign>(r);
}
const get = async (tenant: TestTenant, token: string, id: string) =>
  json<SmsCampaign>(await call(token, tenant, 'GET', `/rest/sms-campaigns/${id}`));

describe('SMS text rules', () => {
  it('counts GSM-7 in 160/153 and UCS-2 in 70/67; a Turkish, Greek or Devanagari letter makes the text UCS-2', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('ΓΔΩ capitals are GSM').encoding).toBe('GSM-7');
    for (const name of ['Ayşe', 'Σοφία', 'नमस्ते']) expect(smsSegments(`Hi ${name}`).encoding).toBe('UCS-2');
    expect(smsSegments('ş'.repeat(70)).segments).toBe(1);
    expect(smsSegments('ş'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
  });

  it("puts national numbers in E.164 with the studio's country code and refuses what is not a number", () => {
    const uk = studioDialCode({ country: 'GBR' });
    expect(uk).toBe('+44');
    expect(phoneToE164('07700 900123', uk)).toBe('+447700900123');
    expect(phoneToE164('+1 (415) 555-0100', uk)).toBe('+14155550100');
    expect(phoneToE164('0044 7700 900123', uk)).toBe('+447700900123');
    expect(phoneToE164('14155550100', studioDialCode({ country: 'USA' }))).toBe('+14155550100');
    expect(phoneToE164('98765 43210', studioDialCode({ country: 'India' }))).toBe('+919876543210');
    for (const bad of ['', 'call me', '123', '+0123456789']) expect(phoneToE164(bad, uk)).toBeNull();
  });
});

describe('SMS campaigns: who may, and another studio', () => {
  it('admin and staff write them; the front desk and students get 403; another studio gets 404', async () => {
    const { tenant, other, otherAdmin, admin, staff, frontdesk, student } = s;
    const mine = await draft(tenant, admin, 'Hi {{firstName}}');
    const renamed = await call(staff, tenant, 'PUT', `/rest/sms-campaigns/${mine.id}`, {
      name: 'Renamed',
      body: 'Hi {{firstName}}',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const token of [frontdesk, student]) {
      expect((await call(token, tenant, 'GET', '/rest/sms-campaigns')).statusCode).toBe(403);
      expect((await call(token, tenant, 'POST', `/rest/sms-campaigns/${mine.id}/send`)).statusCode).toBe(403);
    }
    for (const [method, url] of [
      ['GET', `/rest/sms-campaigns/${mine.id}`],
      ['POST', `/rest/sms-campaigns/${mine.id}/send`],
      ['DELETE', `/rest/sms-campaigns/${mine.id}`],
    ] as const) {
      expect((await call(otherAdmin, other, method, url)).statusCode).toBe(404);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/rest/sms-campaigns', headers: { host: tenant.host } });
    expect(anonymous.statusCode).toBe(401);
    expect(json<SmsCampaignList>(await call(otherAdmin, other, 'GET', '/rest/sms-campaigns')).data).toEqual([]);
  });

  it("an email campaign's report: zeros before sending, 404 for another studio", async () => {
    const { tenant, other, otherAdmin, admin } = s;
    const created = await call(admin, tenant, 'POST', '/rest/campaigns', { name: 'News', subject: 'Hi' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = json<{ id: string }>(created);
    const report = await call(admin, tenant, 'GET', `/rest/campaigns/${id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(json<CampaignReport>(report)).toMatchObject({ channel: 'email', recipients: 0, sent: 0, bounced: 0 });
    expect((await call(otherAdmin, other, 'GET', `/rest/campaigns/${id}/report`)).statusCode).toBe(404);
  });

  it('refuses, naming the field: no body, an unknown merge field, no provider, nobody to text', async () => {
    const { tenant, admin } = s;
    const empty = await draft(tenant, admin, '');
    const noBody = await call(admin, tenant, 'POST', `/rest/sms-campaigns/${empty.id}/send`);
    expect(noBody.statusCode).toBe(400);
    expect(errorOf(noBody.body).field).toBe('body');
    const unknown = await call(admin, tenant, 'POST', '/rest/sms-campaigns', {
      name: 'x',
      body: 'Your plan: {{membership}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown.body)).toMatchObject({ field: 'body' });
    const bare = await newTenant(app, { name: 'No Texts' });
    const bareAdmin = (await loginAs(app, bare, 'admin')).access_token;
    const c = await draft(bare, bareAdmin, 'Hello');
    const noProvider = await call(bareAdmin, bare, 'POST', `/rest/sms-campaigns/${c.id}/send`);
    expect(noProvider.statusCode).toBe(400);
    expect(errorOf(noProvider.body).field).toBe('provider');
    await connectTwilio(bare, bareAdmin);
    await withTenant(app.platform.db, bare.tenantId, (tx) =>
      tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.tenantId, bare.tenantId)),
    );
    const nobody = await call(bareAdmin, bare, 'POST', `/rest/sms-campaigns/${c.id}/send`);
    expect(nobody.statusCode).toBe(400);
    expect(errorOf(nobody.body).field).toBe('audience');
  });
});

describe('SMS campaigns: sending in pages', () => {
  it('estimates, sends page by page with the wait between, honours STOP, counts delivery and opt-outs', async () => {
    const tenant = await newTenant(app, { name: 'Tide Pilates', settings: { country: 'GBR', currency: 'gbp' } });
    const admin = (await loginAs(app, tenant, 'admin')).access_token;
    await connectTwilio(tenant, admin);
    await addMembers(tenant, [
      { name: 'Ayşe', phone: '07700 900001' },
      { name: 'Bob', phone: '+44 7700 900002' },
      { name: 'Cara', phone: '+447700900003' },
      { name: 'Dev', phone: '' },
      { name: 'Eve', phone: 'ask at desk' },
      { name: 'Finn', phone: '+447700900006' },
      { name: 'Gus', phone: '07700900002' },
      { name: 'Hana', phone: '+447700900008' },
      { name: 'Ida', phone: '+447700900009', subscribe: false },
    ]);
    // Finn texted STOP before: left out and counted. A bad signature changes nothing.
    const forged = await twilioPost(
      tenant,
      '/webhooks/sms/twilio',
      { From: '+447700900003', Body: 'STOP' },
      'not-the-token',
    );
    expect(forged.statusCode).toBe(403);
    expect((await stop(tenant, '+447700900006')).statusCode).toBe(200);

    const text = 'Hi {{firstName}}, the spring timetable at {{studioName}} is out.';
    const estimate = await call(admin, tenant, 'POST', '/rest/sms-campaigns/estimate', {
      body: text,
      audience: { kind: 'all' },
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(json<SmsEstimate>(estimate)).toMatchObject({
      provider: 'twilio',
      senderId: FROM,
      recipients: 4, // Ayşe, Bob (Gus shares his number), Cara, Hana
      leftOutNoMobile: 2,
      leftOutOptedOut: 1,
      unicodeRecipients: 1,
      // Ayşe's text is UCS-2: 76 units over 70 make it 2 segments; the others are 1 each.
      segments: 5,
      segmentsPerMessage: 2,
      costMicroUsd: 5 * 52_400,
      pageSize: 2,
      pages: 2,
    });

    const campaign = await draft(tenant, admin, text);
    const sent = await call(admin, tenant, 'POST', `/rest/sms-campaigns/${campaign.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<SmsCampaign>(sent)).toMatchObject({ status: 'sending', total: 4, pageSize: 2, pageWaitMinutes: 3 });
    await app.platform.jobs.drain(SMS_CAMPAIGN_PAGE_QUEUE);

    const afterOne = await get(tenant, admin, campaign.id);
    expect(afterOne).toMatchObject({ status: 'sending', pagesSent: 1 });
    expect(afterOne.report).toMatchObject({ sent: 2, pending: 2 });
    const startedAt = new Date(afterOne.startedAt ?? '').getTime();
    expect(new Date(afterOne.nextPageAt ?? '').getTime() - startedAt).toBeGreaterThanOrEqual(3 * 60_000 - 1_000);
    // The next page is not due yet: draining sends nothing more.
    await app.platform.jobs.drain(SMS_CAMPAIGN_PAGE_QUEUE);
    expect((await get(tenant, admin, campaign.id)).report.sent).toBe(2);

    // One of page 2 texts STOP meanwhile: never texted.
    const waiting = await app.platform.db
      .select({ phone: smsCampaignRecipients.phone })
      .from(smsCampaignRecipients)
      .where(and(eq(smsCampaignRecipients.campaignId, campaign.id), eq(smsCampaignRecipients.status, 'pending')));
    // (not Ayşe, whose Unicode text is read below; which two numbers a page takes is not ordered)
    const stopper = waiting.find((row) => row.phone !== '+447700900001')?.phone ?? '';
    expect(stopper).not.toBe('');
    expect((await stop(tenant, stopper, 'stop')).statusCode).toBe(200);

    app.platform.clock.advance(3 * 60_000);
    try {
      await sendSmsPage(app.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
    } finally {
      app.platform.clock.reset();
    }
    const done = await get(tenant, admin, campaign.id);
    expect(done).toMatchObject({ status: 'sent', pagesSent: 2, leftOutNoMobile: 2, leftOutOptedOut: 1 });
    expect(done.report).toMatchObject({ channel: 'sms', recipients: 4, sent: 3, pending: 0, opened: null });
    expect(textsTo(stopper)).toHaveLength(0);
    for (const phone of ['+447700900001', '+447700900002', '+447700900003', '+447700900008']) {
      expect(textsTo(phone).length).toBeLessThanOrEqual(1);
    }
    expect(textsTo('+447700900006')).toHaveLength(0);
    expect(textsTo('+447700900009')).toHaveLength(0);
    const ayse = textsTo('+447700900001')[0];
    expect(ayse).toMatchObject({ provider: 'twilio', from: FROM });
    expect(ayse?.body).toBe('Hi Ayşe, the spring timetable at Tide Pilates is out.\nReply STOP to opt out.');

    // Delivery status (signed) and a STOP after the text: delivered 1, unsubscribed 1.
    const [row] = await app.platform.db
      .select()
      .from(smsCampaignRecipients)
      .where(and(eq(smsCampaignRecipients.campaignId, campaign.id), eq(smsCampaignRecipients.status, 'sent')));
    const status = await twilioPost(tenant, '/webhooks/sms/twilio/status', {
      MessageSid: row?.providerMessageId ?? '',
      MessageStatus: 'delivered',
    });
    expect(status.statusCode, status.body).toBe(204);
    expect((await stop(tenant, row?.phone ?? '', 'Unsubscribe')).statusCode).toBe(200);
    expect((await get(tenant, admin, campaign.id)).report).toMatchObject({ sent: 3, delivered: 1, unsubscribed: 1 });

    // The contact's timeline: the text sent, then delivered and STOP where they came.
    const events = await call(admin, tenant, 'GET', `/rest/contact/${row?.contactId}/campaign-events`);
    expect(events.statusCode, events.body).toBe(200);
    expect(json<CampaignEvent[]>(events).map((e) => `${e.channel} ${e.kind} ${e.campaignName}`)).toEqual(
      expect.arrayContaining([
        'sms sent Spring timetable',
        'sms delivered Spring timetable',
        'sms opted_out Spring timetable',
      ]),
    );
    const otherAdmin = (await loginAs(app, s.other, 'admin')).access_token;
    expect((await call(otherAdmin, s.other, 'GET', `/rest/contact/${row?.contactId}/campaign-events`)).statusCode).toBe(
      404,
    );

    // START opts the number back in.
    expect((await stop(tenant, stopper, 'START')).statusCode).toBe(200);
    const back = await app.platform.db
      .select()
      .from(smsOptOuts)
      .where(and(eq(smsOptOuts.tenantId, tenant.tenantId), eq(smsOptOuts.phone, stopper)));
    expect(back).toHaveLength(0);
  });

  it('a provider that stops pauses the campaign with the reason; a crash mid-page texts nobody twice', async () => {
    const tenant = await newTenant(app, { name: 'Crash Yoga', settings: { country: 'GBR', currency: 'gbp' } });
    const admin = (await loginAs(app, tenant, 'admin')).access_token;
    await connectTwilio(tenant, admin);
    const phones = ['+447711000001', '+447711000002', '+447711000003', '+447711000004', '+447711000005'];
    await addMembers(
      tenant,
      phones.map((phone, i) => ({ name: `M${i}`, phone })),
    );
    const campaign = await draft(tenant, admin, 'Workshop Saturday, {{firstName}}!');
    const job = { tenantId: tenant.tenantId, campaignId: campaign.id };
    expect((await call(admin, tenant, 'POST', `/rest/sms-campaigns/${campaign.id}/send`)).statusCode).toBe(200);

    // The provider answers 500: paused, the page's rows back to pending.
    stub.sms.failNext = 1;
    await app.platform.jobs.drain(SMS_CAMPAIGN_PAGE_QUEUE);
    const paused = await get(tenant, admin, campaign.id);
    expect(paused.status).toBe('paused');
    expect(paused.pausedReason).toMatch(/Twilio did not take the texts/);
    expect(paused.report).toMatchObject({ sent: 0, pending: 5 });

    // Resumed: page 1 goes. Then a page is claimed and its process dies before calling the provider.
    expect((await call(admin, tenant, 'POST', `/rest/sms-campaigns/${campaign.id}/resume`)).statusCode).toBe(200);
    await app.platform.jobs.drain(SMS_CAMPAIGN_PAGE_QUEUE);
    expect((await get(tenant, admin, campaign.id)).report.sent).toBe(2);
    app.platform.clock.advance(3 * 60_000);
    const crashed = await claimPage(app.platform, job, app.platform.clock.now());
    expect(crashed).toHaveLength(2);
    // A page run while the claim is fresh leaves those rows alone.
    await sendSmsPage(app.platform, job);
    expect((await get(tenant, admin, campaign.id)).report.sent).toBe(2);
    // Later, the claimed rows are unconfirmed (never texted again) and the rest is sent.
    app.platform.clock.advance(SMS_CLAIM_STALE_MS + 60_000);
    try {
      await sendSmsPage(app.platform, job);
    } finally {
      app.platform.clock.reset();
    }
    const done = await get(tenant, admin, campaign.id);
    expect(done.status).toBe('sent');
    expect(done.report).toMatchObject({ recipients: 5, sent: 3, unconfirmed: 2, pending: 0 });
    for (const phone of phones) expect(textsTo(phone).length).toBeLessThanOrEqual(1);
    for (const row of crashed) expect(textsTo(row.phone)).toHaveLength(0);
  });

  it("Plivo's signed STOP (V3) opts a number out; unsigned is refused", async () => {
    const tenant = await newTenant(app, { name: 'Plum Studio', settings: { country: 'USA' } });
    const admin = (await loginAs(app, tenant, 'admin')).access_token;
    const saved = await call(admin, tenant, 'PUT', '/sms/tenant/plivo', {
      plivoAuthId: PLIVO[0],
      plivoAuthToken: PLIVO[1],
      plivoSenderId: '15550100009',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const path = '/webhooks/sms/plivo';
    const fields = { From: '14155550123', To: '15550100009', Text: 'STOP', Type: 'sms', MessageUUID: 'u-1' };
    const url = `${tenantOrigin(app.platform.config, { orgId: tenant.orgId, customDomain: null })}${path}`;
    const nonce = '12345678901234567890';
    const post = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { host: tenant.host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
    expect((await post({})).statusCode).toBe(403);
    const ok = await post({
      'x-plivo-signature-v3': plivoSignatureV3(PLIVO[1], url, fields, nonce),
      'x-plivo-signature-v3-nonce': nonce,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await app.platform.db.select().from(smsOptOuts).where(eq(smsOptOuts.tenantId, tenant.tenantId));
    expect(rows).toMatchObject([{ phone: '+14155550123', source: 'plivo' }]);
  });
});
