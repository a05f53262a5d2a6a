import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

test('the admin sees the studio’s first steps, with progress, each leading to its screen', async ({ page }) => {
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/getstarted$/);
  await expect(page.getByRole('heading', { name: 'Get Started', level: 1 })).toBeVisible();
  // the demo studio has published pages, products and members (other specs may add its logo)
  await expect(
    page.getByText(/^(\d of 5 steps done|All 5 steps are done: .+ is ready for its members\.)$/),
  ).toBeVisible();
  const steps = page.getByRole('main').getByRole('listitem');
  await expect(steps).toHaveCount(5);
  for (const [title, state] of [
    ['Publish your website', 'Done'],
    ['Add your first class or product', 'Done'],
    ['Add your first member', 'Done'],
  ] as const) {
    await expect(steps.filter({ hasText: title }).getByText(state, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add your first member' }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  // at phone width the steps stay readable and the page does not scroll sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(hostUrl('demo', '/getstarted'));
  await expect(page.getByRole('link', { name: 'Connect a payment provider' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the front desk is told the first steps are the admin’s', async ({ page }) => {
  await logIn(page, 'frontdesk@demo.test');
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto(hostUrl('demo', '/getstarted'));
  await expect(page.getByRole('heading', { name: 'Access denied', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The first steps are taken by admins.' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
