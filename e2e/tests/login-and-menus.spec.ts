import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, menuLinks } from './helpers';

/** The built screens only: a module not built yet is absent from the menu (never a placeholder). */
const ADMIN_MENU_DEMO = [
  'Get Started',
  'Dashboard',
  'Calendar',
  'Events',
  'Classes',
  'Courses',
  'Facility',
  'Contacts',
  'Files',
  'Campaigns',
  'G-Reviews',
  'Website',
  'Question Banks',
  'Store',
  'Invoices',
  'Reports',
  'Settings',
  'Help',
  'Logout',
];

test.describe('login, landing and menus', () => {
  test('the login page is HTML from the server with a small island; the app comes only after login', async ({
    page,
  }) => {
    const port = process.env.E2E_PORT ?? '3100';
    const html = await (
      await page.request.get(`http://127.0.0.1:${port}/login`, { headers: { host: `demo.localhost:${port}` } })
    ).text();
    expect(html).toContain('<h1 id="login-title">Login</h1>');
    expect(html).toContain('<label for="login-email">Email</label>');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(hostUrl('demo', '/login'));
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/site/boot.js', '/site/auth.js']);
    // the spec's checks and failure text, before any of the app loads
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await expect(page.getByText('Password is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    // the app is fetched once the visitor is on the form, but runs only after a login: still the server's form
    await expect(page.locator('#login-form')).toHaveCount(1);
    // styled as the studio's: the Login button wears the theme, not the browser's default
    const button = page.getByRole('button', { name: 'Login', exact: true });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgb(239, 239, 239)',
    );
    expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
    await expect(page.locator('body')).not.toContainText('Atrium');
  });

  test('the admin lands on the dashboard, with a menu of the screens that exist', async ({ page }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Avery Admin' })).toBeVisible();
    const links = await menuLinks(page, 'Admin menu');
    for (const item of ADMIN_MENU_DEMO) expect(links).toContain(item);
    // demo has assessments on (the module flag): the tests, self assessments and question banks
    for (const item of ['Assessments', 'Self Assessments', 'Question Banks']) expect(links).toContain(item);
    // the Products group holds what is built: Donations, Forms and Merchandise
    const nav = page.getByRole('navigation', { name: 'Admin menu' });
    await nav.getByText('Products', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Donations' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Merchandise' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Forms' })).toBeVisible();
    // the dashboard counts the studio's contacts and lists the newest
    await expect(page.getByRole('heading', { name: 'Newest contacts' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^All contacts: \d+$/ })).toBeVisible();
    // a screen whose module is not built is page not found, not a placeholder
    await page.goto(hostUrl('demo', '/tests'));
    await expect(page.getByText(/not available yet/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('staff and front desk land on the calendar with the admin menu', async ({ page }) => {
    for (const email of ['staff@demo.test', 'frontdesk@demo.test']) {
      await logIn(page, email);
      await expect(page).toHaveURL(/\/calendar$/);
      await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
      // The website builder is for admins and staff: the front desk neither sees it nor meets an error there.
      const links = await menuLinks(page, 'Admin menu');
      expect(links.includes('Website')).toBe(email.startsWith('staff'));
      // Campaigns are written by admins and staff, not by the front desk.
      expect(links.includes('Campaigns')).toBe(email.startsWith('staff'));
      // the first steps of the studio are the admin's
      expect(links).not.toContain('Get Started');
      if (email.startsWith('frontdesk')) {
        await page.goto(hostUrl('demo', '/website'));
        await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
        await expect(page.getByText('The website is built by admins and staff.')).toBeVisible();
        await expect(page.getByText('could not be loaded')).toHaveCount(0);
      }
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
    }
  });

  test('a student lands on the class calendar with the student menu', async ({ page }) => {
    await logIn(page, 'student@demo.test');
    await expect(page).toHaveURL(/\/classes$/);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    const links = await menuLinks(page, 'Student menu');
    expect(links).toContain('Calendar');
    expect(links).toContain('Courses');
    expect(links).toContain('Assessments');
    // demo has its store menu on, and My Store is built
    expect(links).toContain('My Store');
    // demo has donations on: the member's gifts
    expect(links).toContain('My Donations');
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
    await page.goto(hostUrl('demo', '/profile'));
    await expect(page.getByText('student@demo.test')).toBeVisible();
    // (the rating prompt shows only while the studio has a Google review link: reviews.spec.ts)
    // an admin path is not for students: back to their home
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
