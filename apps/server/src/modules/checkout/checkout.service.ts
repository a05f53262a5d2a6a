import {
  type CartTotals,
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  cartTotals,
  type DeskCheckoutQuoteRequest,
  type DeskCheckoutRequest,
  formatInvoiceNumber,
  formatMoney,
  type InvoiceDetail,
  minorToPrice,
  normalizeOfferCode,
  normalizeSalesEmails,
  type Offer,
  type OfferEvaluation,
  type PaymentMethod,
  pricingFromSettings,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { itemMissing } from '../catalogue/catalogue-rules.ts';
import { findBundleLines, findItemsByIds, type ItemRow, takeStock } from '../catalogue/items.repo.ts';
import { getInvoiceDetail, walkinId } from '../invoices/invoice-desk.service.ts';
import { queueInvoiceEmail, templateForStatus } from '../invoices/invoice-email.ts';
import { recordPayment } from '../invoices/invoice-payments.service.ts';
import { findPerson, recordStockTakes, type StockTake } from '../invoices/invoices.repo.ts';
import { conflict, createInvoice, type InvoiceLineInput, tenantCurrency } from '../invoices/invoices.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { previewOffer, redeemOffer } from '../offers/offers.service.ts';
import { toOffer } from '../offers/offers-rules.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { claimCheckoutKey, findCheckoutKey, salesNotificationEmails, setCheckoutInvoice } from './checkout.repo.ts';

// The front desk's sale (spec 3 §7.5 POST /item/checkout and /item/checkout/validate): the client
// sends item ids, quantities, a code, a buyer and how they pay; everything else is read here from the
// catalogue and Payment Settings (DESIGN.md "the server prices everything").

type QuoteBody = z.output<typeof DeskCheckoutQuoteRequest>;
type SaleBody = z.output<typeof DeskCheckoutRequest>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoice's payment method: what prices the fee. Leaving it open prices no fee, as cash. */
const invoiceMethod = (method: QuoteBody['paymentMethod']): PaymentMethod => (method === 'invoice' ? 'cash' : method);

interface Buyer {
  id: string;
  name: string;
  isWalkin: boolean;
}

async function buyerOf(tx: Tx, tenant: TenantContext, body: QuoteBody): Promise<Buyer> {
  const id = body.contactId ?? (await walkinId(tx, tenant));
  const person = await findPerson(tx, tenant.tenantId, id);
  if (!person) throw new AppError(404, 'not_found', 'Contact not found.', 'contactId');
  if (person.isWalkin && body.paymentMethod === 'account') {
    throw badRequest('paymentMethod', CHECKOUT_MESSAGES.walkinAccount);
  }
  return { id: person.id, name: `${person.name} ${person.lastName}`.trim(), isWalkin: person.isWalkin };
}

interface Cart {
  lines: InvoiceLineInput[];
  /** Units each stocked item gives up (bundles give their items'), by item id. */
  needs: Map<string, { qty: number; field: string }>;
  /** Every item the cart touches, bundle contents included. */
  rows: Map<string, ItemRow>;
}

/** The lines priced from the catalogue; an unknown, archived or another tenant's item is a 404 naming it. */
async function cartOf(tx: Tx, tenantId: string, body: QuoteBody): Promise<Cart> {
  body.items.forEach((line, index) => {
    if (!UUID.test(line.guId)) throw itemMissing(`items.${index}.guId`);
  });
  const found = await findItemsByIds(tx, tenantId, [...new Set(body.items.map((line) => line.guId))]);
  const rows = new Map(found.map((row) => [row.id, row]));
  const lines = body.items.map((line, index): InvoiceLineInput => {
    const row = rows.get(line.guId);
    if (!row || row.isArchived) throw itemMissing(`items.${index}.guId`);
    return {
      id: `line-${index + 1}`,
      guId: row.id,
      kind: row.kind,
      categoryId: row.categoryId,
      name: row.name,
      unitPrice: row.priceMinor,
      quantity: line.qty,
      isTaxable: row.isTaxable,
      isChargeCreditCardFees: row.isChargeCreditCardFees,
    };
  });
  const bundleIds = found.filter((row) => row.kind === 'bundle').map((row) => row.id);
  const contents = await findBundleLines(tx, tenantId, bundleIds);
  const inner = await findItemsByIds(tx, tenantId, [...new Set(contents.map((c) => c.itemId))]);
  for (const row of inner) rows.set(row.id, row);
  const needs = new Map<string, { qty: number; field: string }>();
  const need = (itemId: string, qty: number, field: string) => {
    const before = needs.get(itemId);
    needs.set(itemId, { qty: (before?.qty ?? 0) + qty, field: before?.field ?? field });
  };
  body.items.forEach((line, index) => {
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

function outOfStock(row: ItemRow, field: string): AppError {
  const left = row.stock ?? 0;
  const message = left > 0 ? CHECKOUT_MESSAGES.onlyLeft(left, row.name) : CHECKOUT_MESSAGES.outOfStock(row.name);
  return new AppError(409, 'out_of_stock', message, field);
}

function price(tenant: TenantContext, lines: InvoiceLineInput[], method: PaymentMethod, offer?: Offer, now?: Date) {
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

function quoteOf(
  cart: Cart,
  totals: CartTotals,
  evaluation: OfferEvaluation | null,
  buyer: Buyer,
  method: QuoteBody['paymentMethod'],
): CheckoutQuote {
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
    contact: buyer,
    paymentMethod: method,
  };
}

const codeOf = (body: QuoteBody) => (body.offerCode ? normalizeOfferCode(body.offerCode) : '');

/**
 * POST /item/checkout/validate: the priced cart and what the code does, nothing written. A refused
 * code answers 200 with its alert and the prices whole; not enough stock is the 409 the sale would get.
 */
export function quoteCheckout(platform: Platform, { tenant }: Authenticated, body: QuoteBody, now = new Date()) {
  // A write transaction only because the walk-in contact is made on first use.
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const buyer = await buyerOf(tx, tenant, body);
    const cart = await cartOf(tx, tenant.tenantId, body);
    for (const [itemId, need] of cart.needs) {
      const row = cart.rows.get(itemId);
      if (row && row.stock !== null && row.stock < need.qty) throw outOfStock(row, need.field);
    }
    const code = codeOf(body);
    let evaluation: OfferEvaluation | null = null;
    let offer: Offer | undefined;
    if (code) {
      const answer = await previewOffer(tx, tenant.tenantId, code, cart.lines, now);
      evaluation = answer.evaluation;
      if (evaluation.ok && answer.row) offer = toOffer(answer.row);
    }
    const totals = price(tenant, cart.lines, invoiceMethod(body.paymentMethod), offer, now);
    return quoteOf(cart, totals, evaluation, buyer, body.paymentMethod);
  });
}

const fingerprintOf = (body: SaleBody) =>
  JSON.stringify({
    contactId: body.contactId ?? null,
    items: body.items.map((line) => [line.guId, line.qty]),
    offerCode: codeOf(body) || null,
    paymentMethod: body.paymentMethod,
  });

/**
 * POST /item/checkout, in one transaction: claim the key, take the stock of every line (all or
 * nothing, in item id order so two carts never wait on each other), count the code's use, make the
 * invoice, then pay it in cash or on the contact's account (or leave it open) and queue its email.
 * The same key again answers the same invoice and takes nothing.
 */
export async function checkout(
  platform: Platform,
  actor: Authenticated,
  body: SaleBody,
  now = new Date(),
): Promise<InvoiceDetail> {
  const { tenant, auth } = actor;
  const fingerprint = fingerprintOf(body);
  let mailed = false;
  const invoiceId = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (!(await claimCheckoutKey(tx, tenant.tenantId, body.idempotencyKey, fingerprint))) {
      const used = await findCheckoutKey(tx, tenant.tenantId, body.idempotencyKey);
      if (!used?.invoiceId || used.fingerprint !== fingerprint) {
        throw conflict('idempotency_conflict', CHECKOUT_MESSAGES.keyReused);
      }
      return used.invoiceId;
    }
    const buyer = await buyerOf(tx, tenant, body);
    const cart = await cartOf(tx, tenant.tenantId, body);
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
    const code = codeOf(body);
    if (code) {
      const { row } = await previewOffer(tx, tenant.tenantId, code, cart.lines, now);
      const evaluation = await redeemOffer(tx, tenant.tenantId, code, cart.lines, now);
      if (!evaluation.ok || !row) throw badRequest('offerCode', evaluation.ok ? 'Offer not found.' : evaluation.alert);
      offer = toOffer(row);
    }
    const seller = await findPerson(tx, tenant.tenantId, auth.sub);
    const createdBy = { id: auth.sub, name: seller ? `${seller.name} ${seller.lastName}`.trim() : '' };
    let invoice = await createInvoice(tx, tenant, {
      contactId: buyer.id,
      lines: cart.lines,
      paymentMethod: invoiceMethod(body.paymentMethod),
      offer,
      salesPersonId: auth.sub,
      createdBy,
      now,
    });
    await recordStockTakes(tx, tenant.tenantId, invoice.id, takes);
    if ((body.paymentMethod === 'cash' || body.paymentMethod === 'account') && invoice.balance > 0) {
      const paid = await recordPayment(tx, tenant, invoice.id, {
        method: body.paymentMethod,
        amount: invoice.balance,
        idempotencyKey: `checkout:${body.idempotencyKey}`,
        recordedBy: createdBy,
      });
      invoice = paid.invoice;
    }
    await setCheckoutInvoice(tx, tenant.tenantId, body.idempotencyKey, invoice.id);
    const template = templateForStatus(invoice.status);
    if (template && (await queueInvoiceEmail(tx, platform, tenant, invoice, template))) mailed = true;
    const sold = `${formatInvoiceNumber(invoice.number)}: ${formatMoney(invoice.total, invoice.currency)}`;
    const how = {
      cash: 'paid in cash',
      account: 'charged to the account',
      credit_card: 'to pay by card',
      invoice: 'left open',
    };
    // the account's sales email list and the staff who opted in, each address once
    const staff = await salesNotificationEmails(tx, tenant.tenantId);
    for (const to of normalizeSalesEmails([...tenant.settings.salesEmailList, ...staff])) {
      await enqueueEmail(tx, tenant.tenantId, {
        to,
        subject: `New sale ${sold}`,
        text: [
          `New sale ${sold}, ${how[body.paymentMethod]}.`,
          `Customer: ${buyer.name}`,
          `Items: ${cart.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')}`,
          `Sold by: ${createdBy.name}`,
          '',
          tenant.name,
        ].join('\n'),
      });
      mailed = true;
    }
    return invoice.id;
  });
  if (mailed) await platform.outbox.kick();
  return getInvoiceDetail(platform, actor, invoiceId);
}
