import { randomBytes } from 'node:crypto';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiHeaders, apiNewContact, apiUrl, expectAccessible, hostUrl, logIn, pickTagAudience } from './helpers';
import { SHARED_PORT_WAIT_MS, whenPortFree } from './shared-ports';

// An SMS campaign on the demo tenant (issue 26): the admin connects the Twilio stand-in with pages of
// 2 and a 1-minute wait (SMS_PAGE_MINUTE_MS makes a minute one second in this run), writes a text to
// this run's tagged members, sees who is left out, the segments and the cost, sends it; the stand-in
// receives each number once, in two pages; the report shows the numbers.

const run = randomBytes(4).toString('hex');
const TAG = `sms-${run}`;
const SID = 'ACe2e00000000000000000000000demosms';
const TOKEN = 'e2e-twilio-token-demo-sms';
const FROM = '+15550100777';
const suffix = Number.parseInt(run.slice(0, 4), 16) % 9000;
const people = [
  { firstName: 'Noor', phone: `+1 415 55${String(1000 + suffix).padStart(5, '0')}` },
  { firstName: 'Ilse', phone: `+1 415 56${String(1000 + suffix).padStart(5, '0')}` },
  { firstName: 'Ayşe', phone: `+1 415 57${String(1000 + suffix).padStart(5, '0')}` },
  { firstName: 'Wren', phone: '' },
].map((p) => ({
  ...p,
  lastName: `Sms${run}`,
  email: `${p.firstName
    .normalize('NFD')
    .replace(/[^a-z]/gi, '')
    .toLowerCase()}-${run}@members.test`,
}));
const e164 = (phone: string) => phone.replace(/\s/g, '');

let stub: ProviderStub;
test.beforeAll(async () => {
  test.setTimeout(SHARED_PORT_WAIT_MS);
  stub = await whenPortFree(() =>
    startProviderStub({ twilio: [[SID, TOKEN]] }, { port: Number(process.env.E2E_MORE_PROVIDER_STUB_PORT) }),
  );
});
test.afterAll(async () => {
  await stub?.close();
});

async function setUp(request: APIRequestContext) {
  const admin = await apiHeaders(request, 'admin@demo.test');
  const twilio = await request.put(apiUrl('/sms/tenant/twilio'), {
    headers: admin,
    data: { twilioSid: SID, twilioToken: TOKEN, twilioPhone: FROM, pageSize: 2, pageWaitTime: 1 },
  });
  expect(twilio.status(), await twilio.text()).toBe(200);
  for (const person of people) {
    const guId = await apiNewContact(request, admin, person);
    const tagged = await request.put(apiUrl(`/rest/contact/${guId}`), { headers: admin, data: { tags: [TAG] } });
    expect(tagged.status(), await tagged.text()).toBe(200);
  }
}

test('an SMS campaign goes through the Twilio stand-in in pages and the report shows the numbers', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await setUp(request);
  await logIn(page, 'admin@demo.test');
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(hostUrl('demo', '/campaign'));
  await page.getByRole('link', { name: 'SMS campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'SMS campaigns', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New SMS campaign' }).click();
  const dialog = page.getByRole('form', { name: 'New SMS campaign' });
  await dialog.getByLabel('Campaign name').fill(`Workshop ${run}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/campaign\/sms\/[0-9a-f-]{36}$/);

  await page.getByRole('textbox', { name: 'Text' }).fill('Hi ');
  await page.getByRole('button', { name: '+ First name' }).click();
  await page.getByRole('textbox', { name: 'Text' }).press('End');
  await page.getByRole('textbox', { name: 'Text' }).pressSequentially(', Saturday workshop at 10.');
  await pickTagAudience(page, TAG);

  await expect(page.getByTestId('sms-recipients')).toHaveText('Texts to 3 members in 2 pages of 2, 1 min apart.');
  await expect(page.getByTestId('sms-left-out')).toHaveText(
    'Left out: 1 without a valid mobile number, 0 opted out (STOP).',
  );
  // Ayşe's text is Unicode (70 characters a segment, and hers is 57): one segment each.
  await expect(page.getByTestId('sms-segments')).toHaveText(
    '3 segments in all (up to 1 per text; 1 in Unicode, 70 characters a segment).',
  );
  await expect(page.getByTestId('sms-cost')).toContainText(
    new RegExp(`Estimated cost: \\$0\\.\\d\\d at Twilio's list prices, from \\${FROM}`),
  );
  await expect(page.getByTestId('sms-sample')).toContainText('Reply STOP to opt out.');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this text?' });
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('sms-progress')).toContainText('3 of 3 handled in 2 pages of 2', { timeout: 30_000 });
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('report-sent')).toContainText('3 of 3');
  await expect(page.getByTestId('report-opened')).toContainText('—');

  for (const person of people.slice(0, 3)) {
    const texts = stub.sms.messages.filter((m) => m.to === e164(person.phone));
    expect(texts, person.firstName).toHaveLength(1);
    expect(texts[0]?.body).toBe(`Hi ${person.firstName}, Saturday workshop at 10.\nReply STOP to opt out.`);
    expect(texts[0]?.from).toBe(FROM);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('report-sent')).toBeVisible();
  await expectAccessible(page);
});
