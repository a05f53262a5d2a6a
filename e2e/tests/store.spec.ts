import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, pageCall, pageToken } from './helpers';

// Sold on the riverside tenant. The item's name matches none of the demo tenant's seeded items,
// which the catalogue spec checks are absent from riverside.
const ORG = 'riverside';

test.describe('store', () => {
  test('the front desk sells 1 of 2 tote bags to the walk-in for cash and lands on the complete invoice', async ({
    page,
  }) => {
    // an API setup, two screens, three axe scans: over 30 s on a busy 2-core machine
    test.setTimeout(90_000);
    const name = `Riverside tote bag ${Date.now()}`;
    // the admin adds the item through the API, from the tenant's own origin (Chromium resolves *.localhost)
    await page.goto(hostUrl(ORG, '/login'));
    const token = await pageToken(page, 'admin@riverside.test');
    const category = await pageCall<{ guId: string }>(page, token, 'POST', '/snode/icategory', {
      name: `Desk goods ${Date.now()}`,
      categoryType: 'PRODUCT',
    });
    await pageCall(page, token, 'POST', '/rest/item', { name, categoryId: category.guId, price: 18, stock: 2 });

    await logIn(page, 'frontdesk@riverside.test', ORG);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Store' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible();
    await expect(page.getByText(/Atrium/)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New sale' }).click();
    await expect(page).toHaveURL(/\/store\/new$/);
    await expect(page.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Walk-in' })).toBeChecked();
    // the walk-in has no account to charge
    await expect(page.getByRole('radio', { name: 'Charge account' })).toBeDisabled();
    await page.getByRole('combobox', { name: 'Add item' }).fill('tote bag');
    await page.getByRole('option', { name }).click();
    await expect(page.getByRole('textbox', { name: `Quantity of ${name}` })).toHaveValue('1');
    // in riverside's currency, whichever another spec has just set (payment settings run in parallel)
    await expect(page.getByRole('cell', { name: /\D18\.00 each$/ })).toBeVisible();
    await expect(page.getByText(/^\D+18\.00$/).first()).toBeVisible();
    // a code riverside does not have shows its alert and leaves the price whole
    await page.getByRole('textbox', { name: 'Offer code' }).fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: "Offer code 'nope' is invalid." })).toBeVisible();
    await page.getByRole('button', { name: 'Remove code' }).click();
    await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await expectAccessible(page);

    // at phone width the sale still fits the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeVisible();
    // (asked until the layout has settled after the resize: the lines' scroll container measures itself)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d+$/, level: 1 })).toBeVisible();
    await expect(page.getByText('Complete', { exact: true })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the sale screen offers the demo studio’s bundle with how many its stock makes', async ({ page }) => {
    test.setTimeout(60_000);
    await logIn(page, 'frontdesk@demo.test');
    // (signed in before leaving: a navigation that races the login response lands on the login page)
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto(hostUrl('demo', '/store/new'));
    await expect(page.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Add item' }).fill('starter');
    // the kit is a mat (counted) and a bottle (not counted): as many kits as mats
    const kit = page.getByRole('option', { name: /^Starter kit \(bundle, [1-9]\d* available\)$/ });
    await expect(kit).toBeVisible();
    await expectAccessible(page);
    await kit.click();
    await expect(page.getByRole('textbox', { name: 'Quantity of Starter kit' })).toHaveValue('1');
    await expect(page.getByRole('cell', { name: /52\.00 each$/ })).toBeVisible();
  });
});
