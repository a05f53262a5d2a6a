import { z } from 'zod';
import { LINE_KINDS, Quantity } from './cart-lines.ts';
import { PAYMENT_METHODS } from './cart-totals.ts';

// Invoices (spec 3 §3 "Invoice", §4 "Payments", §7.5). Amounts on the wire are major-unit numbers
// (19.99), exact for every currency's digits; inside the server they are integer minor units.

/** Spec 3 §4 payment statuses, plus void and refunded (decisions.md "Invoices"). */
export const INVOICE_STATUSES = ['pending', 'partial', 'failed', 'complete', 'reminder', 'void', 'refunded'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  partial: 'Partial',
  failed: 'Failed',
  complete: 'Complete',
  reminder: 'Reminder sent',
  void: 'Void',
  refunded: 'Refunded',
};
/** Statuses with money still owed. */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = ['pending', 'partial', 'failed', 'reminder'];

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  credit_card: 'Card',
  bank_account: 'Bank account',
  cash: 'Cash',
  account: 'Account',
};
/** What staff record by hand at the desk; card and bank payments come from the provider. */
export const OFFLINE_PAYMENT_METHODS = ['cash', 'account'] as const;

/** Spec 3 §4: pending and partial share one template. */
export const INVOICE_EMAIL_TEMPLATES = [
  'invoice_pending',
  'invoice_success',
  'invoice_failed',
  'invoice_reminder',
] as const;
export type InvoiceEmailTemplate = (typeof INVOICE_EMAIL_TEMPLATES)[number];

/** An amount typed by a person: a decimal string or a JSON number (read by parseMoney on the server). */
export const MoneyInput = z.union([z.string().trim().max(30), z.number()], { error: 'Amount must be a number' });

/** A line staff type on a manual invoice (POST /item/invoice); the server computes tax and fees. */
export const InvoiceLineInput = z.object({
  itemId: z.uuid('itemId must be an item id').nullable().optional(),
  itemType: z.enum(LINE_KINDS, { error: `itemType must be one of ${LINE_KINDS.join(', ')}` }).default('product'),
  itemName: z.string({ error: 'Item name is required' }).trim().min(1, 'Item name is required').max(200),
  price: MoneyInput,
  qty: Quantity.default(1),
  isTaxable: z.boolean().default(true),
  isChargeCreditCardFees: z.boolean().default(false),
});

export const InvoiceCreate = z
  .object({
    /** The buyer; the walk-in contact when left out. */
    contactId: z.uuid('contactId must be a contact id').optional(),
    items: z.array(InvoiceLineInput).min(1, 'Add at least one item').max(100, 'Too many items'),
    paymentMethod: PaymentMethodSchema.default('cash'),
    salesPersonId: z.uuid('salesPersonId must be a staff id').nullable().optional(),
    note: z.string().max(255, 'Note cannot exceed 255 characters').optional(),
  })
  .strict();
export type InvoiceCreate = z.infer<typeof InvoiceCreate>;

/** PUT /item/invoice/{id}: the note, the sales person, the archive flag; the lines while nothing is paid. */
export const InvoiceUpdate = z
  .object({
    note: z.string().max(255, 'Note cannot exceed 255 characters').optional(),
    salesPersonId: z.uuid('salesPersonId must be a staff id').nullable().optional(),
    isArchived: z.boolean().optional(),
    items: z.array(InvoiceLineInput).min(1, 'Add at least one item').max(100, 'Too many items').optional(),
    paymentMethod: PaymentMethodSchema.optional(),
  })
  .strict();
export type InvoiceUpdate = z.infer<typeof InvoiceUpdate>;

const IdempotencyKey = z
  .string({ error: 'idempotencyKey is required' })
  .trim()
  .min(8, 'idempotencyKey must be 8 to 100 characters')
  .max(100, 'idempotencyKey must be 8 to 100 characters');

/** POST /item/invoice/{id}/payment: a payment taken at the desk. */
export const InvoicePaymentRequest = z
  .object({
    method: z.enum(OFFLINE_PAYMENT_METHODS, { error: 'method must be cash or account' }),
    amount: MoneyInput,
    idempotencyKey: IdempotencyKey,
    note: z.string().max(255, 'Note cannot exceed 255 characters').optional(),
  })
  .strict();

/** POST /item/invoice/{id}/applypayment: the contact's account credit applied (all the balance it covers by default). */
export const InvoiceApplyPaymentRequest = z
  .object({
    amount: MoneyInput.optional(),
    idempotencyKey: IdempotencyKey,
  })
  .strict();

/** POST /item/invoice/{id}/refund: part or all of one payment. */
export const InvoiceRefundRequest = z
  .object({
    paymentId: z.uuid('paymentId must be a payment of this invoice'),
    /** What is still refundable of that payment when left out. */
    amount: MoneyInput.optional(),
    idempotencyKey: IdempotencyKey,
    note: z.string().max(255, 'Note cannot exceed 255 characters').optional(),
  })
  .strict();

/** POST /item/invoice/{id}/email: the status's email, or a reminder. */
export const InvoiceEmailRequest = z
  .object({
    reminder: z.boolean().default(false),
  })
  .strict();

export const InvoiceVoidRequest = z.object({ reason: z.string().max(255).optional() }).strict();

