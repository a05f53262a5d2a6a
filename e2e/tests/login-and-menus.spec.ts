import { expect, test } from '@playwright/test';
import { hostUrl, logIn, menuLinks } from './helpers';

const ADMIN_MENU_DEMO = [
  'Get Started',
  'Dashboard',
  'Events',
  'Classes',
  'Courses',
  'Assessments',
  'Contacts',
  'Campaigns',
  'G-Reviews',
  'Website',
  'Question Banks',
  'Store',
  'Invoices',
  'MasterPlans',
  'Tenants',
  'Reports',
  'Settings',
];

test.describe('login, landing and menus', () => {
  test('the admin lands on the dashboard with the full admin menu of a master tenant', async ({ page }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Avery Admin' })).toBeVisible();
    const links = await menuLinks(page, 'Admin menu');
    for (const item of ADMIN_MENU_DEMO) expect(links).toContain(item);
    expect(links).not.toContain('Self Assessments');
    // the Products group holds Donations, Forms and Merchandise
    const nav = page.getByRole('navigation', { name: 'Admin menu' });
    await nav.getByText('Products', { exact: true }).click();
    for (const item of ['Donations', 'Forms', 'Merchandise']) {
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    }
  });

  test('staff and front desk land on the calendar with the admin menu', async ({ page }) => {
    for (const email of ['staff@demo.test', 'frontdesk@demo.test']) {
      await logIn(page, email);
      await expect(page).toHaveURL(/\/calendar$/);
      await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
    }
  });

  test('a student lands on classes with the student menu', async ({ page }) => {
    await logIn(page, 'student@demo.test');
    await expect(page).toHaveURL(/\/classes$/);
    const links = await menuLinks(page, 'Student menu');
    for (const item of ['Calendar', 'Courses', 'My Store', 'Assessments']) expect(links).toContain(item);
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
    await expect(page.getByText('Thank you for being a member! How would you rate your experience?')).toBeVisible();
    // an admin path is not for students: back to classes
    await page.goto(hostUrl('demo', '/settings'));
    await expect(page).toHaveURL(/\/classes$/);
  });

  test("a franchise's admin has no master-only items", async ({ page }) => {
    await logIn(page, 'admin@riverside.test', 'riverside');
    await expect(page).toHaveURL(/\/dashboard$/);
    const links = await menuLinks(page, 'Admin menu');
    expect(links).toContain('Contacts');
    expect(links).not.toContain('MasterPlans');
    expect(links).not.toContain('Tenants');
    expect(links).not.toContain('Assessments');
  });

  test('a wrong password shows the spec message and stays on login', async ({ page }) => {
    await page.goto(hostUrl('demo', '/login'));
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('error occured by during login')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('atrium.loginTrace'))).not.toBe('true');
  });

  test('the session survives a reload and unknown admin paths fall back to the dashboard', async ({ page }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/integrations'));
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await page.goto(hostUrl('demo', '/settings/nonsense'));
    await expect(page).toHaveURL(/\/settings$/);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });

  test('logout ends the session', async ({ page }) => {
    await logIn(page, 'staff@demo.test');
    await expect(page).toHaveURL(/\/calendar$/);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
    await page.goto(hostUrl('demo', '/dashboard'));
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
  });
});
