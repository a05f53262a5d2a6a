import {
  type CartTotals,
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  type DeskPaymentMethod,
  formatInvoiceNumber,
  formatMoney,
  minorToPrice,
  type Offer,
  type OfferEvaluation,
  type PaymentMethod,
} from '@atrium/contracts';
import { type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { itemMissing } from '../catalogue/catalogue-rules.ts';
import { findBundleLines, findItemsByIds, type ItemRow, takeStock } from '../catalogue/items.repo.ts';
import { queueInvoiceEmail, templateForStatus } from '../invoices/invoice-email.ts';
import { recordPayment } from '../invoices/invoice-payments.service.ts';
import { type InvoiceRow, recordStockTakes, type StockTake } from '../invoices/invoices.repo.ts';
import {
  conflict,
  createInvoice,
  type InvoiceLineInput,
  type Person,
  priceWithSettings,
} from '../invoices/invoices.service.ts';
import { notifyStaff } from '../mail/staff-notifications.ts';
import { previewOffer, redeemOffer } from '../offers/offers.service.ts';
import { toOffer } from '../offers/offers-rules.ts';
import { claimCheckoutKey, findCheckoutKey, setCheckoutInvoice } from './checkout.repo.ts';

// A sale of catalogue items, whoever sells: the front desk (checkout.service.ts) and the public shop
// (modules/shop). The client sends item ids, quantities and a code; every price is read here from the
// catalogue and Payment Settings (DESIGN.md "the server prices everything"), and the sale is one
// transaction (decisions.md "Store checkout").

export interface SaleLine {
  guId: string;
  qty: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoice's payment method: what prices the fee. Leaving it open prices no fee, as cash. */
export const invoiceMethod = (method: DeskPaymentMethod): PaymentMethod => (method === 'invoice' ? 'cash' : method);

export interface Cart {
  lines: InvoiceLineInput[];
  /** Units each stocked item gives up (bundles give their items'), by item id. */
  needs: Map<string, { qty: number; field: string }>;
  /** Every item the cart touches, bundle contents included. */
  rows: Map<string, ItemRow>;
}

/**
 * Whether an item may be sold on this channel; an item refused is a 404 naming its line. Unknown,
 * archived and another tenant's items are refused everywhere.
 */
export type Sellable = (tx: Tx, row: ItemRow) => Promise<boolean>;
const anyUnarchived: Sellable = async (_tx, row) => !row.isArchived;

/** The lines priced from the catalogue; an item that cannot be sold is a 404 naming its line. */
export async function cartOf(
  tx: Tx,
  tenantId: string,
  items: SaleLine[],
  sellable: Sellable = anyUnarchived,
): Promise<Cart> {
  items.forEach((line, index) => {
    if (!UUID.test(line.guId)) throw itemMissing(`items.${index}.guId`);
  });
  const found = await findItemsByIds(tx, tenantId, [...new Set(items.map((line) => line.guId))]);
  const rows = new Map(found.map((row) => [row.id, row]));
  const lines: InvoiceLineInput[] = [];
  for (const [index, line] of items.entries()) {
    const row = rows.get(line.guId);
    // a membership is bought with a saved card (memberships module), never as a plain line
    if (!row || row.isArchived || row.kind === 'membership' || !(await sellable(tx, row)))
      throw itemMissing(`items.${index}.guId`);
    lines.push({
      id: `line-${index + 1}`,
      guId: row.id,
      kind: row.kind,
      categoryId: row.categoryId,
      name: row.name,
      unitPrice: row.priceMinor,
      quantity: line.qty,
      isTaxable: row.isTaxable,
      isChargeCreditCardFees: row.isChargeCreditCardFees,
    });
  }
  const bundleIds = found.filter((row) => row.kind === 'bundle').map((row) => row.id);
  const contents = await findBundleLines(tx, tenantId, bundleIds);
  const inner = await findItemsByIds(tx, tenantId, [...new Set(contents.map((c) => c.itemId))]);
  for (const row of inner) rows.set(row.id, row);
  const needs = new Map<string, { qty: number; field: string }>();
  const need = (itemId: string, qty: number, field: string) => {
    const before = needs.get(itemId);
    needs.set(itemId, { qty: (before?.qty ?? 0) + qty, field: before?.field ?? field });
  };
  items.forEach((line, index) => {
    const field = `items.${index}.guId`;
    const row = rows.get(line.guId);
    if (row?.kind !== 'bundle') {
      need(line.guId, line.qty, field);
      return;
    }
    for (const content of contents.filter((c) => c.bundleId === row.id)) {
      if (content.isArchived) throw itemMissing(field);
      need(content.itemId, content.qty * line.qty, field);
    }
  });
  return { lines, needs, rows };
}

export function outOfStock(row: ItemRow, field: string): AppError {
  const left = row.stock ?? 0;
  const message = left > 0 ? CHECKOUT_MESSAGES.onlyLeft(left, row.name) : CHECKOUT_MESSAGES.outOfStock(row.name);
  return new AppError(409, 'out_of_stock', message, field);
}

/** The 409 the sale would answer when the stock read now is short (a quote says it before the sale). */
export function assertStockNow(cart: Cart): void {
  for (const [itemId, need] of cart.needs) {
    const row = cart.rows.get(itemId);
    if (row && row.stock !== null && row.stock < need.qty) throw outOfStock(row, need.field);
  }
}

export interface PricedCart {
  cart: Cart;
  totals: CartTotals;
  /** What the code did; null without one. A refused code leaves the prices whole. */
  evaluation: OfferEvaluation | null;
}

/** Prices a cart with what the code would take off (previewed: no use counted). */
export async function priceCart(
  tx: Tx,
  tenant: TenantContext,
  cart: Cart,
  code: string,
  method: PaymentMethod,
  now: Date,
): Promise<PricedCart> {
  let evaluation: OfferEvaluation | null = null;
  let offer: Offer | undefined;
  if (code) {
    const answer = await previewOffer(tx, tenant.tenantId, code, cart.lines, now);
    evaluation = answer.evaluation;
    if (evaluation.ok && answer.row) offer = toOffer(answer.row);
  }
  return { cart, totals: priceWithSettings(tenant, cart.lines, method, offer, now), evaluation };
}

/** The priced cart on the wire: decimals of the currency, and the totals in minor units too. */
export function quoteOf({ cart, totals, evaluation }: PricedCart): Omit<CheckoutQuote, 'contact' | 'paymentMethod'> {
  const c = totals.currency;
  const d = (minor: number) => minorToPrice(minor, c);
  return {
    currency: c,
    subtotal: d(totals.subtotal),
    discount: d(totals.discount),
    tax: d(totals.tax),
    cardFee: d(totals.cardFee),
    total: d(totals.total),
    taxes: totals.taxes.map((tax) => ({ label: tax.label, amount: d(tax.amount) })),
    minor: {
      subtotal: totals.subtotal,
      discount: totals.discount,
      tax: totals.tax,
      cardFee: totals.cardFee,
      total: totals.total,
    },
    lines: cart.lines.map((line, index) => {
      const t = totals.lines[index];
      if (!t) throw new Error('totals out of line order');
      return {
        guId: line.guId,
        name: line.name,
        kind: line.kind,
        qty: line.quantity,
        price: d(line.unitPrice),
        amount: d(t.amount),
        discount: d(t.discount),
        tax: d(t.tax),
        cardFee: d(t.cardFee),
        total: d(t.total),
        stock: cart.rows.get(line.guId)?.stock ?? null,
      };
    }),
    offer: evaluation
      ? {
          valid: evaluation.ok,
          offerCode: evaluation.code,
          alert: evaluation.ok ? null : evaluation.alert,
          discount: d(evaluation.ok ? totals.discount : 0),
        }
      : null,
  };
}

export interface Buyer {
  id: string;
  name: string;
  isWalkin: boolean;
}

export interface SaleInput {
  items: SaleLine[];
  /** Lower-cased; '' for none. */
  offerCode: string;
  paymentMethod: DeskPaymentMethod;
  idempotencyKey: string;
  /** The request the key is for: the same key with another fingerprint is a 409. */
  fingerprint: string;
  /** Who buys: found (or made) in the sale's transaction, once the key is claimed. */
  buyer: (tx: Tx) => Promise<Buyer>;
  /** Staff at the desk; null for an online sale. */
  seller: Person | null;
  /** What may be sold (the public shop sells only what visitors can see). */
  sellable?: Sellable;
  /** More lines for the staff's sale note (an online buyer's phone, address and note). */
  noteLines?: string[];
  /** Runs last in the sale's transaction (the shop empties the visitor's cart). */
  afterSale?: (tx: Tx, invoice: InvoiceRow) => Promise<void>;
}

const HOW_PAID: Record<DeskPaymentMethod, string> = {
  cash: 'paid in cash',
  account: 'charged to the account',
  credit_card: 'to pay by card',
  invoice: 'left open',
};

/**
 * A sale, in one transaction: claim the key, take the stock of every line (all or nothing, in item
 * id order so two carts never wait on each other), count the code's use, make the invoice, pay it in
 * cash or on the contact's account (or leave it open), queue its email and the staff's sale note.
 * The same key again answers the same invoice and takes nothing. Answers the invoice id.
 */
export async function recordSale(
  platform: Platform,
  tenant: TenantContext,
  input: SaleInput,
  now = new Date(),
): Promise<string> {
  let mailed = false;
  const invoiceId = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (!(await claimCheckoutKey(tx, tenant.tenantId, input.idempotencyKey, input.fingerprint))) {
      const used = await findCheckoutKey(tx, tenant.tenantId, input.idempotencyKey);
      if (!used?.invoiceId || used.fingerprint !== input.fingerprint) {
        throw conflict('idempotency_conflict', CHECKOUT_MESSAGES.keyReused);
      }
      return used.invoiceId;
    }
    const buyer = await input.buyer(tx);
    const cart = await cartOf(tx, tenant.tenantId, input.items, input.sellable);
    // What the sale takes from counted stock, so voiding its invoice gives exactly that back.
    const takes: StockTake[] = [];
    for (const itemId of [...cart.needs.keys()].sort()) {
      const need = cart.needs.get(itemId);
      const row = cart.rows.get(itemId);
      if (!need || !row) throw new Error('cart needs an item it did not load');
      const taken = await takeStock(tx, tenant.tenantId, itemId, need.qty);
      if (!taken.ok) {
        const [current] = await findItemsByIds(tx, tenant.tenantId, [itemId]);
        if (!current || current.isArchived) throw itemMissing(need.field);
        throw outOfStock(current, need.field);
      }
      if (taken.remaining !== null) takes.push({ itemId, quantity: need.qty });
    }
    let offer: Offer | undefined;
    if (input.offerCode) {
      const { row } = await previewOffer(tx, tenant.tenantId, input.offerCode, cart.lines, now);
      const evaluation = await redeemOffer(tx, tenant.tenantId, input.offerCode, cart.lines, now);
      if (!evaluation.ok || !row) throw badRequest('offerCode', evaluation.ok ? 'Offer not found.' : evaluation.alert);
      offer = toOffer(row);
    }
    let invoice = await createInvoice(tx, tenant, {
      contactId: buyer.id,
      contactName: buyer.name,
      lines: cart.lines,
      paymentMethod: invoiceMethod(input.paymentMethod),
      offer,
      salesPersonId: input.seller?.id ?? null,
      createdBy: input.seller,
      now,
    });
    await recordStockTakes(tx, tenant.tenantId, invoice.id, takes);
    const method = input.paymentMethod;
    if ((method === 'cash' || method === 'account') && invoice.balance > 0) {
      const paid = await recordPayment(tx, tenant, invoice.id, {
        method,
        amount: invoice.balance,
        idempotencyKey: `checkout:${input.idempotencyKey}`,
        recordedBy: input.seller,
      });
      invoice = paid.invoice;
    }
    await setCheckoutInvoice(tx, tenant.tenantId, input.idempotencyKey, invoice.id);
    await input.afterSale?.(tx, invoice);
    const template = templateForStatus(invoice.status);
    if (template && (await queueInvoiceEmail(tx, platform, tenant, invoice, template))) mailed = true;
    const sold = `${formatInvoiceNumber(invoice.number)}: ${formatMoney(invoice.total, invoice.currency)}`;
    // the account's sales email list and the staff who opted in, each address once
    const noted = await notifyStaff(tx, tenant, 'sales', {
      subject: `New sale ${sold}`,
      lines: [
        `New sale ${sold}, ${HOW_PAID[method]}.`,
        `Customer: ${buyer.name}`,
        `Items: ${cart.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')}`,
        input.seller ? `Sold by: ${input.seller.name}` : 'Sold online.',
        ...(input.noteLines ?? []),
      ],
    });
    if (noted) mailed = true;
    return invoice.id;
  });
  if (mailed) await platform.outbox.kick();
  return invoiceId;
}
