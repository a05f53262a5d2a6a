import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PNG, pdfOf } from '../../apps/server/src/modules/files/file-fixtures.ts';
import { expectAccessible, logIn } from './helpers';

// Files on the demo tenant: staff upload a worksheet and share it with a member (Mia Member); the
// member, on a phone, finds it on /myfiles, downloads it (the same bytes), and uploads a file of their
// own. Each run's files carry the run's tag in their names: nothing else reads them.

async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** Nothing wider than the screen: no sideways scrolling at phone width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('staff share a worksheet with a member, who downloads it on a phone and uploads their own', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const worksheetName = `Çalışma kâğıdı — Φύλλο ${tag}.pdf`;
  const worksheet = pdfOf(`Week 1 worksheet ${tag}`);

  // Staff upload the worksheet on /files, reached from the menu.
  await logIn(page, 'staff@demo.test');
  await expect(page).toHaveURL(/\/dashboard|\/getstarted|\/calendar/);
  await page.getByRole('navigation').getByRole('link', { name: 'Files' }).click();
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();
  await chooseFile(page, 'Upload File', { name: worksheetName, mimeType: 'application/pdf', buffer: worksheet });
  const row = page.getByRole('row').filter({ hasText: worksheetName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('PDF');
  await expect(row).toContainText('Not shared');
  // A program dressed as a PDF is refused by its content.
  await chooseFile(page, 'Upload File', {
    name: `setup-${tag}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]),
  });
  await expect(page.getByText(/^Only PDFs, images/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `setup-${tag}` })).toHaveCount(0);

  // Share it with Mia Member through the contact search.
  await row.getByRole('button', { name: `Share ${worksheetName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${worksheetName}` });
  await dialog.getByPlaceholder('Search Contact').fill('Mia');
  await page.getByRole('option', { name: /Mia Member/ }).click();
  await expect(dialog.getByRole('button', { name: 'Stop sharing with Mia Member' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('Mia Member');
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The member signs in on a phone and finds it on /myfiles, from the student menu.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const member = await phone.newPage();
  await logIn(member, 'member@demo.test');
  await expect(member.getByRole('navigation', { name: 'Student menu' })).toBeVisible();
  await member.getByRole('button', { name: 'Open student menu' }).click();
  await member.getByRole('navigation', { name: 'Student menu' }).getByRole('link', { name: 'My Files' }).click();
  await expect(member.getByRole('heading', { name: 'My Files', level: 1 })).toBeVisible();
  const shared = member.getByRole('list', { name: 'Shared with me' });
  await expect(shared.getByText(worksheetName)).toBeVisible();
  await expectAccessible(member);

  // Downloads it: the same name, the same bytes.
  const saved = member.waitForEvent('download');
  await shared.getByRole('button', { name: `Download ${worksheetName}` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(worksheetName);
  const bytes = await readFile((await download.path()) as string);
  expect(bytes.equals(worksheet)).toBe(true);

  // Uploads one of their own, with its progress, and sees it under My uploads.
  const ownName = `अभ्यास ${tag}.png`;
  await chooseFile(member, 'Upload a file', { name: ownName, mimeType: 'image/png', buffer: PNG });
  const mine = member.getByRole('list', { name: 'My uploads' });
  await expect(mine.getByText(ownName)).toBeVisible();
  await expect(member.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(member);
  await member.setViewportSize({ width: 320, height: 720 });
  await expectNoSidewaysScroll(member);
  await expectAccessible(member);
  await phone.close();

  // Staff see the member's upload in the list, marked as theirs.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: ownName })).toContainText('Mia Member');
});
