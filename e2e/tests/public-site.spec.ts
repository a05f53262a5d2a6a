import { expect, test } from '@playwright/test';
import { hostUrl } from './helpers';

test.describe('the public website', () => {
  test("a visitor sees the demo studio's home page, menu, toolbar and footer", async ({ page }) => {
    await page.goto(hostUrl('demo'));
    await expect(page.getByRole('heading', { name: 'Welcome to Demo Studio' })).toBeVisible();
    await expect(page.getByText('Move well. Breathe deep. Belong.')).toBeVisible();
    await expect(page).toHaveTitle(/Demo Studio/);

    const menu = page.getByRole('navigation', { name: 'Site menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
    // unpublished standard pages and legal pages are not in the menu
    await expect(menu.getByRole('link', { name: 'Calendar' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Privacy Policy' })).toHaveCount(0);
    // About and Contact come last
    const order = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(order.slice(-2)).toEqual(['About', 'Contact']);

    await expect(page.getByRole('link', { name: '+1 555 0100' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'hello@demo.test' }).first()).toHaveAttribute(
      'href',
      'mailto:hello@demo.test',
    );
    await expect(
      page
        .getByRole('button', { name: 'Login' })
        .or(page.getByRole('link', { name: 'Login' }))
        .first(),
    ).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    // the platform's version is the staff's, not a visitor's (issue 29)
    await expect(footer.getByText('v6.4 December 2022')).toHaveCount(0);
  });

  test('menu links open the pages; a legal page opens from the footer', async ({ page }) => {
    await page.goto(hostUrl('demo'));
    await page.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
    await expect(page.getByText('A studio built by its community')).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByText('Bookings can be cancelled free of charge')).toBeVisible();
  });

  test('each tenant host shows its own site', async ({ page }) => {
    await page.goto(hostUrl('riverside'));
    await expect(page.getByRole('heading', { name: 'Welcome to Riverside Yoga' })).toBeVisible();
    await expect(page.getByText('Demo Studio', { exact: true })).toHaveCount(0);
  });

  test('an unpublished standard page and an admin path are not shown to visitors', async ({ page }) => {
    await page.goto(hostUrl('demo', '/dashboard'));
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
    await page
      .getByRole('link', { name: 'Go to Home Page' })
      .or(page.getByRole('button', { name: 'Go to Home Page' }))
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Welcome to Demo Studio' })).toBeVisible();
  });

  test('an unknown tenant host says so, and shows nobody else', async ({ page }) => {
    await page.goto(hostUrl('no-such-studio'));
    await expect(page.getByText('no valid orgId found for account')).toBeVisible();
    await expect(page.getByText('Demo Studio')).toHaveCount(0);
  });
});
