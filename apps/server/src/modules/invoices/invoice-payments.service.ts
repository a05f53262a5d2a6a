import {
  findCurrency,
  formatMoney,
  type InvoiceStatus,
  OPEN_INVOICE_STATUSES,
  type PaymentMethod,
} from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { invoicePaid, invoiceRefunded } from './invoice-settlement.ts';
import {
  addRefunded,
  addToContactBalance,
  findContactBalance,
  findPayment,
  findPaymentByKey,
  type InvoiceLineKind,
  type InvoicePaymentRow,
  type InvoiceRow,
  insertPayment,
  openBalanceOf,
  updateInvoiceRecord,
} from './invoices.repo.ts';
import {
  conflict,
  decimal,
  INVOICE_PAID,
  INVOICE_REFUNDED,
  INVOICE_VOID,
  KEY_REUSED,
  NO_ACCOUNT_CREDIT,
  PAYMENT_FULLY_REFUNDED,
  type Person,
  requireInvoice,
} from './invoices.service.ts';

// Money in and out of an invoice, for the desk, checkout and the payment providers' webhooks: each
// takes the caller's tenant transaction, locks the invoice row first, and is idempotent by key.

export interface PaymentInput {
  method: PaymentMethod;
  /** Minor units, more than 0 and at most the balance. */
  amount: number;
  /** Derived from what the money pays for; the same key gives the same result and never a second payment. */
  idempotencyKey: string;
  provider?: string | null;
  providerRef?: string | null;
  note?: string;
  recordedBy?: Person | null;
  /** The kinds of the invoice's lines, when the payer made them (a renewal): what is paid asks only their modules. */
  lineKinds?: readonly InvoiceLineKind[];
}

export interface RefundInput {
  paymentId: string;
  /** Minor units; what is still refundable of the payment when left out. */
  amount?: number;
  idempotencyKey: string;
  providerRef?: string | null;
  note?: string;
  recordedBy?: Person | null;
}

export interface MoneyResult {
  invoice: InvoiceRow;
  payment: InvoicePaymentRow;
  /** True when the key had been used already: nothing was recorded this time. */
  replayed: boolean;
  /** True when the invoice's status changed (the caller may email the new one). */
  statusChanged: boolean;
}

function assertPayable(invoice: InvoiceRow): void {
  if (invoice.status === 'void') throw conflict('invoice_void', INVOICE_VOID);
  if (invoice.status === 'refunded') throw conflict('invoice_refunded', INVOICE_REFUNDED);
  if (invoice.balance === 0) throw conflict('invoice_paid', INVOICE_PAID);
}

function statusAfterPayment(balance: number): InvoiceStatus {
  return balance === 0 ? 'complete' : 'partial';
}

/**
 * Records money received. Idempotent: a key already used for this payment answers the invoice as it
 * is, recording nothing; a key used for anything else is a 409. A void, refunded or paid invoice
 * takes nothing (409); more than the balance is a 400 on amount. pending -> partial -> complete.
 * The contact's balance rises by what was paid, except from their account (the debt only moves).
 */
export async function recordPayment(
  tx: Tx,
  tenant: TenantContext,
  invoiceId: string,
  input: PaymentInput,
): Promise<MoneyResult> {
  const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId, true);
  const used = await findPaymentByKey(tx, tenant.tenantId, input.idempotencyKey);
  if (used) {
    const same =
      used.kind === 'payment' &&
      used.invoiceId === invoice.id &&
      used.amount === input.amount &&
      used.method === input.method;
    if (!same) throw conflict('idempotency_conflict', KEY_REUSED);
    return { invoice, payment: used, replayed: true, statusChanged: false };
  }
  assertPayable(invoice);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw badRequest('amount', 'Amount must be more than 0');
  if (input.amount > invoice.balance) {
    throw badRequest(
      'amount',
      `Amount cannot be more than the balance of ${formatMoney(invoice.balance, invoice.currency)}.`,
    );
  }
  const payment = await insertPayment(tx, {
    tenantId: tenant.tenantId,
    invoiceId: invoice.id,
    kind: 'payment',
    method: input.method,
    amount: input.amount,
    provider: input.provider ?? null,
    providerRef: input.providerRef ?? null,
    idempotencyKey: input.idempotencyKey,
    note: input.note ?? '',
    recordedById: input.recordedBy?.id ?? null,
    recordedByName: input.recordedBy?.name ?? '',
  });
  const balance = invoice.balance - input.amount;
  const status = statusAfterPayment(balance);
  const updated = await updateInvoiceRecord(tx, tenant.tenantId, invoice.id, {
    amountPaid: invoice.amountPaid + input.amount,
    balance,
    status,
  });
  if (input.method !== 'account') {
    await addToContactBalance(tx, tenant.tenantId, invoice.contactId, decimal(input.amount, invoice.currency));
  }
  if (status === 'complete') await invoicePaid(tx, tenant, updated, input.lineKinds);
  return { invoice: updated, payment, replayed: false, statusChanged: status !== invoice.status };
}

/**
 * The contact's account credit (their balance plus what their open invoices owe) in minor units of
 * the invoice's currency: what /applypayment can take.
 */
export async function accountCredit(tx: Tx, tenantId: string, invoice: InvoiceRow): Promise<number> {
  const balance = await findContactBalance(tx, tenantId, invoice.contactId);
  if (balance === null) return 0;
  const digits = findCurrency(invoice.currency)?.minorDigits ?? 2;
  const [whole = '0', fraction = ''] = balance.replace('-', '').split('.');
  const abs = Number(whole) * 10 ** digits + Number((fraction.padEnd(digits, '0') || '0').slice(0, digits));
  const minor = balance.startsWith('-') ? -abs : abs;
  const owed = await openBalanceOf(tx, tenantId, invoice.contactId, invoice.currency);
  return Math.max(0, minor + owed);
}

