import { randomBytes, randomUUID } from 'node:crypto';
import type { Campaign, CampaignPreview } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { type SmtpTestServer, startAppWithSmtp } from '../../../test/mail-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { classBookings, classRules, classSessions, contacts, subscriptions } from '../../db/schema/index.ts';
import { makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { plainTextOf } from './campaign-render.ts';
import { CAMPAIGN_BATCH_QUEUE, runCampaignBatches } from './campaign-sending.ts';

// Designed campaigns (docs/decisions/campaigns.md "Designed emails"): MJML rendered by mjml on the
// server, the brand and merge fields filled, a plain-text part made, invalid MJML refused by field.

let app: App;
let smtp: SmtpTestServer;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithSmtp());
});
afterAll(() => smtp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; field?: string } }).errors;

const DESIGN = `<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section background-color="{{studioColor}}">
      <mj-column>
        <mj-image src="{{studioLogo}}" alt="{{studioName}}" width="120px" />
        <mj-text color="{{studioColorText}}" font-size="24px">{{studioName}} news</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text>Hello {{firstName}}, your membership: {{membership}}.</mj-text>
        <mj-text>Your next class: {{nextClass}}.</mj-text>
        <mj-button href="https://example.test/timetable">See the timetable</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const campaignBody = (extra: object = {}) => ({
  name: 'Designed newsletter',
  subject: 'News for {{firstName}}',
  bodyMjml: DESIGN,
  design: { pages: [{ component: 'kept as given' }] },
  audience: { kind: 'all' },
  ...extra,
});

async function studioWith(settings: Record<string, unknown> = {}) {
  const tenant = await newTenant(app, { name: 'Lotus & Co', settings });
  await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const { eq } = await import('drizzle-orm');
    await tx.update(contacts).set({ subscribeToMailingList: false }).where(eq(contacts.id, tenant.users.student.id));
  });
  return { tenant, admin: (await loginAs(app, tenant, 'admin')).access_token };
}

/** The parts of a received message (quoted-printable decoded): its plain text and its HTML. */
function partsOf(message: string): { text: string; html: string } {
  const sections = message.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = (type: string) => {
    const section = sections.find((s) => new RegExp(`^Content-Type: ${type}`, 'im').test(s)) ?? '';
    return section
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n');
  };
  return { text: part('text/plain'), html: part('text/html') };
}

describe('designed campaigns: saving', () => {
  it('keeps the MJML and the designer project; the rich-text body is left empty', async () => {
    const { tenant, admin } = await studioWith();
    const response = await call(admin, tenant, 'POST', '/rest/campaigns', campaignBody({ bodyHtml: '<p>old</p>' }));
    expect(response.statusCode, response.body).toBe(201);
    const campaign = json<Campaign>(response);
    expect(campaign.bodyMjml).toBe(DESIGN);
    expect(campaign.bodyHtml).toBe('');
    expect(campaign.design).toEqual({ pages: [{ component: 'kept as given' }] });
    // Back to rich text: the design is dropped.
    const plain = await call(admin, tenant, 'PUT', `/rest/campaigns/${campaign.id}`, {
      ...campaignBody(),
      bodyMjml: '',
      bodyHtml: '<p>Hi {{firstName}}</p>',
    });
    expect(json<Campaign>(plain)).toMatchObject({ bodyMjml: '', design: null, bodyHtml: '<p>Hi {{firstName}}</p>' });
  });

  it('refuses invalid MJML, scripts and unknown merge fields with a 400 naming bodyMjml', async () => {
    const { tenant, admin } = await studioWith();
    const cases: Array<[string, RegExp]> = [
      ['<mjml><mj-body><mj-text>loose text</mj-text></mj-body></mjml>', /mj-text/],
      ['<mjml><mj-body><mj-section><mj-column><mj-txt>x</mj-txt></mj-column></mj-section></mj-body></mjml>', /mj-txt/],
      ['<p>not an email design</p>', /<mjml>/],
      [DESIGN.replace('</mj-column>', '<mj-raw><script>alert(1)</script></mj-raw></mj-column>'), /scripts/],
      [DESIGN.replace('See the timetable', '<a href="javascript:alert(1)">go</a>'), /scripts/],
      [DESIGN.replace('{{membership}}', '{{plan}}'), /\{\{plan\}\}/],
    ];
    for (const [bodyMjml, message] of cases) {
      const response = await call(admin, tenant, 'POST', '/rest/campaigns', campaignBody({ bodyMjml }));
      expect(response.statusCode, bodyMjml).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ field: 'bodyMjml' });
      expect(errorOf(response.body).message).toMatch(message);
    }
  });
});

describe('designed campaigns: rendering', () => {
  it('the preview is the rendered email: brand, the staff member’s merge fields, a plain-text part', async () => {
    const { tenant, admin } = await studioWith({ themeColor: '#7c3aed', logo: '/media/logo.png' });
    const response = await call(admin, tenant, 'POST', '/rest/campaigns/preview', {
      subject: 'News for {{firstName}}',
      bodyMjml: DESIGN,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = json<CampaignPreview>(response);
    expect(preview.subject).toBe('News for admin');
    expect(preview.html).toMatch(/^<!doctype html>/i);
    expect(preview.html).toContain('#7c3aed');
    expect(preview.html).toContain(`http://${tenant.orgId}.localhost`);
    expect(preview.html).toContain('/media/logo.png');
    expect(preview.html).toContain('Lotus &amp; Co news');
    expect(preview.html).toContain('Hello admin, your membership: .');
    expect(preview.html).not.toMatch(/\{\{|<mj-/);
    expect(preview.text).toContain('Lotus & Co news');
    expect(preview.text).toContain('Hello admin, your membership: .');
    expect(preview.text).toContain('See the timetable (https://example.test/timetable)');
    expect(preview.text).not.toMatch(/<|\{\{|@media/);
    const bad = await call(admin, tenant, 'POST', '/rest/campaigns/preview', {
      bodyMjml: '<mjml><mj-body><mj-foo/></mj-body></mjml>',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ field: 'bodyMjml' });
  });

  it('a studio without a logo sends no broken image, and its default colour', async () => {
    const { tenant, admin } = await studioWith();
    const preview = json<CampaignPreview>(
      await call(admin, tenant, 'POST', '/rest/campaigns/preview', { bodyMjml: DESIGN }),
    );
    expect(preview.html).not.toMatch(/<img/);
    expect(preview.html).toContain('#1f2937');
  });

  it('sends each member their own first name, membership and next class, HTML escaped, with a text part', async () => {
    const { tenant, admin } = await studioWith({ timezone: 'Europe/London' });
    const category = await makeCategory(app, tenant, admin, { name: 'Passes' });
    const item = await makeItem(app, tenant, admin, category.guId, { name: 'Unlimited', price: 900 });
    const suffix = randomBytes(4).toString('hex');
    const [ann, bob] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .insert(contacts)
        .values([
          { tenantId: tenant.tenantId, email: `ann-${suffix}@members.test`, name: 'Ann <b>', role: 'student' as const },
          { tenantId: tenant.tenantId, email: `bob-${suffix}@members.test`, name: 'Bob', role: 'student' as const },
        ])
        .returning({ id: contacts.id, email: contacts.email }),
    );
    const startsAt = new Date(Date.UTC(2099, 5, 3, 17, 30));
    await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      await tx.insert(subscriptions).values({
        tenantId: tenant.tenantId,
        contactId: ann?.id as string,
        itemId: item.guId,
        name: 'Unlimited Monthly',
        membershipType: 'unlimited',
        frequency: 'monthly',
        status: 'active',
        priceMinor: 9000,
        currency: 'GBP',
        provider: 'stripe',
        providerAccount: 'acct_test',
        providerCustomer: 'cus_test',
        paymentMethodId: 'pm_test',
        setupRef: randomUUID(),
        startedAt: new Date(),
      });
      const [rule] = await tx
        .insert(classRules)
        .values({
          tenantId: tenant.tenantId,
          name: 'Sunset Flow',
          daysOfWeek: [3],
          startTime: '18:30',
          durationMinutes: 60,
          startDate: '2099-06-03',
          capacity: 10,
          timeZone: 'Europe/London',
          generatedUntil: startsAt,
        })
        .returning({ id: classRules.id });
      const [session] = await tx
        .insert(classSessions)
        .values({
          tenantId: tenant.tenantId,
          ruleId: rule?.id as string,
          localDate: '2099-06-03',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          capacity: 10,
        })
        .returning({ id: classSessions.id });
      await tx.insert(classBookings).values({
        tenantId: tenant.tenantId,
        sessionId: session?.id as string,
        contactId: ann?.id as string,
        status: 'booked',
      });
    });
    const created = json<Campaign>(await call(admin, tenant, 'POST', '/rest/campaigns', campaignBody()));
    const send = await call(admin, tenant, 'POST', `/rest/campaigns/${created.id}/send`);
    expect(send.statusCode, send.body).toBe(200);
    await runCampaignBatches(app.platform, { tenantId: tenant.tenantId, campaignId: created.id });
    await app.platform.outbox.kick();

    const annMail = partsOf((await smtp.waitFor(ann?.email as string)).text);
    expect(annMail.html).toContain('Hello Ann &lt;b&gt;, your membership: Unlimited Monthly.');
    // 18:30 in London in June (BST).
    expect(annMail.html).toMatch(/Your next class: Sunset Flow, Wed, Jun 3, 2099, 6:30\sPM GMT\+1\./);
    expect(annMail.html).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    expect(annMail.text).toContain('Hello Ann <b>, your membership: Unlimited Monthly.');
    expect(annMail.text).toMatch(/Unsubscribe \(http:\/\/[^)]+\/unsubscribe\//);
    const bobMail = partsOf((await smtp.waitFor(bob?.email as string)).text);
    expect(bobMail.html).toContain('Hello Bob, your membership: .');
    expect(bobMail.html).not.toContain('Sunset Flow');
    expect(bobMail.text).toContain('Your next class: .');
    // The queued batch job may hold the last claim (on PostgreSQL it runs beside this call): let it finish.
    await app.platform.jobs.drain(CAMPAIGN_BATCH_QUEUE);
    const done = json<Campaign>(await call(admin, tenant, 'GET', `/rest/campaigns/${created.id}`));
    expect(done).toMatchObject({ status: 'sent', total: 2 });
  });

  it('a test send of a design arrives rendered, with a plain-text part', async () => {
    const { tenant, admin } = await studioWith();
    const created = json<Campaign>(await call(admin, tenant, 'POST', '/rest/campaigns', campaignBody()));
    const response = await call(admin, tenant, 'POST', `/rest/campaigns/${created.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    await app.platform.outbox.kick();
    const raw = (await smtp.waitFor(tenant.users.admin.email)).text;
    expect(raw).toMatch(/^Subject: \[Test\] News for admin$/m);
    const mail = partsOf(raw);
    expect(mail.html).toContain('Hello admin');
    expect(mail.html).toContain('See the timetable');
    expect(mail.text).toContain('Hello admin');
    expect(mail.text).not.toContain('<');
  });
});

describe('plain text from HTML', () => {
  it('keeps paragraphs, writes links out, drops styles and comments', () => {
    const text = plainTextOf(
      '<html><head><style>.a{color:red}</style></head><body><!--[if mso]><table><![endif]--><p>One &amp; two</p><p>Go <a href="https://x.test/a">here</a></p></body></html>',
    );
    expect(text).toBe('One & two\n\nGo here (https://x.test/a)');
  });
});
