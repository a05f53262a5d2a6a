import { randomBytes } from 'node:crypto';
import type { Campaign, CampaignSenders } from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts, outboxEmails, tenantCredentials } from '../../db/schema/index.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';
import { type ApiSender, apiSenderFor } from './campaign-senders.ts';
import { beginSending, runCampaignBatches, sendApiBatch } from './campaign-sending.ts';

// Sending through Brevo's API (its local stand-in counts what it accepted), pausing on a stopped
// provider and resuming without sending anyone twice, Brevo's webhooks, opens and clicks.

const BREVO_KEY = 'xkeysib-campaigns-test-key-000001';
let app: App;
let stub: ProviderStub;

beforeAll(async () => {
  stub = await startProviderStub({ brevo: [BREVO_KEY], mailboxTokens: ['gmail-token', 'graph-token'] });
  const base = loadConfig({});
  app = await startTestApp({
    providerUrls: { ...base.providerUrls, brevo: stub.url, gmailApi: stub.url, graphApi: stub.url },
  });
});
afterAll(() => stub.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; field?: string } }).errors;

/** A studio with Brevo connected (through the integrations route, checked at the stand-in) and `people` members. */
async function brevoStudio(people: number, brevo = true) {
  const tenant = await newTenant(app, { name: 'Lotus Yoga' });
  const admin = (await loginAs(app, tenant, 'admin')).access_token;
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.tenantId, tenant.tenantId)),
  );
  if (brevo) {
    const saved = await call(admin, tenant, 'PUT', '/campaign/tenant/brevo', {
      sibApiKey: BREVO_KEY,
      fromName: 'Lotus Yoga',
      fromEmail: 'hello@lotus.test',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const tag = randomBytes(3).toString('hex');
  if (people === 0) return { tenant, admin, added: [] };
  const added = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .insert(contacts)
      .values(
        Array.from({ length: people }, (_, i) => ({
          tenantId: tenant.tenantId,
          email: `p${i}-${tag}@members.test`,
          name: `P${i}`,
          lastName: 'Member',
          role: 'student' as const,
          subscribeToMailingList: true,
        })),
      )
      .returning({ id: contacts.id, email: contacts.email }),
  );
  return { tenant, admin, added };
}

async function create(tenant: TestTenant, token: string, extra: object = {}): Promise<Campaign> {
  const response = await call(token, tenant, 'POST', '/rest/campaigns', {
    name: 'Spring timetable',
    subject: 'Hello {{firstName}}',
    bodyHtml:
      '<p>Dear {{firstName}},</p><p><a href="https://lotus.test/timetable?week=1&amp;x=2">See the timetable</a></p>',
    audience: { kind: 'all' },
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Campaign>(response);
}

/** Marks it sending (recipients made) without queueing its job, so the test runs the batches. */
const begin = (tenant: TestTenant, campaign: Campaign) =>
  withTenant(app.platform.db, tenant.tenantId, (tx) =>
    beginSending(tx, tenant.tenantId, campaign.id, { kind: 'all' }, new Date(), campaign.provider),
  );

const get = async (tenant: TestTenant, token: string, id: string) =>
  json<Campaign>(await call(token, tenant, 'GET', `/rest/campaigns/${id}`));

/** Emails the stand-in accepted for these addresses: each address with how many times. */
function deliveries(addresses: string[]): Map<string, number> {
  const wanted = new Set(addresses);
  const counts = new Map<string, number>();
  for (const email of stub.brevo.emails) {
    if (wanted.has(email.to)) counts.set(email.to, (counts.get(email.to) ?? 0) + 1);
  }
  return counts;
}
const exactlyOnce = (addresses: string[]) => {
  const counts = deliveries(addresses);
  expect(counts.size).toBe(addresses.length);
  expect(
    [...counts.values()].every((n) => n === 1),
    JSON.stringify([...counts]),
  ).toBe(true);
};

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('campaigns through Brevo', () => {
  it('goes through Brevo by default once it is connected: one call per recipient, with their own unsubscribe headers', async () => {
    const { tenant, admin, added } = await brevoStudio(4);
    const campaign = await create(tenant, admin, { fromName: 'Lotus Front Desk', replyTo: 'desk@lotus.test' });
    expect(campaign).toMatchObject({ provider: null, sendVia: 'brevo' });
    const sent = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    await until(async () => (await get(tenant, admin, campaign.id)).status === 'sent');
    const done = await get(tenant, admin, campaign.id);
    expect(done).toMatchObject({ provider: 'brevo', sendVia: 'brevo', total: 4, sent: 4, failed: 0 });
    exactlyOnce(added.map((c) => c.email));
    const mine = stub.brevo.emails.filter((e) => e.to === added[0]?.email);
    expect(mine[0]).toMatchObject({
      apiKey: BREVO_KEY,
      from: 'hello@lotus.test',
      fromName: 'Lotus Front Desk',
      replyTo: 'desk@lotus.test',
      subject: 'Hello P0',
    });
    expect(mine[0]?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/.+\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(mine[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mine[0]?.headers.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Tracking off: links as written, no image.
    expect(mine[0]?.html).toContain('href="https://lotus.test/timetable?week=1&amp;x=2"');
    expect(mine[0]?.html).not.toContain('/t/o/');
  });

  it('a stopped provider pauses the campaign with the reason; resume sends the rest, no one twice', async () => {
    const { tenant, admin, added } = await brevoStudio(7);
    const campaign = await create(tenant, admin, { provider: 'brevo' });
    await begin(tenant, campaign);
    const job = { tenantId: tenant.tenantId, campaignId: campaign.id };
    const sender = await apiSenderFor(app.platform, tenant.tenantId, 'brevo', null);
    expect((await sendApiBatch(app.platform, job, sender, 3)).claimed).toBe(3);

    stub.brevo.down = 500;
    await runCampaignBatches(app.platform, job, 3);
    const paused = await get(tenant, admin, campaign.id);
    expect(paused).toMatchObject({
      status: 'paused',
      sent: 3,
      pausedReason: 'Brevo answered 500: Service unavailable',
    });

    // The key revoked: the same pause, with Brevo's words.
    stub.brevo.down = 401;
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/resume`)).statusCode).toBe(200);
    await until(async () => (await get(tenant, admin, campaign.id)).status === 'paused');
    expect((await get(tenant, admin, campaign.id)).pausedReason).toBe(
      'Brevo did not accept the API key (401): Key not found',
    );
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`)).statusCode).toBe(409);

    stub.brevo.down = null;
    const resumed = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    await until(async () => (await get(tenant, admin, campaign.id)).status === 'sent');
    expect(await get(tenant, admin, campaign.id)).toMatchObject({ sent: 7, pausedReason: '' });
    exactlyOnce(added.map((c) => c.email));
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/resume`)).statusCode).toBe(409);
  });

  it('a lost answer and a worker that died after sending: sent again with the same key, which Brevo sends once', async () => {
    const { tenant, admin, added } = await brevoStudio(6);
    const campaign = await create(tenant, admin, { provider: 'brevo' });
    await begin(tenant, campaign);
    const job = { tenantId: tenant.tenantId, campaignId: campaign.id };

    // Brevo took the email but the answer never came, three times (the first try and two more with
    // the same key): paused, "could not be reached".
    stub.brevo.dropAnswerNext = 3;
    const brevo = await apiSenderFor(app.platform, tenant.tenantId, 'brevo', null);
    expect((await sendApiBatch(app.platform, job, brevo, 1)).stopped).toMatch(/^Brevo could not be reached \(.+\)\.$/);
    expect(stub.brevo.replayed).toBeGreaterThanOrEqual(2);
    expect((await get(tenant, admin, campaign.id)).status).toBe('paused');
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaign.id)),
    );

    // A worker that sent two and died before writing it down: its rows stay claimed.
    let calls = 0;
    const dying: ApiSender = {
      provider: 'brevo',
      resendsSafely: true,
      send: async (email) => {
        calls += 1;
        if (calls > 2) throw new Error('killed');
        return brevo.send(email);
      },
    };
    await expect(sendApiBatch(app.platform, job, dying, 3)).rejects.toThrow('killed');
    // Within the lease nothing takes them; after it, they are taken again.
    await runCampaignBatches(app.platform, job, 3);
    const claimed = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, 'claimed'))),
    );
    expect(claimed[0]?.n).toBe(3);
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .update(campaignRecipients)
        .set({ claimedAt: sql`now() - interval '5 minutes'` })
        .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, 'claimed'))),
    );
    await runCampaignBatches(app.platform, job, 3);
    expect(await get(tenant, admin, campaign.id)).toMatchObject({ status: 'sent', sent: 6 });
    exactlyOnce(added.map((c) => c.email));
  });

  it("waits out Brevo's rate limit (429 and its reset) and sends everyone", async () => {
    const { tenant, admin, added } = await brevoStudio(6);
    const campaign = await create(tenant, admin, { provider: 'brevo' });
    await begin(tenant, campaign);
    stub.brevo.ratePerSecond = 3;
    const throttled = stub.brevo.throttled;
    try {
      await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
    } finally {
      stub.brevo.ratePerSecond = null;
    }
    expect(stub.brevo.throttled).toBeGreaterThan(throttled);
    expect(await get(tenant, admin, campaign.id)).toMatchObject({ status: 'sent', sent: 6 });
    exactlyOnce(added.map((c) => c.email));
  });

  it('Brevo chosen but not connected, a Zoho mailbox, another studio: refused, naming the field', async () => {
    const { tenant, admin } = await brevoStudio(1, false);
    const other = await brevoStudio(0);
    const campaign = await create(tenant, admin, { provider: 'brevo' });
    expect(campaign.sendVia).toBe('brevo');
    const send = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/send`);
    expect(send.statusCode).toBe(400);
    expect(errorOf(send.body)).toMatchObject({ field: 'provider' });

    // A Zoho mailbox the admin connected (Settings > Integrations > Connect email).
    const zohoId = await connectMailbox(tenant, 'zohomail', 'owner@zoho.test', 'zoho-token');
    const senders = json<CampaignSenders>(await call(admin, tenant, 'GET', '/rest/campaigns/senders'));
    expect(senders).toMatchObject({
      defaultProvider: 'smtp',
      brevo: { connected: false },
      mailboxes: [{ id: zohoId, email: 'owner@zoho.test', refused: 'Bulk email not supported for Zoho Mail' }],
    });
    expect(senders.brevoWebhookUrl).toMatch(/\/webhooks\/brevo\/[\w-]+$/);
    const pick = await call(admin, tenant, 'PUT', `/rest/campaigns/${campaign.id}`, {
      name: 'Spring',
      provider: 'mailbox',
      mailboxId: zohoId,
    });
    expect(pick.statusCode).toBe(400);
    expect(errorOf(pick.body)).toEqual({
      code: expect.any(String),
      field: 'mailboxId',
      message: 'Bulk email not supported for Zoho Mail',
    });
    const noMailbox = await call(admin, tenant, 'PUT', `/rest/campaigns/${campaign.id}`, {
      name: 'Spring',
      provider: 'mailbox',
    });
    expect(errorOf(noMailbox.body)).toMatchObject({ field: 'mailboxId' });
    // Another studio's campaign and mailbox are not this studio's.
    const theirs = await create(other.tenant, other.admin);
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${theirs.id}/resume`)).statusCode).toBe(404);
    const foreign = await call(other.admin, other.tenant, 'PUT', `/rest/campaigns/${theirs.id}`, {
      name: 'x',
      provider: 'mailbox',
      mailboxId: zohoId,
    });
    expect(errorOf(foreign.body)).toMatchObject({
      field: 'mailboxId',
      message: 'mailboxId is not a mailbox connected to this studio.',
    });
    const student = (await loginAs(app, tenant, 'student')).access_token;
    expect((await call(student, tenant, 'GET', '/rest/campaigns/senders')).statusCode).toBe(403);
  });
});

/** A mailbox the studio's admin connected (Settings > Integrations > Connect email), its token good for an hour. */
async function connectMailbox(tenant: TestTenant, productName: string, email: string, accessToken: string) {
  const vault = new CredentialVault(await credentialsKey(app.platform.db, app.platform.config));
  const provider = `mail:${tenant.users.admin.id}:${email}`;
  const [row] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .insert(tenantCredentials)
      .values({
        tenantId: tenant.tenantId,
        provider,
        kind: 'oauth',
        ...vault.seal(tenant.tenantId, provider, { accessToken, refreshToken: 'refresh' }),
        hint: '',
        publicFields: {
          productName,
          email,
          userId: tenant.users.admin.id,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
        isIntegrated: true,
      })
      .returning({ id: tenantCredentials.id }),
  );
  return row?.id ?? '';
}

describe('campaigns through a connected mailbox', () => {
  it('Gmail (raw RFC 822) and Microsoft 365 (Graph MIME): each recipient once, with their headers; a stopped mailbox pauses', async () => {
    const { tenant, admin, added } = await brevoStudio(3, false);
    const gmail = await connectMailbox(tenant, 'googlemail', 'owner@gmail.test', 'gmail-token');
    const graph = await connectMailbox(tenant, 'outlookmail', 'owner@outlook.test', 'graph-token');
    for (const [mailboxId, api] of [
      [gmail, 'gmail'],
      [graph, 'graph'],
    ] as const) {
      const campaign = await create(tenant, admin, { provider: 'mailbox', mailboxId });
      expect(campaign).toMatchObject({ sendVia: 'mailbox', mailboxId });
      await begin(tenant, campaign);
      await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
      expect(await get(tenant, admin, campaign.id)).toMatchObject({ status: 'sent', sent: 3 });
      const mine = stub.mailbox.messages.filter((m) => m.api === api);
      // Each recipient once, by name and address.
      expect(mine.map((m) => /<([^>]+)>/.exec(m.to)?.[1]).sort()).toEqual(added.map((c) => c.email).sort());
      expect(mine.find((m) => m.to.includes(added[0]?.email ?? '?'))?.to).toBe(`P0 Member <${added[0]?.email}>`);
      expect(mine[0]?.headers.from).toContain(api === 'gmail' ? 'owner@gmail.test' : 'owner@outlook.test');
      expect(mine[0]?.headers['list-unsubscribe']).toMatch(/^<http:\/\/.+\/unsubscribe\//);
      expect(mine[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mine[0]?.messageId).toMatch(/^<[0-9a-f-]{36}@/);
    }
    const stopped = await create(tenant, admin, { provider: 'mailbox', mailboxId: gmail });
    await begin(tenant, stopped);
    stub.mailbox.down = 500;
    try {
      await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: stopped.id });
    } finally {
      stub.mailbox.down = null;
    }
    expect(await get(tenant, admin, stopped.id)).toMatchObject({
      status: 'paused',
      sent: 0,
      pausedReason: 'Gmail answered 500: Backend Error',
    });
  });
});

describe("Brevo's webhooks", () => {
  it('a hard bounce, a complaint and an unsubscribe mark the address, which every audience then leaves out', async () => {
    const { tenant, admin, added } = await brevoStudio(5);
    const other = await brevoStudio(0);
    const count = async () =>
      json<{ count: number }>(
        await call(admin, tenant, 'POST', '/rest/campaigns/audience/count', { audience: { kind: 'all' } }),
      ).count;
    expect(await count()).toBe(5);
    const url = json<CampaignSenders>(await call(admin, tenant, 'GET', '/rest/campaigns/senders')).brevoWebhookUrl;
    const path = new URL(url).pathname;
    const post = (host: string, target: string, payload: object) =>
      app.inject({ method: 'POST', url: target, headers: { host }, payload });
    const [a, b, c, d] = added.map((x) => x.email);
    const hooked = await post(tenant.host, path, [
      { event: 'hard_bounce', email: a?.toUpperCase(), 'message-id': '<x@smtp-relay.mailin.fr>' },
      { event: 'spam', email: b },
      { event: 'unsubscribed', email: c },
      { event: 'soft_bounce', email: d },
      { event: 'delivered', email: d },
    ]);
    expect(hooked.statusCode, hooked.body).toBe(200);
    expect(json<{ marked: number }>(hooked).marked).toBe(3);
    expect(await count()).toBe(2);
    // Brevo also posts one event at a time.
    expect((await post(tenant.host, path, { event: 'hard_bounce', email: d })).statusCode).toBe(200);
    expect(await count()).toBe(1);
    const unsubscribed = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ on: contacts.subscribeToMailingList })
        .from(contacts)
        .where(eq(contacts.email, c ?? '')),
    );
    expect(unsubscribed[0]?.on).toBe(false);
    // A wrong secret, or this studio's secret on another studio's host: 404, nothing marked.
    const wrong = await post(tenant.host, `${path.slice(0, -2)}xx`, { event: 'spam', email: added[4]?.email });
    expect(wrong.statusCode).toBe(404);
    expect((await post(other.tenant.host, path, { event: 'spam', email: added[4]?.email })).statusCode).toBe(404);
    expect(await count()).toBe(1);
    expect((await post(tenant.host, path, { nothing: true })).statusCode).toBe(400);
  });
});

describe('opens and clicks', () => {
  it('with tracking on: an image and wrapped links, counted per campaign; a changed link is a 404', async () => {
    const { tenant, admin, added } = await brevoStudio(2);
    const campaign = await create(tenant, admin, { provider: 'brevo', tracking: true });
    await begin(tenant, campaign);
    await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: campaign.id });
    const html = stub.brevo.emails.find((e) => e.to === added[0]?.email)?.html ?? '';
    const pixel = /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(html)?.[1] ?? '';
    const link = (/href="([^"]+\/t\/c\/[^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');
    expect(pixel).not.toBe('');
    expect(link).not.toBe('');
    // The unsubscribe link is left as written.
    expect(html).toMatch(/href="http:\/\/[^"]+\/unsubscribe\//);
    const open = (path: string) => app.inject({ method: 'GET', url: path, headers: { host: tenant.host } });
    const image = await open(new URL(pixel).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    await open(new URL(pixel).pathname);
    const target = new URL(link);
    const click = await open(`${target.pathname}${target.search}`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://lotus.test/timetable?week=1&x=2');
    target.searchParams.set('u', 'https://elsewhere.test/');
    expect((await open(`${target.pathname}${target.search}`)).statusCode).toBe(404);
    // Another studio's host does not count this studio's image.
    const other = await brevoStudio(0);
    await app.inject({ method: 'GET', url: new URL(pixel).pathname, headers: { host: other.tenant.host } });
    expect(await get(tenant, admin, campaign.id)).toMatchObject({
      tracking: true,
      opens: 2,
      uniqueOpens: 1,
      clicks: 1,
      uniqueClicks: 1,
    });
  });
});

describe("a test send goes through the campaign's provider", () => {
  /** The test emails (subject `[Test] …`) the outbox holds for this studio: SMTP's. */
  const smtpTests = (tenant: TestTenant) =>
    withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, tenant.tenantId), sql`${outboxEmails.subject} like '[Test] %'`)),
    );
  const addressOf = (message: string) => /sent to (.+)\.$/.exec(message)?.[1] ?? '?';

  it('Brevo (the default once connected), a Gmail mailbox, SMTP when chosen; a stopped provider is a 502 with its reason', async () => {
    const { tenant, admin } = await brevoStudio(1);
    const campaign = await create(tenant, admin);
    const viaBrevo = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/test`);
    expect(viaBrevo.statusCode, viaBrevo.body).toBe(200);
    const to = addressOf(json<{ message: string }>(viaBrevo).message);
    const brevoTests = stub.brevo.emails.filter((e) => e.to === to && e.subject.startsWith('[Test] Hello'));
    expect(brevoTests).toHaveLength(1);
    expect(brevoTests[0]).toMatchObject({ apiKey: BREVO_KEY, from: 'hello@lotus.test' });
    expect(brevoTests[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await smtpTests(tenant)).toHaveLength(0);

    const gmail = await connectMailbox(tenant, 'googlemail', 'desk@gmail.test', 'gmail-token');
    const viaGmail = await create(tenant, admin, { provider: 'mailbox', mailboxId: gmail });
    const gmailTest = await call(admin, tenant, 'POST', `/rest/campaigns/${viaGmail.id}/test`);
    expect(gmailTest.statusCode, gmailTest.body).toBe(200);
    const sentByGmail = stub.mailbox.messages.filter((m) => m.api === 'gmail' && m.to.includes(to));
    expect(sentByGmail).toHaveLength(1);
    expect(sentByGmail[0]?.headers.from).toContain('desk@gmail.test');
    expect(sentByGmail[0]?.subject).toMatch(/^\[Test\] Hello/);
    expect(await smtpTests(tenant)).toHaveLength(0);

    const viaSmtp = await create(tenant, admin, { provider: 'smtp' });
    expect((await call(admin, tenant, 'POST', `/rest/campaigns/${viaSmtp.id}/test`)).statusCode).toBe(200);
    expect(await smtpTests(tenant)).toEqual([{ to, subject: expect.stringMatching(/^\[Test\] Hello/) }]);
    expect(stub.brevo.emails.filter((e) => e.to === to)).toHaveLength(1);

    stub.brevo.down = 500;
    try {
      const down = await call(admin, tenant, 'POST', `/rest/campaigns/${campaign.id}/test`);
      expect(down.statusCode).toBe(502);
      expect(errorOf(down.body).message).toBe('Brevo answered 500: Service unavailable');
    } finally {
      stub.brevo.down = null;
    }
    // Brevo chosen by a studio without it: a 400 naming provider.
    const { tenant: plain, admin: plainAdmin } = await brevoStudio(1, false);
    const chosen = await create(plain, plainAdmin, { provider: 'brevo' });
    const refused = await call(plainAdmin, plain, 'POST', `/rest/campaigns/${chosen.id}/test`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({ field: 'provider' });
  });
});