/** POST /applypayment: pays from the contact's account credit (all of the balance it covers by default). */
export async function applyAccountCredit(
  tx: Tx,
  tenant: TenantContext,
  invoiceId: string,
  input: { amount?: number; idempotencyKey: string; recordedBy?: Person | null },
): Promise<MoneyResult> {
  const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId, true);
  const used = await findPaymentByKey(tx, tenant.tenantId, input.idempotencyKey);
  if (used) {
    const amount = input.amount ?? used.amount;
    return recordPayment(tx, tenant, invoiceId, { ...input, method: 'account', amount });
  }
  assertPayable(invoice);
  const credit = await accountCredit(tx, tenant.tenantId, invoice);
  if (credit <= 0) throw conflict('no_credit', NO_ACCOUNT_CREDIT);
  const amount = input.amount ?? Math.min(credit, invoice.balance);
  if (amount > credit) {
    throw badRequest(
      'amount',
      `Amount cannot be more than the account credit of ${formatMoney(credit, invoice.currency)}.`,
    );
  }
  return recordPayment(tx, tenant, invoiceId, {
    method: 'account',
    amount,
    idempotencyKey: input.idempotencyKey,
    recordedBy: input.recordedBy,
  });
}

/**
 * The payment a refund returns and how much it gives back (all that is left of it by default):
 * 404 for a payment not of this invoice, 409 when nothing is left, 400 on amount past what is left.
 * Also asked before a provider is told to refund, so a refusal here calls no provider.
 */
export async function refundableOf(
  tx: Tx,
  tenant: TenantContext,
  invoice: InvoiceRow,
  input: Pick<RefundInput, 'paymentId' | 'amount'>,
): Promise<{ payment: InvoicePaymentRow; amount: number }> {
  const payment = await findPayment(tx, tenant.tenantId, input.paymentId);
  if (!payment || payment.invoiceId !== invoice.id || payment.kind !== 'payment') throw notFound('Payment');
  const refundable = payment.amount - payment.refunded;
  if (refundable === 0) throw conflict('payment_refunded', PAYMENT_FULLY_REFUNDED);
  const amount = input.amount ?? refundable;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('amount', 'Amount must be more than 0');
  if (amount > refundable) {
    throw badRequest(
      'amount',
      `Amount cannot be more than the ${formatMoney(refundable, invoice.currency)} still refundable on this payment.`,
    );
  }
  return { payment, amount };
}

/**
 * Gives back part or all of one payment (never more than is left of it). A refund does not reopen
 * the debt: the sale is undone by that much. When everything paid has been refunded the invoice is
 * `refunded` and what it still owed is written off. A refund of an account payment goes back to the
 * account (the contact's balance rises); cash or card money leaves the business.
 */
export async function refundPayment(
  tx: Tx,
  tenant: TenantContext,
  invoiceId: string,
  input: RefundInput,
): Promise<MoneyResult> {
  const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId, true);
  const used = await findPaymentByKey(tx, tenant.tenantId, input.idempotencyKey);
  if (used) {
    const same =
      used.kind === 'refund' &&
      used.invoiceId === invoice.id &&
      used.refundOf === input.paymentId &&
      (input.amount === undefined || used.amount === input.amount);
    if (!same) throw conflict('idempotency_conflict', KEY_REUSED);
    return { invoice, payment: used, replayed: true, statusChanged: false };
  }
  const { payment, amount } = await refundableOf(tx, tenant, invoice, input);
  const refund = await insertPayment(tx, {
    tenantId: tenant.tenantId,
    invoiceId: invoice.id,
    kind: 'refund',
    refundOf: payment.id,
    method: payment.method,
    amount,
    provider: payment.provider,
    providerRef: input.providerRef ?? null,
    idempotencyKey: input.idempotencyKey,
    note: input.note ?? '',
    recordedById: input.recordedBy?.id ?? null,
    recordedByName: input.recordedBy?.name ?? '',
  });
  await addRefunded(tx, tenant.tenantId, payment.id, amount);
  const amountRefunded = invoice.amountRefunded + amount;
  const fully = amountRefunded === invoice.amountPaid;
  const updated = await updateInvoiceRecord(tx, tenant.tenantId, invoice.id, {
    amountRefunded,
    ...(fully ? { status: 'refunded' as const, balance: 0 } : {}),
  });
  let contactDelta = payment.method === 'account' ? amount : 0;
  if (fully) contactDelta += invoice.balance;
  await addToContactBalance(tx, tenant.tenantId, invoice.contactId, decimal(contactDelta, invoice.currency));
  if (fully && invoice.status !== 'refunded') await invoiceRefunded(tx, tenant, updated);
  return { invoice: updated, payment: refund, replayed: false, statusChanged: updated.status !== invoice.status };
}

/** A provider reported a failed charge: an open invoice becomes `failed` (a later payment still completes it). */
export async function recordPaymentFailure(tx: Tx, tenant: TenantContext, invoiceId: string) {
  const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId, true);
  if (!OPEN_INVOICE_STATUSES.includes(invoice.status) || invoice.balance === 0 || invoice.status === 'failed') {
    return { invoice, statusChanged: false };
  }
  return {
    invoice: await updateInvoiceRecord(tx, tenant.tenantId, invoice.id, { status: 'failed' }),
    statusChanged: true,
  };
}