export const INVOICE_PAGE_SIZE_DEFAULT = 50;
export const INVOICE_PAGE_SIZE_MAX = 1000;
export const INVOICE_PAGE_SIZES = [10, 50, 100] as const;
export const INVOICE_SORTS = ['createdAt', 'number', 'name', 'total', 'balance', 'status'] as const;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** GET /item/ireport (spec 3 §7.5). */
export const InvoiceListQuery = z.object({
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').default(0),
  max: z.coerce
    .number()
    .int()
    .min(1, `max must be 1 to ${INVOICE_PAGE_SIZE_MAX}`)
    .max(INVOICE_PAGE_SIZE_MAX, `max must be 1 to ${INVOICE_PAGE_SIZE_MAX}`)
    .default(INVOICE_PAGE_SIZE_DEFAULT),
  showArchive: booleanQuery.default(false),
  sort: z.enum(INVOICE_SORTS, { error: `sort must be one of ${INVOICE_SORTS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  search: z.string().trim().max(100, 'search is too long').optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const InvoiceParty = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const InvoiceListRow = z.object({
  id: z.string(),
  invoiceId: z.string(),
  number: z.number(),
  status: InvoiceStatus,
  currency: z.string(),
  total: z.number(),
  balance: z.number(),
  contact: InvoiceParty,
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type InvoiceListRow = z.infer<typeof InvoiceListRow>;

export const InvoiceList = z.object({
  data: z.array(InvoiceListRow),
  /** Matches counted up to 10,000 (with a search text: up to 1,000); `capped` says there are more. */
  total: z.number(),
  capped: z.boolean(),
});
export type InvoiceList = z.infer<typeof InvoiceList>;

export const InvoiceItem = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemType: z.enum(LINE_KINDS),
  itemName: z.string(),
  currency: z.string(),
  qty: z.number(),
  price: z.number(),
  discount: z.number(),
  tax: z.number(),
  cardFee: z.number(),
  itemTotal: z.number(),
});

export const InvoicePayment = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  method: PaymentMethodSchema,
  amount: z.number(),
  /** For a payment: what is left to refund; for a refund: the payment it returns. */
  refundable: z.number(),
  refundOf: z.string().nullable(),
  provider: z.string().nullable(),
  note: z.string(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof InvoicePayment>;

export const InvoiceTenant = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  logo: z.string().nullable(),
});

const invoiceFields = {
  id: z.string(),
  invoiceId: z.string(),
  number: z.number(),
  status: InvoiceStatus,
  currency: z.string(),
  items: z.array(InvoiceItem),
  subTotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  taxes: z.array(z.object({ label: z.string(), rate: z.number(), amount: z.number() })),
  cardFees: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  amountRefunded: z.number(),
  balance: z.number(),
  paymentMethod: PaymentMethodSchema,
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tenant: InvoiceTenant,
};

export const InvoiceDetail = z.object({
  ...invoiceFields,
  publicId: z.string(),
  publicUrl: z.string(),
  isArchived: z.boolean(),
  contact: InvoiceParty,
  salesPerson: InvoiceParty.nullable(),
  payments: z.array(InvoicePayment),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

/** GET /item/invoice/public/{id}: what the printed invoice shows, nothing more (no ids, no staff, no notes on payments). */
export const InvoicePublic = z.object({
  ...invoiceFields,
  contact: z.object({ name: z.string(), email: z.string() }),
  salesPerson: z.object({ name: z.string() }).nullable(),
  payments: z.array(
    z.object({
      kind: z.enum(['payment', 'refund']),
      method: PaymentMethodSchema,
      amount: z.number(),
      createdAt: z.string(),
    }),
  ),
});
export type InvoicePublic = z.infer<typeof InvoicePublic>;

/** 'INV-00042': how a number is printed and searched. */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(5, '0')}`;
}

/** The number a search means when it is one ('INV-00042', '#42', '42'), else null. */
export function parseInvoiceNumber(search: string): number | null {
  const match = /^(?:inv-?|#)?\s*0*(\d{1,9})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}

/** An invoice in a list (a contact's, a person's own): its number, status and money, when it was made. */
const invoiceSummary = {
  invoiceId: z.string(),
  status: InvoiceStatus,
  currency: z.string(),
  total: z.number(),
  balance: z.number(),
  createdAt: z.string(),
};

/**
 * GET /item/invoice/contact/{contactId}: the contact's latest invoices and payments (refunds
 * included), for the contact detail; the balance beside them is the contact's own.
 */
export const ContactInvoices = z.object({
  invoices: z.array(
    z.object({
      id: z.string(),
      ...invoiceSummary,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      /** The invoice it belongs to: its id (the desk's link) and its number. */
      invoiceGuId: z.string(),
      invoiceId: z.string(),
      kind: z.enum(['payment', 'refund']),
      method: PaymentMethodSchema,
      currency: z.string(),
      amount: z.number(),
      createdAt: z.string(),
    }),
  ),
});
export type ContactInvoices = z.infer<typeof ContactInvoices>;

/** How many of each the contact detail shows. */
export const CONTACT_INVOICES_SHOWN = 10;

/** GET /item/invoice/my: a page of the signed-in person's own invoices, newest first. */
export const MyInvoicesQuery = z
  .object({
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .default(0),
    max: z.coerce
      .number({ error: 'max must be a whole number' })
      .int('max must be a whole number')
      .min(1, 'max must be between 1 and 100')
      .max(100, 'max must be between 1 and 100')
      .default(20),
  })
  .strict();

/**
 * The person's invoices (void ones left out): each opens on its public page (`/invoice/{publicId}`),
 * which shows it, pays its balance and downloads its PDF. Amounts in major units, as the invoice calls.
 */
export const MyInvoices = z.object({
  data: z.array(
    z.object({
      publicId: z.string(),
      ...invoiceSummary,
    }),
  ),
  total: z.number().int(),
});
export type MyInvoices = z.infer<typeof MyInvoices>;
