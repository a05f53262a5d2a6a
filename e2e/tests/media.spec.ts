import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin uploads a photo on the media gallery page, and visitors see it in the gallery', async ({
  page,
  browser,
}) => {
  await logIn(page, 'admin@riverside.test', 'riverside');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl('riverside', '/website'));
  await page.getByRole('navigation', { name: 'Website pages' }).getByText('Media Gallery', { exact: true }).click();

  // the page header block edits inline: Enter saves
  await page.getByRole('button', { name: 'Edit page header' }).click();
  await page.getByLabel('Header', { exact: true }).fill('Studio moments');
  await page.getByLabel('Description', { exact: true }).fill('Photos from our classes and retreats');
  await page.getByLabel('Description', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Studio moments' })).toBeVisible();
  await expect(page.getByText('Photos from our classes and retreats')).toBeVisible();
  // spec 3 §8 "Page header": the page had no header yet, so it was added; saving again updates it
  await expect(page.getByText('Media Gallery is added successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit page header' }).click();
  await page.getByLabel('Header', { exact: true }).press('Enter');
  await expect(page.getByText('Media Gallery is updated successfully.')).toBeVisible();
  await expect(page.getByText('Updated successfully.', { exact: true })).toHaveCount(0);

  // a file that is not an image is refused before it is sent
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Only images and videos can be uploaded.' })).toBeVisible();

  const second = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Image' }).click();
  await (await second).setFiles({ name: 'studio-e2e.png', mimeType: 'image/png', buffer: PNG });
  const gallery = page.getByRole('list', { name: 'Media gallery' });
  await expect(gallery.getByRole('img', { name: 'studio-e2e.png' }).first()).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(hostUrl('riverside', '/mediagallery'));
  await expect(visitor.getByRole('heading', { name: 'Media Gallery' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'studio-e2e.png' }).first()).toBeVisible();
  await expect(visitor.getByRole('button', { name: /Remove/ })).toHaveCount(0);
});
