import type { InvoicePublic } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { renderInvoicePdf } from '../modules/invoices/invoice-pdf.ts';
import { renderContactActivityPdf } from '../modules/reports/contact-activity-pdf.ts';

// One PDF must not spoil the next: an invoice whose bold studio name has composite letters (ü, Ç:
// a letter and a mark) once left the bold Latin 'P' and 'u' of every later PDF of the process
// misprinted ('Purchases' read back as '!rchases'). See pdfFontsReady in pdf-fonts.ts.

const invoice = {
  id: '00000000-0000-4000-8000-000000000001',
  invoiceId: 'INV-00001',
  status: 'complete',
  currency: 'TRY',
  createdAt: '2026-11-28T10:00:00Z',
  tenant: { name: 'Stüdyo Çağ', address: '', phone: '', email: '', logo: null },
  contact: { name: 'Eleni', email: 'eleni@example.test' },
  salesPerson: null,
  items: [{ id: 'i', itemName: 'Tea', qty: 1, price: 10, tax: 0, itemTotal: 10 }],
  subTotal: 10,
  discount: 0,
  taxes: [],
  cardFees: 0,
  total: 10,
  amountPaid: 10,
  amountRefunded: 0,
  balance: 0,
  payments: [],
  note: '',
} as unknown as InvoicePublic;

describe('PDFs made one after another', () => {
  it('a bold heading after an invoice prints every letter', async () => {
    await renderInvoicePdf({ invoice, timeZone: 'Europe/Istanbul' });
    const pdf = await renderContactActivityPdf({
      studioName: 'Stüdyo Çağ',
      contactName: 'Ελένη Işık Кузнецова प्रिया',
      contactLines: [],
      generated: 'Nov 29, 2026',
      summary: [['Bookings', '0']],
      sections: [
        {
          title: 'Purchases',
          columns: [{ label: 'Status' }, { label: 'Refunded' }],
          rows: [['Paid', 'Ümit']],
          empty: '',
          notes: [],
        },
      ],
    });
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('PurchasesStatusRefunded');
    expect(text).toContain('PaidÜmit');
    expect(text).not.toContain('!');
  });
});
