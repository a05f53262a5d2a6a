import { expect, type Page, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

/** An unsigned token whose exp is in the past: the client reads exp only, the server would refuse it. */
const EXPIRED_TOKEN = (() => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', role: 'admin', exp: 1_000_000 })}.sig`;
})();

/**
 * Shortens the idle timeout (a reload picks it up), then lets the access token expire: another tab
 * of the same site writes an expired token, which this tab takes over as it does a rotation.
 */
async function expireSessionAfterShortIdle(page: Page): Promise<void> {
  // Long enough that the reload and the dashboard's own calls are over before it runs out: an idle
  // check while the token is still valid waits for that token's own expiry (minutes), and a call sent
  // with the expired token would renew the session.
  await page.evaluate(() => localStorage.setItem('atrium.idleTimeoutMs', '6000'));
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const otherTab = await page.context().newPage();
  await otherTab.goto(hostUrl('demo', '/healthz'));
  await otherTab.evaluate((token) => localStorage.setItem('atrium.accessToken', token), EXPIRED_TOKEN);
  await otherTab.close();
}

test.describe('session', () => {
  test("after the idle timeout an expired session asks 'Session Expired'; Continue refreshes", async ({ page }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    test.setTimeout(60_000);
    await expireSessionAfterShortIdle(page);

    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await expect(dialog).toBeVisible({ timeout: 25_000 });
    await expect(dialog.getByText('Your session has expired. Would you like to continue your session?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('atrium.accessToken'));
    expect(token).not.toBe(EXPIRED_TOKEN);
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });

  test('declining the Session Expired dialog logs out', async ({ page }) => {
    await logIn(page, 'staff@demo.test');
    await expect(page).toHaveURL(/\/calendar$/);
    test.setTimeout(60_000);
    await expireSessionAfterShortIdle(page);
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await expect(dialog).toBeVisible({ timeout: 25_000 });
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('atrium.refreshToken'))).toBeNull();
  });
});

test.describe('preview modes', () => {
  test('Web Preview shows the public site; Admin View returns to the dashboard', async ({ page }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('menuitem', { name: 'Web Preview' }).click();
    await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Demo Studio' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Admin View' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });

  test('Student Preview shows the student portal on its home; browser back returns to the dashboard', async ({
    page,
  }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    // a page visited before the preview, so that Back has somewhere to go
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Contacts' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('menuitem', { name: 'Student Preview' }).click();
    await expect(page).toHaveURL(/\/classes$/);
    await expect(page.getByRole('navigation', { name: 'Student menu' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the admin sidebar becomes a drawer opened from the toolbar', async ({ page }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Admin menu' });
    await expect(nav.getByRole('link', { name: 'Contacts' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(nav.getByRole('link', { name: 'Contacts' })).toBeInViewport();
  });

  test('the public menu opens from its button', async ({ page }) => {
    await page.goto(hostUrl('demo'));
    await page.getByRole('button', { name: 'Open site menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'About' }),
    ).toBeVisible();
  });
});
