import { expect, test } from '@playwright/test';
import { demoStudentInvoice, hostUrl, logIn, seriousViolations } from './helpers';

// Runs on the demo tenant with its own invoice (a new number each run): nothing else reads invoices.

test('staff record a partial cash payment, then the rest: partial, then complete; the public link shows it', async ({
  page,
  request,
}) => {
  // four axe scans and two browser contexts: more than the default 30 s on a busy 2-core machine
  test.setTimeout(90_000);
  // the invoice is made through the API for the demo student, as checkout would
  const invoice = await demoStudentInvoice(
    request,
    [{ itemName: 'Ten-class pass', price: '100.00', isTaxable: false }],
    undefined,
    { by: 'staff@demo.test', fields: { paymentMethod: 'cash' } },
  );

  await logIn(page, 'staff@demo.test');
  // staff land on the calendar (spec 1 §2 landing rules)
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto(hostUrl('demo', '/invoices'));
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(invoice.invoiceId);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceId });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('$100.00').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('link', { name: invoice.invoiceId }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceId}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByLabel('Amount').fill('40.00');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded.')).toBeVisible();
  await expect(page.getByText('Partial', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$60.00');

  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Record payment' }).getByLabel('Amount')).toHaveValue('60.00');
  await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // the public page, as a visitor on a phone: no login, nothing naming the platform
  const visitor = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 390, height: 844 } });
  if (!visitor) throw new Error('no browser');
  const phone = await visitor.newPage();
  await phone.goto(hostUrl('demo', `/invoice/${invoice.publicId}`));
  await expect(phone.getByRole('heading', { name: `Invoice ${invoice.invoiceId}` })).toBeVisible();
  await expect(phone.getByText('Complete', { exact: true })).toBeVisible();
  await expect(phone.getByText('Ten-class pass')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await expect(phone.locator('body')).not.toContainText(/atrium/i);
  expect(await seriousViolations(phone)).toEqual([]);
  const pdfType = await phone.evaluate(
    async (id) => (await fetch(`/cform/pdf/ireport/${id}`)).headers.get('content-type'),
    invoice.publicId,
  );
  expect(pdfType).toBe('application/pdf');
  await visitor.close();
});
