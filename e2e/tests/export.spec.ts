import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiHeaders, apiUrl, DEMO_HOST, expectAccessible, hostUrl, logIn } from './helpers';
import { runMailbox } from './shared-ports';

// Take your data with you (issue 28): the demo admin exports the studio from Account Settings, follows the
// export being made, downloads the zip from the list, and the emailed link downloads the same zip; a second
// export asked while one is being made is refused; the card is usable at 320 px and has no serious axe finding.

const mailbox = runMailbox();
const SUBJECT = 'Your data export of Demo Studio is ready';

test('the admin exports the studio; the list and the emailed link download the zip', async ({ page, request }) => {
  test.setTimeout(180_000);
  const before = (await mailbox.received('admin@demo.test')).filter((m) => m.text.includes(SUBJECT)).length;
  await logIn(page, 'admin@demo.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl('demo', '/settings/account'));
  const card = page.getByRole('region', { name: 'Take your data with you' });
  await expect(card).toBeVisible();
  await expect(card.getByText('No exports yet.')).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Export all data' }).click();
  await expect(page.getByText('Export started. We will email you a download link when it is ready.')).toBeVisible();

  // While it is being made, a second one is refused (the button is disabled; the API says why).
  const headers = await apiHeaders(request, 'admin@demo.test');
  const second = await request.post(apiUrl('/rest/tenant-export'), { headers });
  if (second.status() === 409) {
    expect((await second.json()).errors.message).toBe(
      'An export is already being made. You will get an email with its link when it is ready.',
    );
  } else {
    // The first was already done: this one is the export the rest of the test follows.
    expect(second.status()).toBe(202);
  }

  const list = card.getByRole('list', { name: 'Last exports' });
  await expect(list.getByText('Ready').first()).toBeVisible({ timeout: 120_000 });
  await expect(card.getByRole('button', { name: 'Export all data' })).toBeEnabled();
  const link = list.getByRole('link', { name: /^Download the export of / }).first();
  await expect(link).toBeVisible();
  await expect(list.getByText(/^Link works until /).first()).toBeVisible();
  await expectAccessible(page);

  // The link in the list downloads the zip in the browser.
  const saved = page.waitForEvent('download');
  await link.click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^demo-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const fromList = readFileSync(await download.path());
  expect(fromList.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

  // The email's link works with no sign-in, on the studio's host.
  await expect
    .poll(async () => (await mailbox.received('admin@demo.test')).filter((m) => m.text.includes(SUBJECT)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(before);
  const mail = (await mailbox.received('admin@demo.test')).filter((m) => m.text.includes(SUBJECT)).pop();
  const url = /https?:\/\/\S+\/rest\/tenant-export\/\S+/.exec(mail?.text ?? '')?.[0];
  expect(url, mail?.text).toBeTruthy();
  const address = new URL(url as string);
  expect(address.hostname).toBe('demo.localhost');
  const zip = await request.get(apiUrl(`${address.pathname}${address.search}`), { headers: DEMO_HOST });
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const bytes = await zip.body();
  const names = bytes.toString('latin1');
  for (const name of ['README.md', 'manifest.json', 'tenant.json', 'data/contacts.csv', 'data/invoices.json']) {
    expect(names).toContain(name);
  }
  // Another studio's host does not open it.
  const elsewhere = await request.get(apiUrl(`${address.pathname}${address.search}`), {
    headers: { host: `riverside.localhost:${process.env.E2E_PORT}` },
  });
  expect(elsewhere.status()).toBe(404);

  // At 320 px the card fits.
  await page.setViewportSize({ width: 320, height: 740 });
  const box = await card.boundingBox();
  expect(box?.width ?? 999).toBeLessThanOrEqual(320);
  await expect(card.getByRole('button', { name: 'Export all data' })).toBeVisible();
  await expectAccessible(page);
});
