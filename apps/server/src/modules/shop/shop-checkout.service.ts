import {
  FORM_MESSAGES,
  formatInvoiceNumber,
  MEMBER_STORE_MESSAGES,
  type MemberCheckoutRequest,
  minorToPrice,
  normalizeOfferCode,
  type PublicCheckoutQuote,
  type PublicCheckoutQuoteRequest,
  type PublicCheckoutRequest,
  type PublicCheckoutResult,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx } from '../../db/client.ts';
import { badRequest, forbidden, tooManyRequests } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import {
  assertStockNow,
  type Buyer,
  cartOf,
  invoiceMethod,
  priceCart,
  quoteOf,
  recordSale,
} from '../checkout/sale.service.ts';
import { requireSignedWaiver } from '../forms/form-documents.service.ts';
import { findInvoice, findPerson } from '../invoices/invoices.repo.ts';
import { emptyCart, onlineMethod, publicSellable } from './cart.service.ts';
import { findOrInsertBuyer } from './shop-checkout.repo.ts';

// The visitor's checkout (spec 3 §7.8 POST /item/checkout/public/validate, /item/checkout/public and
// /public/checkout): the public user form (spec 3 §3, §5) and the cart's items and code. The sale is
// the desk's own (sale.service.ts); the invoice is left pending for the buyer to pay by card on the
// provider's page, or at the studio when the studio takes no cards (`onlineMethod`).

type QuoteBody = z.output<typeof PublicCheckoutQuoteRequest>;
type OrderBody = z.output<typeof PublicCheckoutRequest>;

/** Orders one address may place per window, and one IP the login's per-IP number. */
const ORDERS_PER_EMAIL = 10;

const codeOf = (body: QuoteBody) => (body.offerCode ? normalizeOfferCode(body.offerCode) : '');

/** The names as typed; fullName only fills a blank (the schema already requires both). */
const nameOf = (body: QuoteBody) => `${body.firstName} ${body.lastName}`.trim() || (body.fullName ?? '');

/** POST /item/checkout/public/validate: the order priced as it would be placed; writes nothing. */
export function quotePublicCheckout(
  platform: Platform,
  tenant: TenantContext,
  body: QuoteBody,
  now = new Date(),
): Promise<PublicCheckoutQuote> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const cart = await cartOf(tx, tenant.tenantId, body.items, publicSellable(tenant.tenantId));
    assertStockNow(cart);
    return quoteOf(await priceCart(tx, tenant, cart, codeOf(body), invoiceMethod(onlineMethod(tenant)), now));
  });
}

/**
 * The buyer is the contact with the form's email, made when there is none. The answer is the same
 * either way, and the invoice bills the name as typed, so the form tells nobody whether an address
 * is known or whose it is. The stored contact is never changed from a public form.
 */
async function onlineBuyer(tx: Tx, tenant: TenantContext, body: QuoteBody): Promise<Buyer> {
  const row = await findOrInsertBuyer(tx, tenant.tenantId, {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
    address: body.address,
  });
  if (row.isWalkin) throw badRequest('email', 'Please enter a valid email address');
  return { id: row.id, name: nameOf(body), isWalkin: false };
}

/** An order placed online: who it is for as typed, and the cart's lines, code and key. */
export interface OnlineOrder {
  items: { guId: string; qty: number }[];
  /** Lower-cased; '' for none. */
  offerCode: string;
  idempotencyKey: string;
  cartId?: string;
  email: string;
  /** The name the invoice bills. */
  name: string;
  phone: string;
  address: string;
  note: string;
  /** What else the key's request is (the channel's own fields): the same key with another is a 409. */
  fingerprint?: Record<string, unknown>;
}

const fingerprintOf = (order: OnlineOrder) =>
  JSON.stringify({
    channel: 'online',
    email: order.email,
    name: order.name,
    items: order.items.map((line) => [line.guId, line.qty]),
    offerCode: order.offerCode || null,
    ...order.fingerprint,
  });

/**
 * An online order, for the visitor's checkout and the checkout with registration: throttled by the
 * buyer's email and the IP, then the sale (sale.service.ts) in one transaction with `buyer`, which
 * finds or makes the buyer in it; the same key again answers the same invoice and calls no buyer.
 */
