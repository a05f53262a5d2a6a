import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderDonationReceiptPdf } from './donation-receipt-pdf.ts';

describe('the donation receipt PDF', () => {
  it('states the organisation, receipt number, donor, amount and the date in the tenant’s zone', async () => {
    const pdf = await renderDonationReceiptPdf({
      organisation: { name: 'Lotus İstanbul', address: '1 Main St', email: 'hello@lotus.test', phone: '' },
      receiptNumber: 'R-00007',
      donorName: 'Dana Giver',
      donorEmail: 'dana@example.test',
      campaignName: 'New roof',
      amount: 2000,
      currency: 'INR',
      // 03:30 UTC on New Year's Day is still the 31st in New York.
      paidAt: '2026-01-01T03:30:00Z',
      invoiceNumber: 'INV-00042',
      timeZone: 'America/New_York',
    });
    const text = await pdfText(pdf);
    for (const part of [
      'Lotus İstanbul',
      'Donation receipt',
      'R-00007',
      'Dana Giver',
      'New roof',
      '₹20.00',
      'Dec 31, 2025',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Jan 1, 2026');
  });
});
