import { randomBytes } from 'node:crypto';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiHeaders,
  apiNewContact,
  apiUrl,
  DEMO_HOST,
  expectAccessible,
  hostUrl,
  logIn,
  startFromTemplate,
  tomorrow,
} from './helpers';
import { SHARED_PORT_WAIT_MS, startDemoCardStandIn, whenPortFree } from './shared-ports';

// A designed campaign through Brevo (issue 26): the demo admin starts a campaign from a starter
// template in the MJML designer, sends it to "no visit in 30 days" (the count shown first), sends a
// test, schedules it two hours ahead in the studio's zone (listed as scheduled), and at its time the
// minute job sends it through the Brevo stand-in, which receives exactly one email per recipient; a
// member unsubscribes with the one-click POST, another opens it (its image) and clicks a link, Brevo
// reports a third's hard bounce to the webhook address the campaign screen shows, the report card
// shows every number (sent, delivered, opened, clicked, bounced, unsubscribed), the bounced member's
// activity timeline says so, and the next campaign's count is two fewer.
//
// The run's three members are checked in to a class of the run's (tomorrow, so check-in is open), then the business clock moves 31 days on
// (/test/clock), so their last visit is 31 days ago; the card port is held meanwhile, as the other
// specs that move the clock hold it (shared-ports.ts). The clock is reset at the end.

const run = randomBytes(4).toString('hex');
const BREVO_KEY = `xkeysib-e2e-demo-${run}`;
const DAY = 86_400_000;
const people = [
  { firstName: 'Runa', lastName: `Brevo${run}`, email: `runa-${run}@members.test` },
  { firstName: 'Oskar', lastName: `Brevo${run}`, email: `oskar-${run}@members.test` },
  { firstName: 'Bea', lastName: `Brevo${run}`, email: `bea-${run}@members.test` },
];

let stub: ProviderStub;
let card: Awaited<ReturnType<typeof startDemoCardStandIn>> | null = null;
test.beforeAll(async () => {
  test.setTimeout(SHARED_PORT_WAIT_MS * 2);
  // The card port first (the clock), then Brevo's port (integrations.spec.ts also takes it).
  card = await startDemoCardStandIn();
  stub = await whenPortFree(() =>
    startProviderStub({ brevo: [BREVO_KEY] }, { port: Number(process.env.E2E_PROVIDER_STUB_PORT) }),
  );
});
test.afterAll(async ({ request }) => {
  await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { reset: true } });
  await stub?.close();
  await card?.close();
});

type Headers = Awaited<ReturnType<typeof apiHeaders>>;

