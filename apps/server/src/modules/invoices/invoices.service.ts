import { randomBytes } from 'node:crypto';
import {
  type CartLine,
  type CartTotals,
  cartTotals,
  DEFAULT_CURRENCY,
  findCurrency,
  formatDecimal,
  type LineKind,
  type Offer,
  OPEN_INVOICE_STATUSES,
  type PaymentMethod,
  pricingFromSettings,
} from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { returnStock } from '../catalogue/items.repo.ts';
import { invoicePaid } from './invoice-settlement.ts';
import {
  addToContactBalance,
  claimStockToReturn,
  deleteLines,
  findInvoice,
  findLines,
  findPerson,
  type InvoiceRow,
  insertInvoice,
  insertLines,
  takeInvoiceNumber,
  updateInvoiceRecord,
} from './invoices.repo.ts';

// The invoice rules every seller calls: the desk (routes here), checkout, payment webhooks and
// memberships. Each takes the caller's tenant transaction and never does network I/O; emails are
// the caller's to queue after a change (invoice-email.ts `queueInvoiceEmail`). Money in and out
// (payments, refunds, failures) is in invoice-payments.service.ts.

export const conflict = (code: string, message: string) => new AppError(409, code, message);

export const INVOICE_VOID = 'This invoice is void.';
export const INVOICE_REFUNDED = 'This invoice was refunded.';
export const INVOICE_PAID = 'This invoice is already paid.';
export const INVOICE_HAS_PAYMENTS = 'This invoice has payments. Refund them before voiding it.';
export const LINES_LOCKED = 'The items of an invoice can change only while nothing is paid on it.';
export const KEY_REUSED = 'This idempotencyKey was already used for a different payment.';
export const PAYMENT_FULLY_REFUNDED = 'This payment is already fully refunded.';
export const NO_ACCOUNT_CREDIT = 'This contact has no account credit to apply.';

/** A priced line as a seller hands it over: a cart line and the name printed on the invoice. */
export interface InvoiceLineInput extends CartLine {
  name: string;
}

export interface Person {
  id: string;
  name: string;
}

export interface CreateInvoiceInput {
  contactId: string;
  /** The name billed, when it is not the contact's stored one (an online buyer's name as typed). */
  contactName?: string;
  lines: InvoiceLineInput[];
  /** Prices the processing fee (card or bank) the lines carry; cash and account pay none. */
  paymentMethod: PaymentMethod;
  /** An offer a code named, already looked up; a refused code is a 400 on offerCode. */
  offer?: Offer;
  salesPersonId?: string | null;
  note?: string;
  createdBy?: Person | null;
  now?: Date;
}

/** The tenant's currency as a known ISO code (a withdrawn or unknown one reads as USD). */
export function tenantCurrency(tenant: TenantContext): string {
  return findCurrency(tenant.settings.currency.toUpperCase())?.code ?? DEFAULT_CURRENCY;
}

/** Lines priced with the tenant's tax and fees for a payment method, with `offer` taken off when it applies. */
export function priceWithSettings(
  tenant: TenantContext,
  lines: InvoiceLineInput[],
  method: PaymentMethod,
  offer?: Offer,
  now?: Date,
): CartTotals {
  const s = tenant.settings;
  const pricing = pricingFromSettings({
    currency: tenantCurrency(tenant),
    taxPercent: s.taxPercent,
    cardFees: s.cardFees,
    bankFees: s.bankFees,
    taxLabel1: s.taxLabel1,
    taxValue1: s.taxValue1,
  });
  return cartTotals(lines, { ...pricing, paymentMethod: method, offer, now: now ?? new Date() });
}

