import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// Module toggles change the riverside tenant (a franchise): the demo admin's menu is asserted by
// other specs running in parallel, and no other spec asserts riverside's Campaigns item.
const ORG = 'riverside';

/** PUT /rest/settings/display from the page (Node cannot resolve *.localhost; Chromium can). */
function putDisplay(page: Page, body: Record<string, unknown>): Promise<number> {
  return page.evaluate(async (payload) => {
    const response = await fetch('/rest/settings/display', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${localStorage.getItem('atrium.accessToken')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(payload),
    });
    return response.status;
  }, body);
}

test.describe('settings', () => {
  test('the home shows the tiles, a franchise has no Franchise tile, back arrows return home', async ({ page }) => {
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    for (const title of ['Account', 'Module Settings', 'Payment Settings', 'Integrations', 'Plans']) {
      await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Franchise', exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Studio ID' })).toHaveValue(ORG);
    await page.getByLabel('Back to Settings').click();
    await expect(page).toHaveURL(/\/settings$/);
    // an unknown settings path goes to the settings home
    await page.goto(hostUrl(ORG, '/settings/nothing-here'));
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('the account form saves with the spec toast; country sets the timezone and dial code', async ({ page }) => {
    // many saves in one flow: it needs more than the default 30 s when the machine is busy
    test.setTimeout(60_000);
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl(ORG, '/settings/account'));
    await page.getByLabel('Organization Name').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Invalid Form!')).toBeVisible();
    await expect(page.getByText('Organization Name is required!')).toBeVisible();
    await page.getByLabel('Organization Name').fill('Riverside Yoga');

    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'India' }).click();
    await expect(page.getByRole('combobox', { name: 'TimeZone' })).toHaveValue('Asia/Kolkata');
    await expect(page.getByText('+91', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await expect(page.getByRole('combobox', { name: 'TimeZone' })).toHaveValue('America/New York');

    // The demo data fills what the form requires: the owner and the membership expiry are set.
    await expect(page.getByRole('combobox', { name: 'Account Owner' })).toHaveValue(/admin@riverside\.test/);
    await expect(page.getByLabel('Membership Expiry Period (months)')).toHaveValue('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully updated Settings.')).toBeVisible();

    // the sales email list: an address per Enter, kept after a reload; then emptied again for the other specs
    const saveAccount = async () => {
      const saved = page.waitForResponse((r) => r.url().endsWith('/snode/tenant') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Submit' }).click();
      expect((await saved).status()).toBe(200);
    };
    await page.getByRole('combobox', { name: 'Sales email list' }).fill('sales@riverside.test');
    await page.getByRole('combobox', { name: 'Sales email list' }).press('Enter');
    await saveAccount();
    await page.reload();
    await expect(page.getByText('sales@riverside.test', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Sales email list' }).press('Backspace');
    await expect(page.getByText('sales@riverside.test', { exact: true })).toHaveCount(0);
    await saveAccount();
  });

  test('a module toggle hides and shows its menu item at once', async ({ page }) => {
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    try {
      await page.goto(hostUrl(ORG, '/settings/display'));
      // Merchandise sits in the Products group, which opens on a click
      const nav = page.getByRole('navigation', { name: 'Admin menu' });
      const products = nav.getByText('Products', { exact: true });
      await products.click();
      await expect(nav.getByRole('link', { name: 'Merchandise' })).toBeVisible();
      const merchandise = page.getByRole('switch', { name: 'Merchandise' });
      await expect(merchandise).toBeChecked();

      await merchandise.click();
      await expect(page.getByText('Successfully updated settings.')).toBeVisible();
      // its item is gone; the group keeps the studio's donations and forms
      await expect(nav.getByRole('link', { name: 'Merchandise' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Donations' })).toBeVisible();
      await expect(merchandise).not.toBeChecked();

      await merchandise.click();
      await expect(nav.getByRole('link', { name: 'Merchandise' })).toBeVisible();
      await expect(merchandise).toBeChecked();
    } finally {
      expect(await putDisplay(page, { isShowMerchandiseMenu: true })).toBe(200);
    }
  });

  test('staff see the settings read-only, and the server refuses their writes', async ({ page }) => {
    await logIn(page, 'staff@demo.test');
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto(hostUrl('demo', '/settings/display'));
    await expect(page.getByText('Only an administrator can change these settings.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Store' })).toBeDisabled();
    expect(await putDisplay(page, { isShowStoreMenu: false })).toBe(403);
    // Franchises are the admins': no tile for staff, and the screen says why instead of an empty list.
    await page.goto(hostUrl('demo', '/settings'));
    await expect(page.getByRole('link', { name: /Custom Fields/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Franchise/ })).toHaveCount(0);
    await page.goto(hostUrl('demo', '/settings/franchise'));
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('Franchises are managed by admins.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add' })).toHaveCount(0);
  });
});