/** The run's members, made and checked in to a class of the run's tomorrow, over the API. */
async function membersWhoCame(request: APIRequestContext, admin: Headers): Promise<string[]> {
  const day = tomorrow();
  const rule = await request.post(apiUrl('/snode/classrule'), {
    headers: admin,
    data: {
      name: `Comeback ${run}`,
      capacity: 10,
      daysOfWeek: [day.weekday],
      startTime: '07:00',
      durationMinutes: 45,
      startDate: day.date,
      endDate: day.date,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const classId = ((await rule.json()) as { guId: string }).guId;
  const sessions = await request.get(apiUrl(`/snode/session?from=${day.date}&to=${day.date}`), { headers: admin });
  const { data } = (await sessions.json()) as { data: { classId: string; guId: string }[] };
  const session = data.find((s) => s.classId === classId);
  expect(session).toBeTruthy();
  const ids: string[] = [];
  for (const person of people) {
    const guId = await apiNewContact(request, admin, person);
    ids.push(guId);
    const booked = await request.post(apiUrl(`/snode/session/${session?.guId}/booking`), {
      headers: admin,
      data: { contactId: guId },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const roster = (await booked.json()) as { bookings: { guId: string; contactId: string; status: string }[] };
    const booking = roster.bookings.find((b) => b.contactId === guId);
    expect(booking?.status).toBe('booked');
    const attended = await request.put(apiUrl(`/snode/booking/${booking?.guId}/attendance`), {
      headers: admin,
      data: { attended: true },
    });
    expect(attended.status(), await attended.text()).toBe(200);
  }
  return ids;
}

async function audienceCount(request: APIRequestContext, admin: Headers) {
  const answer = await request.post(apiUrl('/rest/campaigns/audience/count'), {
    headers: admin,
    data: { audience: { kind: 'no_visit', days: 30 } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

const contacts = (n: number) => `${n} contact${n === 1 ? '' : 's'}`;

async function newCampaign(page: Page, name: string) {
  await page.goto(hostUrl('demo', '/campaign'));
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('form', { name: 'New campaign' });
  await dialog.getByLabel('Campaign name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/campaign\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

async function pickNoVisit(page: Page) {
  await page.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: 'No visit in a number of days' }).click();
  await page.getByLabel('No visit in the last (days)').fill('30');
}

test('a designed campaign to members with no visit in 30 days goes through Brevo, once each; its report shows every number', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  let admin = await apiHeaders(request, 'admin@demo.test');
  const memberIds = await membersWhoCame(request, admin);
  // Brevo becomes the demo studio's campaign provider (its key checked with the stand-in).
  const brevo = await request.put(apiUrl('/campaign/tenant/brevo'), {
    headers: admin,
    data: { sibApiKey: BREVO_KEY, fromName: 'Demo Studio', fromEmail: 'hello@demo.test' },
  });
  expect(brevo.status(), await brevo.text()).toBe(200);

  const moved = await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { advanceMs: 31 * DAY } });
  expect(moved.status()).toBe(200);
  admin = await apiHeaders(request, 'admin@demo.test');
  const count = await audienceCount(request, admin);
  expect(count).toBeGreaterThanOrEqual(people.length);

  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const name = `Come back ${run}`;
  await newCampaign(page, name);

  // Designed from a starter template.
  await page.getByRole('button', { name: 'Design the email with blocks instead' }).click();
  await expect(page).toHaveURL(/\/campaign\/[0-9a-f-]{36}\/design$/);
  await expect(page.locator('[data-ready=true]')).toBeVisible({ timeout: 30_000 });
  await startFromTemplate(page, 'Monthly newsletter');
  await expect(
    page.frameLocator('iframe[title="The email being designed"]').getByText(/fresh classes on the timetable/),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Design saved.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  await expect(page.getByText('The message is designed with blocks in the email designer.')).toBeVisible();

  // The subject, the audience and its count, Brevo.
  await page.getByLabel('Subject').fill(`We miss you, {{firstName}} ${run}`);
  await pickNoVisit(page);
  await expect(page.getByTestId('audience-count')).toHaveText(`This audience holds ${contacts(count)} now.`);
  await page.getByRole('combobox', { name: 'Send through' }).click();
  await page.getByRole('option', { name: 'Brevo', exact: true }).click();
  // The address the admin adds to Brevo's transactional webhooks (bounces, complaints, unsubscribes).
  const hook = page.getByText(/add this address to Brevo's transactional webhooks/).locator('code');
  const webhook = /^https?:\/\/[^/]+(\/webhooks\/brevo\/[A-Za-z0-9_-]+)$/.exec((await hook.textContent()) ?? '')?.[1];
  expect(webhook, 'the Brevo webhook address').toBeTruthy();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('A test email was sent to admin@demo.test.')).toBeVisible();

  // Opens and clicks counted, then scheduled two hours ahead in the studio's zone (the label names it).
  await page.getByRole('checkbox', { name: 'Count opens and clicks' }).check();
  const sendAt = page.getByLabel(/^Send at \(studio time, /);
  const zone = /studio time, ([^)]+)\)/.exec(
    (await page
      .getByText(/^Send at \(studio time, /)
      .first()
      .textContent()) ?? '',
  )?.[1];
  expect(zone).toBeTruthy();
  const clock = (await (await request.get(apiUrl('/test/clock'), { headers: DEMO_HOST })).json()) as { now: string };
  const wall = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(Date.parse(clock.now) + 2 * 3_600_000))
    .replace(' ', 'T');
  await sendAt.fill(wall);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Schedule' });
  await expect(confirm).toContainText(`to ${contacts(count)}`);
  await confirm.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText(/^Scheduled for /).first()).toBeVisible();
  expect(stub.brevo.emails.filter((e) => e.subject.endsWith(run) && !e.subject.startsWith('[Test]'))).toHaveLength(0);
  const campaignUrl = page.url();
  // The wall time was read in the studio's zone: the instant kept is two hours after the clock, to the minute.
  const campaignId = /\/campaign\/([0-9a-f-]{36})$/.exec(campaignUrl)?.[1];
  const kept = await request.get(apiUrl(`/rest/campaigns/${campaignId}`), { headers: admin });
  expect(kept.status(), await kept.text()).toBe(200);
  const { scheduledAt, status } = (await kept.json()) as { scheduledAt: string; status: string };
  expect(status).toBe('scheduled');
  expect(Date.parse(scheduledAt)).toBe(Math.floor((Date.parse(clock.now) + 2 * 3_600_000) / 60_000) * 60_000);

  // Listed as scheduled, at that time.
  await page.goto(hostUrl('demo', '/campaign'));
  const listed = page.getByRole('row').filter({ hasText: name });
  await expect(listed).toContainText('Scheduled');

  // Its time comes: the minute job starts it and the batches go through Brevo.
  const later = await request.post(apiUrl('/test/clock'), {
    headers: DEMO_HOST,
    data: { advanceMs: 2 * 3_600_000 + 60_000 },
  });
  expect(later.status()).toBe(200);
  const due = await request.post(apiUrl('/test/jobs/campaign-due'), { headers: DEMO_HOST });
  expect(due.status(), await due.text()).toBe(200);
  await page.goto(campaignUrl);
  await expect(page.getByTestId('campaign-progress')).toHaveText(`${count} of ${count} sent`, { timeout: 30_000 });

  // The stand-in received exactly one email per recipient, the members' among them.
  const ours = stub.brevo.emails.filter((e) => e.subject.endsWith(run) && !e.subject.startsWith('[Test]'));
  expect(ours).toHaveLength(count);
  expect(new Set(ours.map((e) => e.to.toLowerCase())).size).toBe(count);
  const runa = ours.find((e) => e.to === people[0]?.email);
  expect(runa?.subject).toBe(`We miss you, Runa ${run}`);
  expect(runa?.html).toMatch(/fresh classes on the timetable/);
  expect(ours.some((e) => e.to === people[1]?.email)).toBe(true);
  const header = (key: string) =>
    Object.entries(runa?.headers ?? {}).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1] ?? '';
  expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const path = /<https?:\/\/[^/>]+(\/unsubscribe\/[A-Za-z0-9_.-]+)>/.exec(header('List-Unsubscribe'))?.[1];
  expect(path, header('List-Unsubscribe')).toBeTruthy();

  // Runa's mail client unsubscribes in one click (RFC 8058).
  const oneClick = await request.post(apiUrl(path as string), {
    headers: { ...DEMO_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);

  // Oskar opens the email (its image) and clicks a link in it (the studio's signed redirect).
  const oskar = ours.find((e) => e.to === people[1]?.email);
  const pixel = /https?:\/\/[^/"]+(\/t\/o\/[A-Za-z0-9_.-]+\.gif)/.exec(oskar?.html ?? '')?.[1];
  const link = /https?:\/\/[^/"]+(\/t\/c\/[^"]+)"/.exec(oskar?.html ?? '')?.[1]?.replaceAll('&amp;', '&');
  expect(pixel, 'open image').toBeTruthy();
  expect(link, 'tracked link').toBeTruthy();
  const opened = await request.get(apiUrl(pixel as string), { headers: DEMO_HOST });
  expect(opened.status()).toBe(200);
  const clicked = await request.get(apiUrl(link as string), { headers: DEMO_HOST, maxRedirects: 0 });
  expect(clicked.status()).toBe(302);

  // Bea's address bounces: Brevo posts its hard_bounce event (with the message id it answered) to the studio's
  // webhook address; a delivered event is ignored (delivered is sent less bounced).
  const bea = ours.find((e) => e.to === people[2]?.email);
  expect(bea?.messageId).toBeTruthy();
  const bounced = await request.post(apiUrl(webhook as string), {
    headers: DEMO_HOST,
    data: [
      { event: 'delivered', email: people[1]?.email, 'message-id': oskar?.messageId },
      { event: 'hard_bounce', email: people[2]?.email, 'message-id': bea?.messageId, reason: 'mailbox unknown' },
    ],
  });
  expect(bounced.status(), await bounced.text()).toBe(200);

  // The report card shows every number: all sent, all but the bounce delivered, one opened, one clicked,
  // one bounced, one unsubscribed.
  const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;
  await page.reload();
  const report = page.getByRole('region', { name: 'Report' });
  await expect(report).toBeVisible();
  await expect(page.getByTestId('report-sent')).toHaveText(`Sent${count} of ${count}`);
  await expect(page.getByTestId('report-delivered')).toHaveText(`Delivered${count - 1} (${pct(count - 1, count)})`);
  await expect(page.getByTestId('report-opened')).toHaveText(`Opened1 (${pct(1, count - 1)})`);
  await expect(page.getByTestId('report-clicked')).toHaveText(`Clicked1 (${pct(1, count - 1)})`);
  await expect(page.getByTestId('report-bounced')).toHaveText('Bounced1');
  await expect(page.getByTestId('report-unsubscribed')).toHaveText('Unsubscribed1');
  await expectAccessible(page);

  // Bea's activity timeline says the campaign's email bounced.
  await page.goto(hostUrl('demo', `/contacts/${memberIds[2]}/detail`));
  const entries = page.getByLabel('Activity timeline').locator('.mantine-Timeline-item', {
    hasText: `Email campaign: ${name}`,
  });
  await expect(entries.filter({ hasText: /Bounced/ })).toHaveCount(1);
  await expect(entries.filter({ hasText: /Sent/ })).toHaveCount(1);

  // The next campaign to the same audience counts two fewer: the unsubscribed and the bounced address are left out.
  await newCampaign(page, `Come back again ${run}`);
  await pickNoVisit(page);
  await expect(page.getByTestId('audience-count')).toHaveText(`This audience holds ${contacts(count - 2)} now.`);
});
