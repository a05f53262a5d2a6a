import {
  basisPointsToPercent,
  formatInvoiceNumber,
  type InvoiceDetail,
  type InvoiceListRow,
  type InvoicePublic,
  toMajorNumber,
} from '@atrium/contracts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { InvoiceListRecord } from './invoice-list.repo.ts';
import type { InvoiceLineRow, InvoicePaymentRow, InvoiceRow } from './invoices.repo.ts';

export function tenantBlock(tenant: TenantContext) {
  const s = tenant.settings;
  const address = [s.addressLine1, s.addressLine2, s.city, [s.state, s.zip].filter(Boolean).join(' ')]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return { name: tenant.name, email: s.email, phone: s.phone, address, logo: s.logo };
}

/** What names an invoice in a list and on its page: its id, printed number, state and currency. */
function invoiceHeading(row: Pick<InvoiceRow, 'id' | 'number' | 'status' | 'currency'>) {
  return {
    id: row.id,
    invoiceId: formatInvoiceNumber(row.number),
    number: row.number,
    status: row.status,
    currency: row.currency,
  };
}

export function toListRow(row: InvoiceListRecord): InvoiceListRow {
  const major = (minor: number) => toMajorNumber(minor, row.currency);
  return {
    ...invoiceHeading(row),
    total: major(row.total),
    balance: major(row.balance),
    contact: { id: row.contactId, name: row.contactName, email: row.contactEmail },
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
  };
}

function commonFields(tenant: TenantContext, row: InvoiceRow, lines: InvoiceLineRow[]) {
  const major = (minor: number) => toMajorNumber(minor, row.currency);
  return {
    ...invoiceHeading(row),
    items: lines.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      itemType: line.kind,
      itemName: line.name,
      currency: row.currency,
      qty: line.quantity,
      price: major(line.unitPrice + line.registrationFee),
      discount: major(line.discount),
      tax: major(line.tax),
      cardFee: major(line.cardFee),
      itemTotal: major(line.total),
    })),
    subTotal: major(row.subtotal),
    discount: major(row.discount),
    tax: major(row.tax),
    taxes: row.taxes.map((tax) => ({
      label: tax.label,
      rate: basisPointsToPercent(tax.basisPoints),
      amount: major(tax.amount),
    })),
    cardFees: major(row.cardFee),
    total: major(row.total),
    amountPaid: major(row.amountPaid),
    amountRefunded: major(row.amountRefunded),
    balance: major(row.balance),
    paymentMethod: row.paymentMethod,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tenant: tenantBlock(tenant),
  };
}

export function toDetail(
  tenant: TenantContext,
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  payments: InvoicePaymentRow[],
  publicUrl: string,
): InvoiceDetail {
  const major = (minor: number) => toMajorNumber(minor, row.currency);
  return {
    ...commonFields(tenant, row, lines),
    publicId: row.publicId,
    publicUrl,
    isArchived: row.isArchived,
    contact: { id: row.contactId, name: row.contactName, email: row.contactEmail },
    salesPerson: row.salesPersonId ? { id: row.salesPersonId, name: row.salesPersonName, email: '' } : null,
    payments: payments.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      method: payment.method,
      amount: major(payment.amount),
      refundable: payment.kind === 'payment' ? major(payment.amount - payment.refunded) : 0,
      refundOf: payment.refundOf,
      provider: payment.provider,
      note: payment.note,
      recordedBy: payment.recordedByName,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}

export function toPublic(
  tenant: TenantContext,
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  payments: InvoicePaymentRow[],
): InvoicePublic {
  const major = (minor: number) => toMajorNumber(minor, row.currency);
  return {
    ...commonFields(tenant, row, lines),
    contact: { name: row.contactName, email: row.contactEmail },
    salesPerson: row.salesPersonId ? { name: row.salesPersonName } : null,
    payments: payments.map((payment) => ({
      kind: payment.kind,
      method: payment.method,
      amount: major(payment.amount),
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}
