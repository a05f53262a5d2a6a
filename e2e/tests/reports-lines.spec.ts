import { expect, test } from '@playwright/test';
import { demoStudentInvoice, downloadCsv, expectAccessible, hostUrl, logIn } from './helpers';

/** The rows behind a sales figure (issue 24): from the report's row to its rows, to an invoice, and as CSV, on a phone. */
test('a sales figure opens the rows behind it; their CSV adds up to it; an invoice number opens the invoice', async ({
  page,
  request,
}) => {
  // a sale today over the API, of a line only this test sells
  const tag = Date.now().toString(36);
  const invoice = await demoStudentInvoice(request, [
    { itemName: `Rows mat ${tag}`, price: '7.25', qty: 2, isTaxable: false },
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl('demo', '/reports?report=sales&groupBy=item'));
  const report = page.getByRole('table', { name: 'Sales by item' });
  await report.getByRole('link', { name: `Rows mat ${tag}` }).click();
  await expect(page).toHaveURL(/\/reports\/lines\?from=[\d-]+&to=[\d-]+&groupBy=item&key=name%3ARows\+mat/);
  await expect(page.getByRole('heading', { name: 'Sales rows', level: 1 })).toBeVisible();
  const rows = page.getByRole('table', { name: `Sales rows, item: Rows mat ${tag}` });
  await expect(rows.getByRole('row')).toHaveCount(2);
  await expect(rows.getByRole('row').nth(1)).toContainText('$14.50');
  await expect(page.getByText(/^1 row: 2 units, .* total \$14\.50$/)).toBeVisible();
  // the table scrolls inside its frame: the page itself is no wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  const csv = await downloadCsv(page);
  expect(csv[0]).toBe('date,invoice,contact,item,category,kind,quantity,gross,discount,tax,total');
  expect(csv).toHaveLength(2);
  expect(csv[1]?.split(',').at(-1)).toBe('14.50');

  await rows.getByRole('link', { name: `INV-${String(invoice.number).padStart(5, '0')}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
});
