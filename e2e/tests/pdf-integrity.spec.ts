import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, pageCall, pageToken, pdfText } from './helpers';

// Issue 22: every PDF prints every character (the invoice's line read back from the downloaded
// PDF), and a signed form cannot be changed unnoticed (staff verify it, the stored copy is changed
// in the server's storage folder, verify says so and the document is refused).

const LINE = 'İstanbul Işık Çağ ✓ प्रिया ₹ ₺ €';

/**
 * The text as a PDF reader extracts it: the Devanagari vowel sign i is drawn before its syllable and
 * read in that order ('प्रिया' → 'िप्रया'; docs/decisions.md "Every PDF prints every character").
 */
const asRead = (text: string) =>
  text.replace(/((?:[\u0915-\u0939]\u094D)*[\u0915-\u0939])\u093F/g, '\u093F$1').replace(/\s+/g, '');

/** Runs an API call on the tenant's origin (Node does not resolve *.localhost, Chromium does). */
async function api<T>(page: Page, call: { url: string; method?: string; body?: unknown; as?: string }): Promise<T> {
  const { url, method = 'GET', body, as = 'admin@demo.test' } = call;
  return pageCall<T>(page, await pageToken(page, as), method, url, body);
}

/** The response's bytes (or status and JSON body) fetched by the page. */
function fetchBytes(page: Page, url: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = Array.from(new Uint8Array(await response.arrayBuffer()));
    return { status: response.status, type: response.headers.get('content-type') ?? '', bytes };
  }, url);
}

test('an invoice line in Turkish, Devanagari and symbols downloads as a PDF with every character', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(hostUrl('demo', '/login'));
  const [contact] = await api<Array<{ id: string }>>(page, {
    url: '/rest/contact/?autoComplete=true&q=student@demo.test',
    as: 'staff@demo.test',
  });
  const invoice = await api<{ id: string; invoiceId: string }>(page, {
    url: '/item/invoice',
    method: 'POST',
    as: 'staff@demo.test',
    body: {
      contactId: contact?.id,
      items: [{ itemName: LINE, price: '100.00', isTaxable: false }],
      paymentMethod: 'cash',
    },
  });
  await logIn(page, 'staff@demo.test');
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto(hostUrl('demo', `/invoices/${invoice.id}`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceId}`, level: 1 })).toBeVisible();
  await expect(page.getByText(LINE)).toBeVisible();
  const link = page.getByRole('link', { name: 'Download PDF' });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const pdf = await fetchBytes(page, href as string);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  const text = await pdfText(new Uint8Array(pdf.bytes));
  expect(text).toContain(asRead(LINE));
  for (const char of ['İ', 'ı', 'Ç', 'ğ', '✓', 'प', '्', 'र', 'ि', 'य', 'ा', '₹', '₺', '€'])
    expect(text).toContain(char);
  await expectAccessible(page);
});

test('staff verify a signed form; once its stored copy is changed, verify says so and it is refused', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const formName = `Consent ${stamp}`;
  await page.goto(hostUrl('demo', '/login'));
  const form = await api<{ guId: string }>(page, {
    url: '/rest/customForm',
    method: 'POST',
    body: {
      name: formName,
      formType: 'CUSTOM',
      isPublished: true,
      customFields: [{ name: 'Answer', type: 'text' }],
    },
  });

  // a visitor on a phone fills it
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(hostUrl('demo', `/regform/${form.guId}`));
  await expect(phone.getByRole('heading', { name: formName, level: 1 })).toBeVisible();
  const email = `consent-${stamp}@example.com`;
  await phone.getByLabel('First Name').fill('Işık');
  await phone.getByLabel('Last Name').fill('Çağ');
  await phone.getByLabel(/^Email/).fill(email);
  await phone.getByLabel('Answer').fill(LINE);
  await phone.getByRole('button', { name: 'Submit' }).click();
  await expect(phone.getByText('Successfully registered')).toBeVisible({ timeout: 20_000 });
  await visitor.close();

  const [contact] = await api<Array<{ id: string }>>(page, { url: `/rest/contact/?autoComplete=true&q=${email}` });
  const contactId = contact?.id as string;
  let submissionId = '';
  await expect(async () => {
    const docs = await api<Array<{ _id: string; status: string }>>(page, {
      url: `/rest/contact/${contactId}/signedDocuments`,
    });
    // (the message names the contact the search found and what it holds: this wait once ran out with no document)
    expect(docs[0]?.status, `documents of contact ${contactId}: ${JSON.stringify(docs)}`).toBe('COMPLETE');
    submissionId = docs[0]?._id as string;
  }).toPass({ timeout: 30_000 });

  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl('demo', `/contacts/${contactId}/detail`));
  const card = page
    .getByRole('heading', { name: 'Forms and Signatures' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
  await expect(card.getByText(formName)).toBeVisible();
  await card.getByRole('button', { name: new RegExp(`^Verify ${formName}`) }).click();
  await expect(card.getByRole('status')).toContainText(/Unchanged since signed on \d+ \w+ \d{4}, \d\d:\d\d/);
  await expect(card.getByRole('link', { name: 'Download File' })).toBeVisible();
  await expectAccessible(page);

  // the stored copy is changed in the server's storage folder (one byte)
  const { fileHash } = await api<{ fileHash: string }>(page, { url: `/cform/regform/${submissionId}/verify` });
  const mediaDir = join(process.env.E2E_DATA_DIR as string, 'media');
  const stored = readdirSync(mediaDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .find((file) => createHash('sha256').update(readFileSync(file)).digest('hex') === fileHash);
  if (!stored) throw new Error('the signed PDF is not in the storage folder');
  const bytes = readFileSync(stored);
  bytes[20] = (bytes[20] ?? 0) ^ 0x01;
  writeFileSync(stored, bytes);

  await card.getByRole('button', { name: new RegExp(`^Verify ${formName}`) }).click();
  await expect(card.getByRole('status')).toContainText(
    /Changed after it was signed on .+: the stored PDF is not the one made at signing\./,
  );
  await expect(
    card.getByText('This document was changed after it was signed, so it is not given out as signed.'),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download File' })).toHaveCount(0);
  const refused = await fetchBytes(page, `/cform/regform/${submissionId}/document`);
  expect(refused.status).toBe(409);
  expect(refused.type).toMatch(/json/);
  expect(Buffer.from(refused.bytes).toString()).toContain('not given out as signed');
  await expectAccessible(page);
});
