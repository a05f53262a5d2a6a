import { expect, test } from '@playwright/test';
import { apiHeaders, apiUrl, demoStudentInvoice, downloadCsv, expectAccessible, hostUrl, logIn } from './helpers';

/** The sales report narrowed to one product (issue 24's walk), and the contacts report on a phone. */
test.describe('report filters', () => {
  test('"Revenue this month" to the sales report narrowed to one product: its CSV total equals the report’s', async ({
    page,
    request,
  }) => {
    // a product of its own, sold twice at the desk today and paid in cash; another product on the same invoice
    const tag = Date.now().toString(36);
    const admin = await apiHeaders(request, 'admin@demo.test');
    const category = await request.post(apiUrl('/snode/icategory'), {
      headers: admin,
      data: { name: `Filters ${tag}`, categoryType: 'PRODUCT' },
    });
    expect(category.status()).toBe(201);
    const categoryId = (await category.json()).guId as string;
    const product = await request.post(apiUrl('/rest/item'), {
      headers: admin,
      data: { name: `Filter block ${tag}`, categoryId, price: 7.25, isTaxable: false },
    });
    expect(product.status()).toBe(201);
    const itemId = (await product.json()).guId as string;
    await demoStudentInvoice(
      request,
      [
        { itemId, itemName: `Filter block ${tag}`, price: '7.25', qty: 2, itemType: 'product', isTaxable: false },
        { itemName: `Other thing ${tag}`, price: '3.00', isTaxable: false },
      ],
      `filters-${tag}`,
    );

    await logIn(page, 'admin@demo.test');
    await page
      .getByRole('region', { name: 'Today' })
      .getByRole('link', { name: /Revenue this month/ })
      .click();
    await expect(page).toHaveURL(/report=sales&.*groupBy=day$/);
    // what was sold narrows by item: group by item, choose the product, from the first of last month
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Item', exact: true }).click();
    await page.getByRole('combobox', { name: 'Item' }).fill(`Filter block ${tag}`);
    await page.getByRole('option', { name: `Filter block ${tag}` }).click();
    const lastMonth = new Date();
    lastMonth.setDate(1);
    lastMonth.setMonth(lastMonth.getMonth() - 1);
    const from = `${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, '0')}-01`;
    await page.getByRole('textbox', { name: 'From' }).fill(from);
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=[\\d-]+&groupBy=item&item=${itemId}$`));
    const table = page.getByRole('table', { name: 'Sales by item' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row', { name: new RegExp(`Filter block ${tag}`) })).toContainText('$14.50');
    await expect(table.getByRole('row', { name: new RegExp(`Other thing ${tag}`) })).toHaveCount(0);
    const total = (await table.locator('tfoot td').last().textContent())?.trim();
    expect(total).toBe('$14.50');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Item' })).toHaveValue(`Filter block ${tag}`);
    await expectAccessible(page);

    const csv = await downloadCsv(page);
    expect(csv).toHaveLength(3);
    expect(csv.at(-1)).toBe('Total,2,14.50,0.00,0.00,14.50');

    // by day counts money received: the item filter does not apply there and leaves the address
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    await expect(page).toHaveURL(/groupBy=day$/);
    await expect(page.getByRole('combobox', { name: 'Item' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Payment method' })).toBeVisible();
  });

  test('the contacts report on a 390 px phone: growth, sources and tags', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const year = new Date().getFullYear();
    await page.goto(hostUrl('demo', `/reports?report=contacts&from=${year - 1}-01-01&to=${year}-12-31&groupBy=month`));
    await expect(page.getByRole('heading', { name: 'Contacts', level: 2 })).toBeVisible();
    const growth = page.getByRole('table', { name: 'Contacts by month' });
    await expect(growth.getByRole('row')).toHaveCount(24 + 2);
    await expect(growth.getByRole('columnheader', { name: 'New' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Source', exact: true }).click();
    await expect(page).toHaveURL(/report=contacts&.*groupBy=source$/);
    await expect(page.getByRole('table', { name: 'Contacts by source' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
