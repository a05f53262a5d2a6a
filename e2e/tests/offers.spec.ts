import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// Offers are added to the riverside tenant; its category is made here (riverside sells nothing
// else the catalogue spec counts on: a category only, no product).
const ORG = 'riverside';

test.describe('offers', () => {
  test('an admin creates a 10% code for a category, sees it listed and disables it', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);

    // a category to give the offer to, made where the catalogue makes them
    await page.goto(hostUrl(ORG, '/products/new'));
    await page.getByRole('button', { name: 'New Category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New Category' });
    await categoryDialog.getByRole('textbox', { name: 'Category Name' }).fill('River Tees');
    await categoryDialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Category added successfully.')).toBeVisible();

    // /offers is reached from Merchandise
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Merchandise' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.getByRole('link', { name: 'Offers' }).click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
    await expect(page.getByText('No offers yet.')).toBeVisible();
    await expect(page.getByText(/Atrium/)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Offer' });
    // Submit with nothing filled shows the field messages
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Offer code is required!')).toBeVisible();
    await expect(dialog.getByText('Discount is required!')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Offer code' }).fill('RIVER10');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Tees for the season');
    await dialog.getByRole('textbox', { name: 'Discount (%)' }).fill('150');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('A percentage discount cannot be more than 100')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
    await dialog.getByRole('combobox', { name: 'Applies to' }).click();
    await page.getByRole('option', { name: 'One product or category' }).click();
    await dialog.getByRole('combobox', { name: 'Product or category' }).click();
    await page.getByRole('option', { name: 'River Tees' }).click();
    await dialog.getByLabel('Start date').fill('2026-01-01');
    await dialog.getByLabel('End date').fill('2099-12-31');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText('Offer added successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /river10/ });
    await expect(row).toContainText('10%');
    await expect(row).toContainText('River Tees');
    await expect(row).toContainText('Jan 1, 2026 – Dec 31, 2099');
    await expect(row).toContainText('Active');
    await expectAccessible(page);

    // the same code again, in another case, is refused by the server
    await page.getByRole('button', { name: 'Add Offer' }).click();
    await dialog.getByRole('textbox', { name: 'Offer code' }).fill('river10');
    await dialog.getByRole('textbox', { name: 'Discount (%)' }).fill('5');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText("Offer code 'river10' already exists.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // disable: the badge says so, the status filter finds it
    await page.getByRole('button', { name: 'Disable river10' }).click();
    await expect(page.getByText('Offer disabled.')).toBeVisible();
    await expect(row).toContainText('Disabled');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await expect(page.getByText('No offers match.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Disabled' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('textbox', { name: 'Search offers' }).fill('season');
    await expect(row).toBeVisible();

    // at phone width
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
});