export async function placeOnlineOrder(
  platform: Platform,
  tenant: TenantContext,
  order: OnlineOrder,
  buyer: (tx: Tx) => Promise<Buyer>,
  ip: string,
  now = new Date(),
): Promise<PublicCheckoutResult> {
  const limits = { perAccount: ORDERS_PER_EMAIL, perIp: platform.config.loginMaxAttemptsPerIp };
  const wait = await platform.throttle.take(tenant.tenantId, 'public_checkout', order.email, ip, limits);
  if (wait > 0) throw tooManyRequests(`Too many orders. ${tryAgainIn(wait)}`);
  const invoiceId = await recordSale(
    platform,
    tenant,
    {
      items: order.items,
      offerCode: order.offerCode,
      paymentMethod: onlineMethod(tenant),
      idempotencyKey: `online:${order.idempotencyKey}`,
      fingerprint: fingerprintOf(order),
      buyer,
      seller: null,
      sellable: publicSellable(tenant.tenantId),
      noteLines: [
        `Email: ${order.email}`,
        ...(order.phone ? [`Phone: ${order.phone}`] : []),
        ...(order.address ? [`Address: ${order.address}`] : []),
        ...(order.note ? [`Note: ${order.note}`] : []),
        ...(onlineMethod(tenant) === 'invoice' ? ['To be paid at the studio.'] : []),
      ],
      afterSale: (tx) => emptyCart(tx, tenant.tenantId, order.cartId),
    },
    now,
  );
  return orderOf(platform, tenant, invoiceId);
}

/** POST /item/checkout/public: places the order; the same key again answers the same invoice. */
export function placePublicOrder(
  platform: Platform,
  tenant: TenantContext,
  body: OrderBody,
  ip: string,
  now = new Date(),
): Promise<PublicCheckoutResult> {
  const order: OnlineOrder = {
    items: body.items,
    offerCode: codeOf(body),
    idempotencyKey: body.idempotencyKey,
    cartId: body.cartId,
    email: body.email,
    name: nameOf(body),
    phone: body.phone,
    address: body.address,
    note: body.note,
  };
  return placeOnlineOrder(platform, tenant, order, (tx) => onlineBuyer(tx, tenant, body), ip, now);
}

function orderOf(platform: Platform, tenant: TenantContext, invoiceId: string): Promise<PublicCheckoutResult> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const invoice = await findInvoice(tx, tenant.tenantId, invoiceId);
    if (!invoice) throw new Error('the sale answered an invoice that is not there');
    return {
      invoiceId: formatInvoiceNumber(invoice.number),
      publicId: invoice.publicId,
      status: invoice.status,
      currency: invoice.currency,
      total: minorToPrice(invoice.total, invoice.currency),
      balance: minorToPrice(invoice.balance, invoice.currency),
      payment: invoice.paymentMethod === 'credit_card' ? 'card' : 'at_studio',
    };
  });
}

type MemberBody = z.output<typeof MemberCheckoutRequest>;

/** Only members order from My Store; checked before the body is read. */
export function assertMayOrder({ auth }: Authenticated): void {
  if (auth.role !== 'student') throw forbidden(MEMBER_STORE_MESSAGES.staffOnly);
  if (auth.preview) throw forbidden(MEMBER_STORE_MESSAGES.preview);
}

/**
 * POST /snode/product/usercheckout: a member's order from My Store, billed to the member (or to the
 * member an admin acts as). Staff sell from the desk; a Student Preview only looks.
 */
export async function placeMemberOrder(
  platform: Platform,
  { tenant, auth }: Authenticated,
  body: MemberBody,
  now = new Date(),
): Promise<PublicCheckoutResult> {
  assertMayOrder({ tenant, auth });
  const code = body.offerCode ? normalizeOfferCode(body.offerCode) : '';
  const invoiceId = await recordSale(
    platform,
    tenant,
    {
      items: body.items,
      offerCode: code,
      paymentMethod: onlineMethod(tenant),
      idempotencyKey: `member:${auth.sub}:${body.idempotencyKey}`,
      fingerprint: JSON.stringify({ channel: 'member', items: body.items.map((l) => [l.guId, l.qty]), code }),
      buyer: async (tx) => {
        const person = await findPerson(tx, tenant.tenantId, auth.sub);
        if (!person) throw forbidden();
        await requireSignedWaiver(tx, tenant, person.id, {
          field: 'items',
          message: FORM_MESSAGES.waiverBeforeCheckout,
        });
        return { id: person.id, name: `${person.name} ${person.lastName}`.trim(), isWalkin: false };
      },
      seller: null,
      sellable: publicSellable(tenant.tenantId),
      afterSale: (tx) => emptyCart(tx, tenant.tenantId, body.cartId),
    },
    now,
  );
  return orderOf(platform, tenant, invoiceId);
}
