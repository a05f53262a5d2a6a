import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// riverside: the store, catalogue and offers specs show its prices, so they never assert a currency, tax or fee.
const ORG = 'riverside';

test("payment settings save with the spec's rules and the currency symbol follows", async ({ page }) => {
  // many saves in one flow: it needs more than the default 30 s when the machine is busy
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings'));
  await page.getByRole('region', { name: 'Settings' }).getByRole('link', { name: 'Payment Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/paccount$/);
  await expect(page.getByRole('textbox', { name: 'Studio ID' })).toHaveValue(ORG);

  await page.getByLabel('Tax (%)').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid Form!')).toBeVisible();
  await expect(page.getByText('Tax is required!')).toBeVisible();

  await page.getByLabel('Tax (%)').fill('8.25');
  await page.getByLabel('Credit Card Fees (%)').fill('2.9');
  await page.getByLabel('Label').fill('City tax');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Value is required!')).toBeVisible();
  await page.getByLabel('Value (%)').fill('1.5');

  const note = page.getByLabel('Invoice note');
  await note.fill('Thank you');
  await note.press('Enter');
  await note.pressSequentially(' for practising');
  await expect(note).toHaveValue('Thank you for practising');
  await expect(page.getByText('24 / 255')).toBeVisible();

  await page.getByRole('combobox', { name: 'Default currency' }).click();
  await page.getByRole('option', { name: /^INR/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Tenant updated.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Tax (%)')).toHaveValue('8.25');
  await expect(page.getByRole('combobox', { name: 'Default currency' })).toHaveValue(/^INR/);
  const symbol = await page.evaluate(async () => (await (await fetch('/ping')).json()).csymbol);
  expect(symbol).toBe('₹');
});
