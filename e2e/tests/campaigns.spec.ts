import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiHeaders,
  apiNewContact,
  apiUrl,
  DEMO_HOST,
  expectAccessible,
  hostUrl,
  logIn,
  pickTagAudience,
} from './helpers';
import { runMailbox } from './shared-ports';

// Campaigns on the demo tenant (issue 26): the admin writes a campaign to the members with this run's
// tag, sees the count, sends a test to themself, sends it; each member's email arrives at the run's
// SMTP server with the one-click unsubscribe headers; a member unsubscribes with one click and the
// count drops. Each run makes its own members and tag: nothing else reads them.

const mailbox = runMailbox();
const run = randomBytes(4).toString('hex');
const TAG = `spring-${run}`;
const people = [
  { firstName: 'Noor', lastName: `Camp${run}`, email: `noor-${run}@members.test` },
  { firstName: 'Ilse', lastName: `Camp${run}`, email: `ilse-${run}@members.test` },
];

/** The run's two members, tagged with the run's tag, made over the API as the admin. */
async function addMembers(request: APIRequestContext) {
  const admin = await apiHeaders(request, 'admin@demo.test');
  for (const person of people) {
    const guId = await apiNewContact(request, admin, person);
    const tagged = await request.put(apiUrl(`/rest/contact/${guId}`), { headers: admin, data: { tags: [TAG] } });
    expect(tagged.status(), await tagged.text()).toBe(200);
  }
}

test('the admin writes a campaign, sees the count, tests and sends it; a member unsubscribes in one click', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await addMembers(request);
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('form', { name: 'New campaign' });
  await dialog.getByLabel('Campaign name').fill(`Spring timetable ${run}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/campaign\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Spring timetable ${run}` })).toBeVisible();

  await page.getByLabel('Subject').fill('Hello {{firstName}}');
  await page.getByLabel('From name').fill('Demo Studio Team');
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.click();
  await message.pressSequentially('Dear ');
  await page.getByRole('button', { name: 'Insert merge field' }).click();
  await page.getByRole('menuitem', { name: 'First name' }).click();
  await message.pressSequentially(', our spring timetable is out.');
  await expect(message).toContainText('Dear {{firstName}}, our spring timetable is out.');

  await pickTagAudience(page, TAG);
  await expect(page.getByTestId('audience-count')).toHaveText('This audience holds 2 contacts now.');
  // Through the run's SMTP server, whatever the studio's default (campaigns-brevo.spec.ts connects Brevo).
  await page.getByRole('combobox', { name: 'Send through' }).click();
  await page.getByRole('option', { name: 'Email server (SMTP)', exact: true }).click();
  await expectAccessible(page);

  // A test to the signed-in admin.
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('A test email was sent to admin@demo.test.')).toBeVisible();
  await expect
    .poll(async () => (await mailbox.received('admin@demo.test')).some((m) => m.text.includes(`Subject: [Test] Hello`)))
    .toBe(true);

  // Send now, after the confirmation that names the count.
  await page.getByRole('button', { name: 'Send now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send now' });
  await expect(confirm).toContainText('to 2 contacts');
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('campaign-progress')).toHaveText('2 of 2 sent', { timeout: 30_000 });
  await expectAccessible(page);

  const [noor, ilse] = people as [(typeof people)[number], (typeof people)[number]];
  const mail = await mailbox.waitFor(noor.email, 30_000);
  await mailbox.waitFor(ilse.email, 30_000);
  const headers = (mail.text.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toMatch(/^Subject: Hello Noor$/m);
  expect(headers).toMatch(/^From: Demo Studio Team </m);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(mail.text).toContain('Dear Noor, our spring timetable is out.');
  const path = /^List-Unsubscribe: <https?:\/\/[^/>]+(\/unsubscribe\/[A-Za-z0-9_.-]+)>$/m.exec(headers)?.[1];
  expect(path, headers).toBeTruthy();

  // The member opens the footer's page (it changes nothing), then the mail client's one-click POST.
  await page.goto(hostUrl('demo', path as string));
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expectAccessible(page);
  const oneClick = await request.post(apiUrl(path as string), {
    headers: { ...DEMO_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain('You are unsubscribed');

  // The next campaign to the same tag counts one contact fewer.
  await page.goto(hostUrl('demo', '/campaign'));
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByRole('form', { name: 'New campaign' }).getByLabel('Campaign name').fill(`Follow-up ${run}`);
  await page.getByRole('form', { name: 'New campaign' }).getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/campaign\/[0-9a-f-]{36}$/);
  await pickTagAudience(page, TAG);
  await expect(page.getByTestId('audience-count')).toHaveText('This audience holds 1 contact now.');

  // The list: the sent campaign with its numbers; then on a phone.
  await page.goto(hostUrl('demo', `/campaign?q=${run}`));
  const row = page.getByRole('row').filter({ hasText: `Spring timetable ${run}` });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('2 of 2 sent');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(`Spring timetable ${run}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New campaign' })).toBeVisible();
  await expectAccessible(page);
});
