import { expect, test } from '@playwright/test';
import { expectAccessible, fillStockedProduct, hostUrl, logIn } from './helpers';

// Products are added to the riverside tenant: the demo tenant's seeded items must never show there.
const ORG = 'riverside';

test.describe('catalogue', () => {
  test('an admin adds a T-shirt with 3 in stock in a new category, archives and restores it', async ({ page }) => {
    // a long walk through four screens: on a loaded CI machine it took over 30 s
    test.setTimeout(60_000);
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByText('Products', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Merchandise' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
    // the demo tenant's seeded items are not riverside's (the store spec may have sold one of its own)
    await expect(page.getByText('No products yet.').or(page.getByRole('table')).first()).toBeVisible();
    await expect(page.getByText(/Studio T-shirt|Studio hoodie|Yoga mat|Water bottle|Starter kit/)).toHaveCount(0);
    await expect(page.getByText(/Atrium/)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/products\/new$/);
    await expect(page.getByRole('heading', { name: 'New Product', level: 1 })).toBeVisible();
    // Submit with nothing filled shows the field messages
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Name is required!')).toBeVisible();
    await expect(page.getByText('Price is required!')).toBeVisible();

    await fillStockedProduct(page, { name: 'Riverside T-shirt', category: 'Apparel', price: '24.50', stock: '3' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText('Product added successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    const row = page.getByRole('row', { name: /Riverside T-shirt/ });
    await expect(row).toContainText('Apparel');
    await expect(row).toContainText('$24.50');
    await expect(row).toContainText('3 in stock');
    await expect(row).toContainText('Visible');
    await expectAccessible(page);

    // archive: gone from the list, back with Show archived, then restored
    await page.getByRole('button', { name: 'Archive Riverside T-shirt' }).click();
    await expect(page.getByText('Product archived.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Riverside T-shirt/ })).toHaveCount(0);
    // By keyboard: the stacked toasts can cover the switch, and a toast under the pointer never closes.
    const showArchived = page.getByRole('switch', { name: 'Show archived' });
    await showArchived.press('Space');
    await expect(showArchived).toBeChecked();
    await expect(row).toContainText('Archived');
    await page.getByRole('button', { name: 'Restore Riverside T-shirt' }).click();
    await expect(page.getByText('Product restored.')).toBeVisible();
    await expect(row).toContainText('Visible');
    await showArchived.press('Space');
    await expect(showArchived).not.toBeChecked();
    await expect(row).toBeVisible();

    // search and the category filter
    await page.getByRole('textbox', { name: 'Search products' }).fill('studio');
    await expect(page.getByText('No products match.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search products' }).fill('t-shirt');
    await expect(row).toBeVisible();

    // editing keeps the stock
    await page.getByRole('link', { name: 'Edit Riverside T-shirt' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Product', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Quantity in stock' })).toHaveValue('3');
    await page.getByRole('textbox', { name: /^Price/ }).fill('22');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Product updated successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Riverside T-shirt/ })).toContainText('$22.00');
  });

  test('the list works at phone width and the bundles screen opens from it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'admin@demo.test', 'demo');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/products'));
    await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Studio T-shirt/ })).toContainText('$25.00');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Bundles' }).click();
    await expect(page).toHaveURL(/\/productbundle$/);
    await expect(page.getByRole('heading', { name: 'Product Bundles', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Starter kit/ })).toContainText('1 × Yoga mat');
    await expectAccessible(page);
  });
});
