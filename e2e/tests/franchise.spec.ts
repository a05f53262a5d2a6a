import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// The spec creates, switches into and deletes its own franchise of demo: riverside and demo's own
// settings stay as other specs expect them.
test.describe('franchise', () => {
  test('the master admin creates, finds, edits, switches into, returns from and deletes a franchise', async ({
    page,
  }) => {
    // Eight screens, a franchise made and deleted: 53 s alone, past 60 s in a whole run on two cores.
    test.setTimeout(120_000);
    const orgId = `e2e${Date.now().toString(36)}`;
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Create: the list's Add button, a validation message first.
    await page.goto(hostUrl('demo', '/settings/franchise'));
    await expect(page.getByRole('heading', { name: 'Franchise' })).toBeVisible();
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/settings\/franchise\/new$/);
    await expect(page.getByRole('heading', { name: 'Create' })).toBeVisible();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Invalid Form!')).toBeVisible();
    await expect(page.getByText('Name of franchise is required!')).toBeVisible();
    await expect(page.getByText('Zip code is required!')).toBeVisible();

    await page.getByLabel('Name of franchise').fill('Harbour Yoga');
    await page.getByLabel('Franchise OrgId').fill(orgId);
    await page.getByLabel('Phone').fill('+1 555 0123');
    await page.getByRole('combobox', { name: 'TimeZone' }).click();
    await page.getByRole('option', { name: 'America/Chicago' }).click();
    await page.getByLabel('Admin name').fill('Hari Harbour');
    await page.getByLabel('Email').fill(`owner@${orgId}.test`);
    await page.getByLabel(/^Password/).fill('Harbour-pass-1');
    await page.getByLabel('City').fill('Portsmouth');
    await page.getByLabel('State').fill('NH');
    await page.getByLabel('Zip code').fill('038');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Zip code must be atleast 5 characters long!')).toBeVisible();
    await page.getByLabel('Zip code').fill('03801');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Successfully created franchise.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/franchise$/);

    // Find it by search (case-insensitive); nothing matches another word.
    const search = page.getByRole('textbox', { name: 'Search franchises' });
    await search.fill('NO-SUCH-FRANCHISE');
    await expect(page.getByText('No matching records found')).toBeVisible();
    await search.fill(orgId.toUpperCase());
    const link = page.getByRole('link', { name: new RegExp(`^Edit Harbour Yoga: ${orgId} \\(`) });
    await expect(link).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);

    // Edit: the header reads Update; password and timezone are hidden.
    await link.click();
    await expect(page).toHaveURL(/\/settings\/franchise\/edit\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: 'Update' })).toBeVisible();
    await expect(page.getByLabel('Name of franchise')).toHaveValue('Harbour Yoga');
    await expect(page.getByLabel(/^Password/)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'TimeZone' })).toHaveCount(0);
    await page.getByLabel('Name of franchise').fill('Harbour Yoga & Pilates');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Successfully updated franchise.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/franchise$/);

    // Switch into it from the toolbar: its own host, its dashboard, as its owner, in franchise mode.
    await page.getByRole('button', { name: 'Switch to a franchise' }).click();
    await page.getByRole('menuitem', { name: `Harbour Yoga & Pilates (${orgId})` }).click();
    await expect(page).toHaveURL(hostUrl(orgId, '/dashboard'));
    await expect(page.getByRole('heading', { name: 'Welcome, Hari Harbour' })).toBeVisible();
    await expect(page.getByText('Franchise mode')).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    // Franchise mode survives a reload (the session is restored with the master admin's id).
    await page.reload();
    await expect(page.getByRole('button', { name: /Master View/ })).toBeVisible();

    // Master View: back on the master's host, still signed in as the master admin.
    await page.getByRole('button', { name: /Master View/ }).click();
    await expect(page).toHaveURL(hostUrl('demo', '/dashboard'));
    await expect(page.getByRole('heading', { name: /^Welcome, Avery/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to a franchise' })).toBeVisible();

    // Delete it with the confirm.
    await page.goto(hostUrl('demo', '/settings/franchise'));
    await page.getByRole('textbox', { name: 'Search franchises' }).fill(orgId);
    await page.getByRole('button', { name: `Delete franchise ${orgId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Franchise!' });
    await expect(dialog.getByText('Are you sure you want to continue?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Successfully deleted franchise.')).toBeVisible();
    await expect(page.getByText('No matching records found')).toBeVisible();
  });
});
