import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiUrl, DEMO_HOST, expectAccessible, logIn, PASSWORD, pdfText } from './helpers';

/** The contact activity report (issue 24): downloaded from the contact detail as a PDF. */
test('the admin downloads a contact’s activity report from the contact detail, on a phone too', async ({
  page,
  request,
}) => {
  // the member's contact and name, over the API
  const login = await request.post(apiUrl('/login'), {
    headers: DEMO_HOST,
    data: { userId: 'member@demo.test', password: PASSWORD },
  });
  const guId = ((await login.json()) as { contact: { guId: string } }).contact.guId;
  const admin = await request.post(apiUrl('/login'), {
    headers: DEMO_HOST,
    data: { userId: 'admin@demo.test', password: PASSWORD },
  });
  const token = ((await admin.json()) as { access_token: string }).access_token;
  const contact = await request.get(apiUrl(`/snode/contact/${guId}`), {
    headers: { ...DEMO_HOST, authorization: `Bearer ${token}` },
  });
  const name = ((await contact.json()) as { fullName: string }).fullName;

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/contacts/${guId}/details`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const button = page.getByRole('button', { name: 'Activity report' });
  await expect(button).toBeVisible();
  // nothing sticks out sideways at phone width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  const saved = page.waitForEvent('download');
  await button.click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^activity-report.*\.pdf$/);
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(new Uint8Array(bytes));
  expect(text).toContain('Activityreport');
  expect(text).toContain(name.replace(/\s+/g, ''));
  expect(text).toContain('Bookingsandattendance');
  await expect(button).toBeEnabled();
});
