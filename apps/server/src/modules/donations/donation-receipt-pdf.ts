import { formatMoney } from '@atrium/contracts';
import { Document, Image, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { PDF_FONT_FAMILY, pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';
import { dateIn } from '../invoices/invoice-pdf.ts';

// A donation receipt as a PDF (the invoice PDF's font and date helpers): the organisation, the
// donor, the amount, the date in the tenant's zone and the receipt number.

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT_FAMILY, fontSize: 11, padding: 48, color: '#222' },
  logo: { maxHeight: 60, maxWidth: 180, objectFit: 'contain', marginBottom: 6 },
  org: { fontSize: 15, fontWeight: 700 },
  muted: { color: '#555' },
  title: { fontSize: 20, fontWeight: 700, marginTop: 28, marginBottom: 16 },
  row: { flexDirection: 'row', paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: '#ccc' },
  label: { width: 140, fontWeight: 700 },
  value: { flexGrow: 1, flexBasis: 0 },
  thanks: { marginTop: 24 },
});

export interface DonationReceiptInput {
  organisation: { name: string; address: string; email: string; phone: string };
  logo?: Buffer | null;
  receiptNumber: string;
  donorName: string;
  donorEmail: string;
  campaignName: string;
  amount: number;
  currency: string;
  paidAt: string;
  invoiceNumber: string;
  timeZone: string;
}

function receiptDocument(input: DonationReceiptInput): ReactElement {
  const org = input.organisation;
  const row = (label: string, value: string) =>
    h(
      View,
      { style: styles.row, key: label },
      h(Text, { style: styles.label }, label),
      h(Text, { style: styles.value }, value),
    );
  return h(
    Document,
    { title: `Donation receipt ${input.receiptNumber}`, author: org.name, creator: org.name, producer: org.name },
    h(
      Page,
      { size: 'A4', style: styles.page },
      input.logo ? h(Image, { style: styles.logo, src: { data: input.logo, format: 'png' } }) : null,
      h(Text, { style: styles.org }, org.name),
      org.address ? h(Text, { style: styles.muted }, org.address) : null,
      org.email ? h(Text, { style: styles.muted }, org.email) : null,
      org.phone ? h(Text, { style: styles.muted }, org.phone) : null,
      h(Text, { style: styles.title }, 'Donation receipt'),
      row('Receipt number', input.receiptNumber),
      row('Date', dateIn(input.paidAt, input.timeZone)),
      row('Received from', input.donorName),
      row('Email', input.donorEmail),
      row('Campaign', input.campaignName),
      row('Amount', formatMoney(input.amount, input.currency)),
      row('Invoice', input.invoiceNumber),
      h(
        Text,
        { style: styles.thanks },
        `Thank you for your gift to ${org.name}. No goods or services were provided in exchange for this donation.`,
      ),
    ),
  );
}

export async function renderDonationReceiptPdf(input: DonationReceiptInput): Promise<Buffer> {
  await pdfFontsReady();
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer types its element as a Document element
  return renderToBuffer(receiptDocument(input) as any);
}
