import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('an admin imports a CSV with some bad rows and sees exactly which rows failed and why', async ({ page }) => {
  await logIn(page, 'admin@demo.test');
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();

  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  const csv = [
    'Given Name,Surname,E-mail,Mobile',
    'Ivy,Importer,ivy.importer@import.test,555 0101',
    ',Nameless,nameless@import.test,',
    'Jay,Importer,not-an-email,',
    'Kay,"Importer, Jr.",kay.importer@import.test,',
    'Olivia,Again,olivia.bennett@example.com,',
    'Ivy,Twice,IVY.IMPORTER@import.test,',
  ].join('\r\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`) });

  // the columns are matched from the headers, and the preview checks every row
  await expect(dialog.getByRole('combobox', { name: 'First Name' })).toHaveValue('Given Name');
  await expect(dialog.getByRole('combobox', { name: 'Email' })).toHaveValue('E-mail');
  await expect(dialog.getByText('2 of 6 rows ready to import; 4 rows will be skipped.')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Preview of the first 6 rows' });
  await expect(preview.getByRole('row', { name: /nameless@import\.test/ })).toContainText('firstName is required');

  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(dialog.getByText('Imported 2 contacts. 4 rows were not imported.')).toBeVisible();
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
  const rowsText = (await rejected.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  expect(rowsText).toEqual([
    'Row Email Reasons',
    '3 nameless@import.test firstName is required',
    '4 not-an-email email must be a valid email address',
    '6 olivia.bennett@example.com duplicate email: a contact with this email already exists',
    '7 IVY.IMPORTER@import.test duplicate email: same as row 2',
  ]);

  // the rejected rows download as CSV, with the file's own cells and the reasons
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download rejected rows' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('people-rejected.csv');
  const saved = await readFile((await download.path()) as string, 'utf8');
  expect(saved.split('\r\n').slice(0, 3)).toEqual([
    'Given Name,Surname,E-mail,Mobile,Row,Reasons',
    ',Nameless,nameless@import.test,,3,firstName is required',
    'Jay,Importer,not-an-email,,4,email must be a valid email address',
  ]);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByPlaceholder('Search Contact').fill('importer');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('link', { name: 'Ivy Importer' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Kay Importer, Jr.' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
});
