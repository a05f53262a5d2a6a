import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// Issue 27's shortcuts (spec 3 §2.6, §5, §6): the staff toolbar's shortcuts bar, searchable by title,
// kept in the FUSE2.shortcuts cookie; Store by default when the studio shows its store.

test('staff keep shortcuts in the toolbar: Store by default, found by title, kept across a reload', async ({
  page,
}) => {
  await logIn(page, 'staff@demo.test');
  await expect(page).not.toHaveURL(/\/login/);
  const bar = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(bar.getByRole('link', { name: 'Store' })).toBeVisible();

  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const panel = page.getByRole('dialog', { name: 'Shortcuts' });
  await panel.getByRole('textbox', { name: 'Add a shortcut' }).fill('INVO');
  await expect(panel.getByRole('list', { name: 'Screens' }).getByRole('listitem')).toHaveCount(1);
  await panel.getByRole('button', { name: 'Add a shortcut to Invoices' }).click();
  await panel.getByRole('button', { name: 'Remove the shortcut to Store' }).first().click();
  await panel.getByRole('textbox', { name: 'Add a shortcut' }).fill('nothing like it');
  await expect(panel.getByText('No screen by that name')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(bar.getByRole('link', { name: 'Invoices' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Store' })).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'FUSE2.shortcuts');
  expect(decodeURIComponent(cookie?.value ?? '')).toContain('"/invoices"');
  await bar.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);

  // none left: the panel says so
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await panel.getByRole('button', { name: 'Remove the shortcut to Invoices' }).first().click();
  await expect(panel.getByText('No shortcuts yet!')).toBeVisible();

  // a phone's toolbar leaves shortcuts to the menu drawer; nothing sticks out
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(hostUrl('demo', '/dashboard'));
  await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
