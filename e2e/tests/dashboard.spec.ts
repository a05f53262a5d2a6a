import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

/** The dashboard's day at a glance (issue 24): figures from the ledger and the timetable, money for admins and staff. */
test.describe('dashboard', () => {
  test('the admin sees today, the money and the last 12 months; each tile opens the screen behind it', async ({
    page,
  }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByText('Classes today')).toBeVisible();
    await expect(today.getByText('Checked in today')).toBeVisible();
    await expect(today.getByText('Revenue this month')).toBeVisible();
    await expect(today.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible();
    const months = page.getByRole('table', { name: 'The last 12 months' });
    await expect(months.getByRole('row')).toHaveCount(13);
    // month labels Jan to Dec (spec 1 §9), newest first
    await expect(months.getByRole('rowheader').first()).toHaveText(
      /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/,
    );
    await expectAccessible(page);
    await today.getByRole('link', { name: /Revenue today/ }).click();
    await expect(page).toHaveURL(/\/invoices$/);
  });

  test('the front desk sees the day but no money; a phone shows the tiles one under another', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'frontdesk@demo.test');
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto(hostUrl('demo', '/dashboard'));
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByText('Classes today')).toBeVisible();
    await expect(page.getByText('Revenue today')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'The last 12 months' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
