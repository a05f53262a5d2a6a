import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';
import { signIn } from './studio-api';

// The list kit (issue 23): a list's search, filter, sort and page live in the address, so they survive a
// reload and a shared link; on a phone the rows are cards. Data is made over the API.

/** A tenant's admin signed in over the API: their POST, answering what was made. */
async function adminApi(request: APIRequestContext, orgId: string, email: string) {
  const admin = await signIn(request, orgId, email);
  return (path: string, data: object) => admin.call<{ guId: string }>('POST', path, data);
}

const tag = () => Date.now().toString(36).slice(-5);

async function expectMerchandiseState(page: Page, name: string, category: string) {
  await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search products' })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(category);
  await expect(page.getByText('11–11 of 11')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
}

test('Merchandise: a search, a category and page 2 survive a reload and open the same from a shared link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const name = `Kit ${tag()}`;
  const category = `Kit shelf ${name.slice(4)}`;
  const post = await adminApi(request, 'riverside', 'admin@riverside.test');
  const shelf = await post('/snode/icategory', { name: category, categoryType: 'product' });
  // hidden from the shop: only the back office sees them
  for (let n = 1; n <= 11; n += 1)
    await post('/rest/item', {
      name: `${name} ${String(n).padStart(2, '0')}`,
      price: n,
      categoryId: shelf.guId,
      isVisible: false,
    });

  await logIn(page, 'admin@riverside.test', 'riverside');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl('riverside', '/products'));
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`\\?q=${name.replace(' ', '\\+')}$`));
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expectMerchandiseState(page, name, category);
  const address = page.url();
  expect(address).toContain(`category=${shelf.guId}`);

  await page.reload();
  await expectMerchandiseState(page, name, category);

  // another admin's browser opens the shared address after logging in
  const other = await browser.newContext();
  const colleague = await other.newPage();
  await logIn(colleague, 'admin@riverside.test', 'riverside');
  await expect(colleague).toHaveURL(/\/dashboard$/);
  await colleague.goto(address);
  await expectMerchandiseState(colleague, name, category);
  await other.close();
});

test('Facility at phone width: each room a card, its search and sort kept through a reload', async ({
  page,
  request,
}) => {
  const name = `Kit room ${tag()}`;
  const post = await adminApi(request, 'demo', 'admin@demo.test');
  await post('/snode/room', { name: `${name} A`, capacity: 12 });
  await post('/snode/room', { name: `${name} B`, capacity: 30 });

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl('demo', '/facility'));
  await page.getByRole('textbox', { name: 'Search rooms' }).fill(name);
  await expect(page).toHaveURL(/\?q=Kit\+room\+/);
  await expect(page.getByRole('row', { name: /Kit room/ })).toHaveCount(2);
  // the header row is for screen readers only on a phone: the sort comes in a link from a wider window
  const sorted = new URL(page.url());
  sorted.searchParams.set('sort', '-capacity');
  await page.goto(sorted.toString());
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search rooms' })).toHaveValue(name);
  const rows = page.getByRole('row', { name: /Kit room/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${name} B`);
  // a card: the cell names its column, and the card fits the screen
  const card = rows.first();
  const capacity = card.getByRole('cell').nth(1);
  await expect(capacity).toHaveText('30');
  await expect(capacity).toHaveAttribute('data-label', 'Capacity');
  expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('block');
  expect(await capacity.evaluate((cell) => getComputedStyle(cell, '::before').content)).not.toBe('none');
  const box = await card.boundingBox();
  expect(box?.width ?? 999).toBeLessThanOrEqual(390);
  await expect(card.getByRole('button', { name: `Edit ${name} B` })).toBeVisible();
  await expectAccessible(page);
});
