import {
  formatMoney,
  INVOICE_STATUS_LABELS,
  type InvoicePublic,
  PAYMENT_METHOD_LABELS,
  toMinorUnits,
} from '@atrium/contracts';
import { Document, Image, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import sharp from 'sharp';
import { PDF_FONT_FAMILY, pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';
import type { MediaStorage } from '../media/media.storage.ts';

// The invoice as a PDF, made on the server with @react-pdf/renderer (DESIGN.md "PDF"), printed with
// the shared font chain (src/pdf/pdf-fonts.ts); nothing is fetched: the tenant's logo is read from its
// own media storage.

type Style = Parameters<typeof StyleSheet.create>[0][string];

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT_FAMILY, fontSize: 10, padding: 40, color: '#222' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 24 },
  logo: { maxHeight: 60, maxWidth: 180, objectFit: 'contain', marginBottom: 6 },
  org: { fontSize: 14, fontWeight: 700 },
  muted: { color: '#555' },
  title: { fontSize: 18, fontWeight: 700, textAlign: 'right' },
  section: { marginBottom: 16 },
  label: { fontWeight: 700, marginBottom: 2 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 4 },
  headRow: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#222', paddingVertical: 4 },
  cName: { flexGrow: 1, flexBasis: 0 },
  cQty: { width: 40, textAlign: 'right' },
  cMoney: { width: 80, textAlign: 'right' },
  totals: { marginTop: 8, marginLeft: 'auto', width: 240 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  strong: { fontWeight: 700 },
});

export interface InvoicePdfInput {
  invoice: InvoicePublic;
  /** PNG bytes of the tenant's logo, when it has one. */
  logo?: Buffer | null;
  timeZone: string;
}

/** A date in the tenant's zone, medium style (UTC when the zone is not one Intl knows). */
// One formatter per zone: making an Intl.DateTimeFormat costs more than the rest of a date's line
// (a receipt's PDF made one per date; renewals send thousands).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    }
    dateFormats.set(timeZone, format);
  }
  return format;
}

export function dateIn(iso: string, timeZone: string): string {
  return dateFormatIn(timeZone).format(new Date(iso));
}

function invoiceDocument({ invoice, logo, timeZone }: InvoicePdfInput): ReactElement {
  const money = (major: number) =>
    formatMoney(toMinorUnits(major, invoice.currency, { allowNegative: true }), invoice.currency);
  const t = (style: Style, text: string) => h(Text, { style }, text);
  const totalRow = (label: string, value: string, strong = false) =>
    h(
      View,
      { style: styles.totalRow, key: label },
      t(strong ? styles.strong : {}, label),
      t(strong ? styles.strong : {}, value),
    );
  const tenant = invoice.tenant;
  return h(
    Document,
    { title: `Invoice ${invoice.invoiceId}`, author: tenant.name, creator: tenant.name, producer: tenant.name },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header },
        h(
          View,
          null,
          logo ? h(Image, { style: styles.logo, src: { data: logo, format: 'png' } }) : null,
          t(styles.org, tenant.name),
          tenant.address ? t(styles.muted, tenant.address) : null,
          tenant.phone ? t(styles.muted, tenant.phone) : null,
          tenant.email ? t(styles.muted, tenant.email) : null,
        ),
        h(
          View,
          null,
          t(styles.title, 'Invoice'),
          t({ textAlign: 'right' }, invoice.invoiceId),
          t({ textAlign: 'right' }, dateIn(invoice.createdAt, timeZone)),
          t({ textAlign: 'right' }, `Status: ${INVOICE_STATUS_LABELS[invoice.status]}`),
        ),
      ),
      h(
        View,
        { style: styles.section },
        t(styles.label, 'Bill to'),
        t({}, invoice.contact.name),
        t(styles.muted, invoice.contact.email),
        invoice.salesPerson ? t(styles.muted, `Sales person: ${invoice.salesPerson.name}`) : null,
      ),
      h(
        View,
        { style: styles.section },
        h(
          View,
          { style: styles.headRow },
          t({ ...styles.cName, ...styles.strong }, 'Item'),
          t({ ...styles.cQty, ...styles.strong }, 'Qty'),
          t({ ...styles.cMoney, ...styles.strong }, 'Price'),
          t({ ...styles.cMoney, ...styles.strong }, 'Tax'),
          t({ ...styles.cMoney, ...styles.strong }, 'Total'),
        ),
        ...invoice.items.map((item) =>
          h(
            View,
            { style: styles.row, key: item.id, wrap: false },
            t(styles.cName, item.itemName),
            t(styles.cQty, String(item.qty)),
            t(styles.cMoney, money(item.price)),
            t(styles.cMoney, money(item.tax)),
            t(styles.cMoney, money(item.itemTotal)),
          ),
        ),
        h(
          View,
          { style: styles.totals },
          totalRow('Subtotal', money(invoice.subTotal)),
          invoice.discount ? totalRow('Discount', `-${money(invoice.discount)}`) : null,
          ...invoice.taxes
            .filter((tax) => tax.amount !== 0)
            .map((tax) => totalRow(`${tax.label} (${tax.rate}%)`, money(tax.amount))),
          invoice.cardFees ? totalRow('Card fees', money(invoice.cardFees)) : null,
          totalRow('Total', money(invoice.total), true),
          totalRow('Paid', money(invoice.amountPaid)),
          invoice.amountRefunded ? totalRow('Refunded', money(invoice.amountRefunded)) : null,
          totalRow('Balance', money(invoice.balance), true),
        ),
      ),
      invoice.payments.length > 0
        ? h(
            View,
            { style: styles.section },
            t(styles.label, 'Payments'),
            ...invoice.payments.map((payment, index) =>
              h(
                View,
                { style: styles.row, key: String(index) },
                t(
                  styles.cName,
                  `${dateIn(payment.createdAt, timeZone)}  ${payment.kind === 'refund' ? 'Refund' : 'Payment'} (${PAYMENT_METHOD_LABELS[payment.method]})`,
                ),
                t(styles.cMoney, payment.kind === 'refund' ? `-${money(payment.amount)}` : money(payment.amount)),
              ),
            ),
          )
        : null,
      invoice.note ? h(View, { style: styles.section }, t(styles.muted, invoice.note)) : null,
    ),
  );
}

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  await pdfFontsReady();
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer types its element as a Document element
  return renderToBuffer(invoiceDocument(input) as any);
}

const MEDIA_PATH = /\/media\/([0-9a-f-]{36})(?:[?#].*)?$/i;

/** The tenant's logo as PNG when it is one of its own uploads; anything else is left out (nothing is fetched). */
export async function loadLogo(media: MediaStorage, tenantId: string, logo: string | null): Promise<Buffer | null> {
  const id = logo ? MEDIA_PATH.exec(logo)?.[1] : undefined;
  if (!id) return null;
  const bytes = await media.get(tenantId, id.toLowerCase()).catch(() => null);
  if (!bytes) return null;
  try {
    return await sharp(bytes).resize({ height: 120, withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}
