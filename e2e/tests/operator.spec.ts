import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// The platform operator (issue 28): demo is the operator (OPERATOR_ORG_ID's default). The spec adds its
// own plan and signs up its own studio; demo's plans and tenants stay as other specs expect them.
test.describe('the platform operator', () => {
  test('creates a plan, a new studio signs up on /tplan with it and appears in /tenant; suspending it shows the notice', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const slug = `pro-${tag}`;
    const planName = `Studio Pro ${tag}`;
    const orgId = `tp-${tag}`;

    // MasterPlans: add a plan (a bad price first, refused under its field)
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/masterplan'));
    await expect(page.getByRole('heading', { name: 'MasterPlans', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Tenants' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Add plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add plan' });
    await dialog.getByLabel('Name').fill(planName);
    await dialog.getByLabel('Id').fill(slug);
    await dialog.getByLabel('Monthly price (USD)').fill('39.999');
    await dialog.getByLabel('Yearly price (USD)').fill('390');
    await dialog.getByLabel('Contacts limit').fill('800');
    await dialog.getByLabel('Active members limit').fill('60');
    await dialog.getByLabel('Trial days').fill('21');
    await dialog.getByLabel('Features').fill('800 contacts\n60 active members');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Price must be a whole number of cents, 0 or more.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Monthly price (USD)').fill('39');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: planName });
    await expect(row).toContainText('$39.00');
    await expect(row).toContainText('21 days');
    await expectAccessible(page);

    // A visitor on the operator's site: the plans page, then the sign-up on the new plan
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await site.goto(hostUrl('demo', '/tplan'));
    await expect(site.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
    const card = site.getByRole('article', { name: planName });
    await expect(card).toContainText('$39 / month');
    await expect(card).toContainText('21-day free trial');
    await expectAccessible(site);
    await site.getByText('Yearly', { exact: true }).click();
    await expect(card).toContainText('$390 / year');
    await card.getByRole('link', { name: `Start with ${planName}` }).click();
    await expect(site).toHaveURL(hostUrl('demo', `/tplan/${slug}/yearly`));
    await expect(site.getByRole('heading', { name: 'Create your studio', level: 1 })).toBeVisible();
    await expect(site.getByText(`${planName} plan`)).toBeVisible();
    await site.getByLabel('Business name').fill(`Harbour Pilates ${tag}`);
    await site.getByLabel('Web address').fill(orgId);
    await site.getByLabel('First name').fill('Ines');
    await site.getByLabel('Last name').fill('Costa');
    await site.getByLabel('Email').fill(`ines@${orgId}.example`);
    await site.getByRole('textbox', { name: 'Password' }).fill('Harbour-pilates-1');
    await expectAccessible(site);
    await site.getByRole('button', { name: 'Create my studio' }).click();
    await expect(site).toHaveURL(hostUrl(orgId, '/onboarding'), { timeout: 30_000 });

    // Tenants: the new studio on the plan's trial
    await page.goto(hostUrl('demo', '/tenant'));
    await expect(page.getByRole('heading', { name: 'Tenants', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search tenants' }).fill(orgId);
    const tenantRow = page.getByRole('row').filter({ hasText: `Harbour Pilates ${tag}` });
    await expect(tenantRow).toContainText(`${slug.charAt(0).toUpperCase()}${slug.slice(1)} Yearly Plan`);
    await expect(tenantRow).toContainText('Trial');
    await expect(tenantRow).toContainText('/ 800');
    await expectAccessible(page);

    // Impersonate: the studio opens as its owner with the banner across it; End goes back to Tenants
    await tenantRow.getByRole('button', { name: `Impersonate Harbour Pilates ${tag}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://${orgId}\\.localhost:\\d+/`), { timeout: 20_000 });
    const banner = page.getByRole('region', { name: 'Impersonation' });
    // (the code is exchanged and the studio's app booted before the banner: two page loads)
    await expect(banner).toContainText(`You are viewing Harbour Pilates ${tag} as operator`, { timeout: 20_000 });
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'End' }).click();
    await expect(page).toHaveURL(hostUrl('demo', '/tenant'), { timeout: 20_000 });
    await page.getByRole('searchbox', { name: 'Search tenants' }).fill(orgId);

    // Suspend: the studio's public site says so
    await tenantRow.getByRole('button', { name: `Suspend Harbour Pilates ${tag}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(tenantRow).toContainText('Suspended');

    // The audit log: what was done to the studio, newest first
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(hostUrl('demo', '/tenant/audit'));
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(orgId);
    const lines = page.getByRole('row').filter({ hasText: orgId });
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText('Suspended');
    await expect(lines.nth(1)).toContainText('Ended impersonation');
    await expect(lines.nth(2)).toContainText('Impersonated');
    await expect(lines.nth(2)).toContainText('Avery Admin');
    await expectAccessible(page);
    // (the visitor's own browser is signed in there as the new owner: another visitor looks)
    await visitor.close();
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(hostUrl(orgId, '/'));
    await expect(other.getByRole('heading', { name: 'Site unavailable' })).toBeVisible();
    await expect(other.getByText('This site is currently unavailable. Please contact the studio.')).toBeVisible();
    await expectAccessible(other);
    await stranger.close();
  });

  test("a member of the operator's site sees its plans and their own studios", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'member@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl('demo', '/plan'));
    await expect(page).toHaveURL(hostUrl('demo', '/tplan'));
    await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
    await page.goto(hostUrl('demo', '/tplan/free/monthly'));
    await expect(page.getByRole('heading', { name: 'Create your studio', level: 1 })).toBeVisible();
    await page.goto(hostUrl('demo', '/tenant'));
    await expect(page.getByRole('heading', { name: 'My studios', level: 1 })).toBeVisible();
    await expect(page.getByText('You have no studio of your own yet.')).toBeVisible();
    await page.getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(hostUrl('demo', '/tplan'));
    await expectAccessible(page);
  });

  test('a studio that is not the operator has no MasterPlans, Tenants or plans page', async ({ page }) => {
    await logIn(page, 'admin@riverside.test', 'riverside');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('riverside', '/masterplan'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'MasterPlans' })).toHaveCount(0);
    await page.goto(hostUrl('riverside', '/tplan'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('riverside', '/tenant/audit'));
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
