import type { InvoicePublic } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { asRead, pdfText, SAMPLE, SYMBOL_LINES, squash } from '../../test/pdf-text.ts';
import { renderDonationReceiptPdf } from '../modules/donations/donation-receipt-pdf.ts';
import { renderFormPdf } from '../modules/forms/form-pdf.ts';
import { renderInvoicePdf } from '../modules/invoices/invoice-pdf.ts';

// Every PDF prints every character a studio or member can type in the markets' scripts, and every
// currency symbol the platform lists: each is rendered and read back with pdf.js.

function invoiceWith(names: string[]): InvoicePublic {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    invoiceId: 'INV-00001',
    status: 'UNPAID',
    currency: 'INR',
    createdAt: '2026-11-28T10:00:00Z',
    tenant: { name: 'Studio Işık', address: 'Çağ Sk. 1, İstanbul', phone: '', email: 'hi@studio.test', logo: null },
    contact: { name: 'Priya प्रिया', email: 'priya@example.test' },
    salesPerson: null,
    items: names.map((itemName, i) => ({
      id: `item-${i}`,
      itemName,
      qty: 1,
      price: 10,
      tax: 0,
      itemTotal: 10,
    })),
    subTotal: 10 * names.length,
    discount: 0,
    taxes: [],
    cardFees: 0,
    total: 10 * names.length,
    amountPaid: 0,
    amountRefunded: 0,
    balance: 10 * names.length,
    payments: [],
    note: '',
  } as unknown as InvoicePublic;
}

describe('every PDF prints every character', () => {
  it('reads the sample back from a Devanagari word in drawing order (what a PDF can carry)', () => {
    expect(asRead('प्रिया')).toBe('िप्रया');
    expect(asRead('F\u202fCFA')).toBe('F\u00a0CFA'.replace(/\s+/g, ''));
  });

  it('an invoice: the sample and every currency symbol', async () => {
    const text = squash(
      await pdfText(
        await renderInvoicePdf({ invoice: invoiceWith([SAMPLE, ...SYMBOL_LINES]), timeZone: 'Europe/Istanbul' }),
      ),
    );
    expect(text).toContain(asRead(SAMPLE));
    for (const line of SYMBOL_LINES) expect(text).toContain(asRead(line));
    expect(text).toContain(asRead('₹10.00'));
    expect(text).toContain(asRead('Studio Işık'));
    expect(text).toContain(asRead('Priya प्रिया'));
  });

  it('a donation receipt', async () => {
    const pdf = await renderDonationReceiptPdf({
      organisation: { name: 'Studio Işık', address: SYMBOL_LINES.slice(0, 4).join('\n'), email: '', phone: '' },
      receiptNumber: 'R-00001',
      donorName: SAMPLE,
      donorEmail: 'priya@example.test',
      campaignName: SYMBOL_LINES.slice(4).join('\n'),
      amount: 2000,
      currency: 'TRY',
      paidAt: '2026-11-28T10:00:00Z',
      invoiceNumber: 'INV-00001',
      timeZone: 'Europe/Istanbul',
    });
    const text = squash(await pdfText(pdf));
    expect(text).toContain(asRead(SAMPLE));
    for (const line of SYMBOL_LINES) expect(text).toContain(asRead(line));
    expect(text).toContain(asRead('₺20.00'));
  });

  it('a signed form: answers, names and the typed signature', async () => {
    const pdf = await renderFormPdf({
      orgName: 'Studio Işık',
      formName: 'Kayıt ✓',
      beforeText: SAMPLE,
      subHeaderText: '',
      afterText: '',
      identity: [['Name', 'Priya प्रिया']],
      fields: [
        { name: 'Answer', type: 'text', value: SAMPLE },
        ...SYMBOL_LINES.map((value, i) => ({ name: `Symbols ${i + 1}`, type: 'text', value })),
      ],
      otherInfo: [],
      guardians: [],
      signaturePng: null,
      typedSignature: 'Işık Çağ',
      audit: [['Signed by', 'Işık Çağ <isik@example.test>']],
    });
    const text = squash(await pdfText(pdf));
    expect(text).toContain(asRead(`Answer${SAMPLE}`));
    expect(text).toContain(asRead(SAMPLE));
    for (const line of SYMBOL_LINES) expect(text).toContain(asRead(line));
    expect(text).toContain(asRead('Kayıt ✓'));
    expect(text).toContain(asRead('Işık Çağ'));
  });
});
