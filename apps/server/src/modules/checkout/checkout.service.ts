import {
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  type DeskCheckoutQuoteRequest,
  type DeskCheckoutRequest,
  type InvoiceDetail,
  normalizeOfferCode,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { getInvoiceDetail, walkinId } from '../invoices/invoice-desk.service.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import { assertStockNow, type Buyer, cartOf, invoiceMethod, priceCart, quoteOf, recordSale } from './sale.service.ts';

// The front desk's sale (spec 3 §7.5 POST /item/checkout and /item/checkout/validate): the client
// sends item ids, quantities, a code, a buyer and how they pay; the sale itself is sale.service.ts.

type QuoteBody = z.output<typeof DeskCheckoutQuoteRequest>;
type SaleBody = z.output<typeof DeskCheckoutRequest>;

async function buyerOf(tx: Tx, tenant: TenantContext, body: QuoteBody): Promise<Buyer> {
  const id = body.contactId ?? (await walkinId(tx, tenant));
  const person = await findPerson(tx, tenant.tenantId, id);
  if (!person) throw new AppError(404, 'not_found', 'Contact not found.', 'contactId');
  if (person.isWalkin && body.paymentMethod === 'account') {
    throw badRequest('paymentMethod', CHECKOUT_MESSAGES.walkinAccount);
  }
  return { id: person.id, name: `${person.name} ${person.lastName}`.trim(), isWalkin: person.isWalkin };
}

const codeOf = (body: QuoteBody) => (body.offerCode ? normalizeOfferCode(body.offerCode) : '');

/**
 * POST /item/checkout/validate: the priced cart and what the code does, nothing written. A refused
 * code answers 200 with its alert and the prices whole; not enough stock is the 409 the sale would get.
 */
export function quoteCheckout(
  platform: Platform,
  { tenant }: Authenticated,
  body: QuoteBody,
  now = new Date(),
): Promise<CheckoutQuote> {
  // A write transaction only because the walk-in contact is made on first use.
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const buyer = await buyerOf(tx, tenant, body);
    const cart = await cartOf(tx, tenant.tenantId, body.items);
    assertStockNow(cart);
    const priced = await priceCart(tx, tenant, cart, codeOf(body), invoiceMethod(body.paymentMethod), now);
    return { ...quoteOf(priced), contact: buyer, paymentMethod: body.paymentMethod };
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
 * POST /item/checkout: the desk's sale (sale.service.ts `recordSale`), the caller as sales person.
 * Hidden items (isVisible off) can be sold here: visibility is for the public shop.
 */
export async function checkout(
  platform: Platform,
  actor: Authenticated,
  body: SaleBody,
  now = new Date(),
): Promise<InvoiceDetail> {
  const { tenant, auth } = actor;
  const seller = await readTenant(platform.db, tenant.tenantId, (tx) => findPerson(tx, tenant.tenantId, auth.sub));
  const invoiceId = await recordSale(
    platform,
    tenant,
    {
      items: body.items,
      offerCode: codeOf(body),
      paymentMethod: body.paymentMethod,
      idempotencyKey: body.idempotencyKey,
      fingerprint: fingerprintOf(body),
      buyer: (tx) => buyerOf(tx, tenant, body),
      seller: { id: auth.sub, name: seller ? `${seller.name} ${seller.lastName}`.trim() : '' },
    },
    now,
  );
  return getInvoiceDetail(platform, actor, invoiceId);
}
