import { type APIRequestContext, expect, test } from '@playwright/test';
import type { ReceivedMail } from '../../apps/server/test/smtp.ts';
import { demoStudentInvoice, expectAccessible, hostUrl, logIn, pdfText } from './helpers';
import { runMailbox } from './shared-ports';

// Issue 24, "a report can be emailed as a PDF": on a phone, the demo admin emails the sales report
// to themselves from /reports; the run's SMTP server receives it with the PDF attached, whose total
// is the one the page shows.

const smtp = runMailbox();
const ADMIN = 'admin@demo.test';

test.use({ viewport: { width: 390, height: 844 } });

/** The PDF attached to a message (base64 in its MIME part). */
function attachedPdf(mail: ReceivedMail): Uint8Array {
  const part = mail.raw.split(/\r?\n--/).find((chunk) => /Content-Type: application\/pdf/i.test(chunk));
  if (!part) throw new Error('no PDF attached');
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(body, 'base64'));
}

/** A sale at the desk today over the API (an invoice for the demo student, paid in cash). */
async function saleToday(request: APIRequestContext, price: string): Promise<void> {
  const tag = Date.now().toString(36);
  await demoStudentInvoice(request, [{ itemName: `Emailed mat ${tag}`, price, isTaxable: false }], `emailed-${tag}`);
}

test('the admin emails the sales report to themselves as a PDF', async ({ page, request }) => {
  await saleToday(request, '23.45');
  // this year and last, by month: the demo's takings so far
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const from = `${Number(today.slice(0, 4)) - 1}-01-01`;
  // the attachment names the report, its grouping and range
  const isThisReport = (mail: ReceivedMail) => mail.raw.includes(`sales-month-${from}-${today}.pdf`);
  const before = (await smtp.received(ADMIN)).filter(isThisReport).length;
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard|\/getstarted/);
  await page.goto(hostUrl('demo', `/reports?report=sales&from=${from}&to=${today}&groupBy=month`));
  const table = page.getByRole('table', { name: 'Sales by month' });
  await expect(table).toBeVisible();
  const total = (await table.locator('tfoot td').last().innerText()).trim();

  await page.getByRole('button', { name: 'Email as PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the sales report' });
  const recipients = dialog.getByLabel('Send to');
  await expect(recipients).toHaveValue(ADMIN);
  await expectAccessible(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // a bad address is said in the dialog, nothing is sent
  await recipients.fill(`${ADMIN}, not-an-address`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('not-an-address is not a valid email address.')).toBeVisible();

  await recipients.fill(ADMIN);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`The sales report is on its way to ${ADMIN}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => (await smtp.received(ADMIN)).filter(isThisReport).length, { timeout: 15_000 })
    .toBeGreaterThan(before);
  const mail = (await smtp.received(ADMIN)).filter(isThisReport).at(-1) as ReceivedMail;
  expect(mail.text).toContain('Content-Type: application/pdf');
  const text = await pdfText(attachedPdf(mail));
  expect(text).toContain('Salesbymonth');
  // Other specs sell at demo's desk meanwhile: the PDF's total is the page's when it was read or, when a
  // sale landed in between, the page's after a reload.
  await page.reload();
  await expect(table).toBeVisible();
  const totalAfter = (await table.locator('tfoot td').last().innerText()).trim();
  const pdfTotal = text.match(/Total\d+(\$[\d,]+\.\d{2})\$[\d,]+\.\d{2}(\$[\d,]+\.\d{2})/);
  expect(pdfTotal, text).not.toBeNull();
  expect([total, totalAfter].map((value) => value.replace(/\s+/g, ''))).toContain(pdfTotal?.[2]);
});
