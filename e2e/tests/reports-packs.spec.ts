import { expect, test } from '@playwright/test';
import { downloadCsv, expectAccessible, hostUrl, logIn } from './helpers';

/**
 * The class packs and credits report on /reports (issue 24). Its figures are reconciled with the
 * ledger and the credit rows by the server's tests (packs-report.test.ts); here: the screen, its CSV,
 * axe, and a phone.
 */
test.describe('class packs report', () => {
  test('the admin opens Class packs from the report control, downloads its CSV, and reads it on a phone', async ({
    page,
  }) => {
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/reports'));
    await page.getByRole('radiogroup', { name: 'Report' }).getByText('Class packs').click();
    await expect(page).toHaveURL(/report=packs&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&groupBy=product$/);
    await expect(page.getByRole('heading', { name: 'Class packs', level: 2 })).toBeVisible();
    await expect(page.getByText(/lapsing by 30 days after the period ends/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Class packs by pack or membership' });
    await expect(table.or(page.getByText('No class packs or credits yet.'))).toBeVisible();
    if (await table.isVisible()) {
      await expect(table.getByRole('columnheader')).toHaveText([
        'Pack or membership',
        'Sold',
        'Revenue',
        'Credits given',
        'Used',
        'Given back',
        'Expired',
        'Expiring within 30 days',
        'Open now',
      ]);
    }
    await expectAccessible(page);

    const csv = await downloadCsv(page);
    expect(csv[0]).toBe('product,kind,sold,amount,granted,used,returned,expired,expiring,open');
    expect(csv.at(-1)).toMatch(/^Total,,\d+,-?\d+\.\d{2}(,-?\d+){6}$/);

    // a start after the end is refused in words
    await page.getByRole('textbox', { name: 'From' }).fill('2099-01-01');
    await expect(page.getByRole('alert')).toContainText('to must be on or after from');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(hostUrl('demo', '/reports?report=packs'));
    await expect(page.getByRole('heading', { name: 'Class packs', level: 2 })).toBeVisible();
    await expect(page.getByLabel('Making the report')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