function priceLines(
  tenant: TenantContext,
  lines: InvoiceLineInput[],
  method: PaymentMethod,
  offer?: Offer,
  now?: Date,
) {
  const totals = priceWithSettings(tenant, lines, method, offer, now);
  if (totals.offer && !totals.offer.ok) throw badRequest('offerCode', totals.offer.alert);
  return totals;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function lineRows(lines: InvoiceLineInput[], totals: CartTotals) {
  return lines.map((line, position) => {
    const t = totals.lines[position];
    if (!t || t.id !== line.id) throw new Error('totals out of line order');
    return {
      position,
      kind: line.kind as LineKind,
      itemId: UUID.test(line.guId) ? line.guId : null,
      name: line.name,
      unitPrice: line.unitPrice,
      registrationFee: t.registrationFee,
      quantity: line.quantity,
      amount: t.amount,
      discount: t.discount,
      tax: t.tax,
      cardFee: t.cardFee,
      total: t.total,
      isTaxable: line.isTaxable,
      isChargeCreditCardFees: line.isChargeCreditCardFees,
    };
  });
}

const totalsColumns = (totals: CartTotals) => ({
  subtotal: totals.subtotal,
  discount: totals.discount,
  tax: totals.tax,
  taxes: totals.taxes,
  cardFee: totals.cardFee,
  total: totals.total,
});

async function salesPerson(tx: Tx, tenant: TenantContext, id: string | null | undefined) {
  if (!id) return { salesPersonId: null, salesPersonName: '' };
  const person = await findPerson(tx, tenant.tenantId, id);
  if (!person || person.role === 'student' || person.isWalkin) {
    throw badRequest('salesPersonId', 'The sales person must be a staff member.');
  }
  return { salesPersonId: person.id, salesPersonName: `${person.name} ${person.lastName}`.trim() };
}

/** Major-unit decimal string of a minor amount, for the contact's numeric balance. */
export const decimal = (minor: number, currency: string) => formatDecimal(minor, currency);

/**
 * A new invoice, numbered in the same transaction (gap-free), priced by `cartTotals` with the
 * tenant's taxes and fees. The contact owes its total at once: their balance goes down by it.
 */
export async function createInvoice(tx: Tx, tenant: TenantContext, input: CreateInvoiceInput): Promise<InvoiceRow> {
  const contact = await findPerson(tx, tenant.tenantId, input.contactId);
  if (!contact) throw notFound('Contact');
  const seller = await salesPerson(tx, tenant, input.salesPersonId);
  if (input.lines.length === 0) throw badRequest('items', 'Add at least one item');
  const totals = priceLines(tenant, input.lines, input.paymentMethod, input.offer, input.now);
  const number = await takeInvoiceNumber(tx, tenant.tenantId);
  const row = await insertInvoice(
    tx,
    {
      tenantId: tenant.tenantId,
      number,
      publicId: randomBytes(18).toString('base64url'),
      contactId: contact.id,
      contactName: input.contactName ?? `${contact.name} ${contact.lastName}`.trim(),
      contactEmail: contact.email,
      ...seller,
      currency: totals.currency,
      paymentMethod: input.paymentMethod,
      offerCode: totals.offer?.ok ? totals.offer.code : null,
      ...totalsColumns(totals),
      balance: totals.total,
      status: totals.total === 0 ? 'complete' : 'pending',
      note: input.note ?? tenant.settings.invoiceNote,
      createdById: input.createdBy?.id ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    },
    lineRows(input.lines, totals),
  );
  await addToContactBalance(tx, tenant.tenantId, contact.id, decimal(-row.total, row.currency));
  // a sale that costs nothing (a free course, a 100 % code) is paid in full as it is made
  if (row.status === 'complete') await invoicePaid(tx, tenant, row);
  return row;
}

export async function requireInvoice(tx: Tx, tenantId: string, id: string, lock = false): Promise<InvoiceRow> {
  const row = await findInvoice(tx, tenantId, id, lock);
  if (!row) throw notFound('Invoice');
  return row;
}

/**
 * Cancels an invoice nothing was paid on: it owes nothing any more, and what a sale took from stock
 * for it goes back (once). One with payments is refunded first (409); refunds do not restock.
 */
export async function voidInvoice(tx: Tx, tenant: TenantContext, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId, true);
  if (invoice.status === 'void') throw conflict('invoice_void', INVOICE_VOID);
  if (invoice.status === 'refunded') throw conflict('invoice_refunded', INVOICE_REFUNDED);
  if (invoice.amountPaid > 0) throw conflict('invoice_has_payments', INVOICE_HAS_PAYMENTS);
  const updated = await updateInvoiceRecord(tx, tenant.tenantId, invoice.id, { status: 'void', balance: 0 });
  await addToContactBalance(tx, tenant.tenantId, invoice.contactId, decimal(invoice.balance, invoice.currency));
  for (const take of await claimStockToReturn(tx, tenant.tenantId, invoice.id)) {
    await returnStock(tx, tenant.tenantId, take.itemId, take.quantity);
  }
  return updated;
}

/** A reminder was sent for an open invoice: its status says so until the next payment. */
export async function markReminded(tx: Tx, tenant: TenantContext, invoice: InvoiceRow): Promise<InvoiceRow> {
  if (!OPEN_INVOICE_STATUSES.includes(invoice.status) || invoice.balance === 0) {
    throw conflict('invoice_not_open', 'Only an invoice with a balance to pay can be reminded.');
  }
  return updateInvoiceRecord(tx, tenant.tenantId, invoice.id, { status: 'reminder' });
}

export interface UpdateInvoiceInput {
  note?: string;
  salesPersonId?: string | null;
  isArchived?: boolean;
  lines?: InvoiceLineInput[];
  paymentMethod?: PaymentMethod;
}

/** PUT /item/invoice/{id}: note, sales person, archive flag; new lines (re-priced) only while nothing is paid. */
export async function updateInvoice(
  tx: Tx,
  tenant: TenantContext,
  invoiceId: string,
  input: UpdateInvoiceInput,
): Promise<InvoiceRow> {
  const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId, true);
  const changes: Partial<InvoiceRow> = {};
  if (input.note !== undefined) changes.note = input.note;
  if (input.isArchived !== undefined) changes.isArchived = input.isArchived;
  if (input.salesPersonId !== undefined) Object.assign(changes, await salesPerson(tx, tenant, input.salesPersonId));
  if (input.lines || input.paymentMethod) {
    const repriceable = invoice.amountPaid === 0 && ['pending', 'failed', 'reminder'].includes(invoice.status);
    if (!repriceable) throw conflict('invoice_locked', LINES_LOCKED);
    const method = input.paymentMethod ?? invoice.paymentMethod;
    let lines = input.lines;
    if (!lines) {
      lines = (await findLines(tx, tenant.tenantId, invoice.id)).map((line) => ({
        id: line.id,
        guId: line.itemId ?? line.id,
        kind: line.kind,
        name: line.name,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        isTaxable: line.isTaxable,
        isChargeCreditCardFees: line.isChargeCreditCardFees,
        registrationFee: line.registrationFee,
      }));
    }
    const totals = priceLines(tenant, lines, method);
    await deleteLines(tx, tenant.tenantId, invoice.id);
    await insertLines(tx, tenant.tenantId, invoice.id, lineRows(lines, totals));
    Object.assign(changes, totalsColumns(totals), {
      paymentMethod: method,
      balance: totals.total,
      status: totals.total === 0 ? 'complete' : invoice.status,
    });
    await addToContactBalance(
      tx,
      tenant.tenantId,
      invoice.contactId,
      decimal(invoice.total - totals.total, invoice.currency),
    );
  }
  return updateInvoiceRecord(tx, tenant.tenantId, invoice.id, changes);
}
