import { createHash, randomBytes } from 'node:crypto';
import {
  CART_NOTES,
  type CartUpdate,
  type DeskPaymentMethod,
  LOW_STOCK,
  normalizeOfferCode,
  type PublicCart,
  QUANTITY_MAX,
  takesCardPayments,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { findItemsByIds } from '../catalogue/items.repo.ts';
import { cartOf, invoiceMethod, priceCart, quoteOf, type SaleLine, type Sellable } from '../checkout/sale.service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { type CartRow, deleteCartsBefore, findCart, insertCart, updateCart } from './cart.repo.ts';
import { availabilityOf, sellsPublicly } from './shop-catalogue.service.ts';

// The visitor's cart (spec 3 §7.8 GET and POST /public/cart): kept on the server under a random id
// the browser holds, so it survives a reload and a browser restart on that device. Every answer
// prices it again from the catalogue with the checkout's own pricing; problems are values (spec 3 §8).

/** A cart nobody touched for this long is deleted. */
export const CART_DAYS = 60;
/** New carts one IP may open per window (the login window): a cart is a row, so it is limited. */
const CARTS_PER_IP = 60;

/** The public shop sells only what visitors can see. */
export const publicSellable =
  (tenantId: string): Sellable =>
  (tx, row) =>
    sellsPublicly(tx, tenantId, row);

/**
 * How an online order is paid, decided from the studio's provider and never from the browser: by card
 * on the provider's page when the studio takes cards (the card fee priced), else at the studio (the
 * invoice left open with no card fee, as the desk's "Leave open"; staff record the payment there).
 */
export const onlineMethod = (tenant: TenantContext): DeskPaymentMethod =>
  takesCardPayments(tenant.settings.paymentProvider) ? 'credit_card' : 'invoice';

const newCartId = () => randomBytes(32).toString('base64url');
const hashOf = (cartId: string) => createHash('sha256').update(`cart:v1:${cartId}`).digest('hex');

/** One line per item, in the order first added; quantities of one item add up to at most 9. */
export function mergeLines(lines: readonly SaleLine[]): SaleLine[] {
  const merged = new Map<string, SaleLine>();
  for (const line of lines) {
    const before = merged.get(line.guId);
    if (before) before.qty = Math.min(QUANTITY_MAX, before.qty + line.qty);
    else merged.set(line.guId, { guId: line.guId, qty: line.qty });
  }
  return [...merged.values()];
}

interface Tidied {
  lines: SaleLine[];
  notes: string[];
  /** Units left of each line's item when LOW_STOCK or fewer (else null). */
  stockLeft: Map<string, number | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Drops what can no longer be bought and lowers quantities to the stock, each with a note. */
async function tidy(tx: Tx, tenantId: string, wanted: SaleLine[]): Promise<Tidied> {
  const rows = new Map(
    (
      await findItemsByIds(
        tx,
        tenantId,
        wanted.map((line) => line.guId).filter((id) => UUID.test(id)),
      )
    ).map((row) => [row.id, row]),
  );
  const notes: string[] = [];
  const sellable: SaleLine[] = [];
  for (const line of wanted) {
    const row = rows.get(line.guId);
    if (!row) notes.push(CART_NOTES.unknown);
    else if (!(await sellsPublicly(tx, tenantId, row))) notes.push(CART_NOTES.unavailable(row.name));
    else sellable.push({ ...line });
  }
  const available = await availabilityOf(
    tx,
    tenantId,
    sellable.map((line) => rows.get(line.guId)).filter((row) => row !== undefined),
  );
  const lines: SaleLine[] = [];
  const stockLeft = new Map<string, number | null>();
  for (const line of sellable) {
    const name = rows.get(line.guId)?.name ?? '';
    const left = available.get(line.guId) ?? null;
    if (left === 0) {
      notes.push(CART_NOTES.soldOut(name));
      continue;
    }
    if (left !== null && line.qty > left) {
      notes.push(CART_NOTES.lowered(name, left));
      line.qty = left;
    }
    lines.push(line);
    stockLeft.set(line.guId, left !== null && left <= LOW_STOCK ? left : null);
  }
  return { lines, notes: [...new Set(notes)], stockLeft };
}

const sameLines = (a: SaleLine[], b: SaleLine[]) =>
  a.length === b.length && a.every((line, i) => line.guId === b[i]?.guId && line.qty === b[i]?.qty);

async function priced(
  tx: Tx,
  tenant: TenantContext,
  cartId: string | null,
  tidied: Tidied,
  code: string,
  now: Date,
): Promise<PublicCart> {
  const cart = await cartOf(tx, tenant.tenantId, tidied.lines, publicSellable(tenant.tenantId));
  const quote = quoteOf(await priceCart(tx, tenant, cart, code, invoiceMethod(onlineMethod(tenant)), now));
  return {
    cartId,
    currency: quote.currency,
    lines: quote.lines.map((line) => {
      const row = cart.rows.get(line.guId);
      return {
        guId: line.guId,
        name: line.name,
        kind: line.kind,
        imageUrl: row?.imageId ? `/media/${row.imageId}` : null,
        qty: line.qty,
        price: line.price,
        amount: line.amount,
        discount: line.discount,
        total: line.total,
        stockLeft: tidied.stockLeft.get(line.guId) ?? null,
      };
    }),
    notes: tidied.notes,
    offer: quote.offer,
    subtotal: quote.subtotal,
    discount: quote.discount,
    tax: quote.tax,
    taxes: quote.taxes,
    cardFee: quote.cardFee,
    total: quote.total,
  };
}

const empty = (tenant: TenantContext, tx: Tx, now: Date) =>
  priced(tx, tenant, null, { lines: [], notes: [], stockLeft: new Map() }, '', now);

/** Reads a stored cart, and stores it back tidied when something had to change (so a note shows once). */
async function openStored(tx: Tx, tenant: TenantContext, cartId: string, row: CartRow, now: Date) {
  const tidied = await tidy(tx, tenant.tenantId, row.lines);
  if (!sameLines(tidied.lines, row.lines))
    await updateCart(tx, tenant.tenantId, row.idHash, tidied.lines, row.offerCode);
  return priced(tx, tenant, cartId, tidied, row.offerCode, now);
}

/** GET /public/cart: the visitor's cart; an unknown id (or none) is an empty cart with no id. */
export function getCart(db: Db, tenant: TenantContext, cartId: string | undefined, now = new Date()) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    const row = cartId ? await findCart(tx, tenant.tenantId, hashOf(cartId)) : undefined;
    if (!cartId || !row) return empty(tenant, tx, now);
    return openStored(tx, tenant, cartId, row, now);
  });
}

/**
 * POST /public/cart: the cart as the visitor wants it now (lines and code replace the stored ones).
 * A visitor without a cart (or with an id the server does not know) gets a new one under an id the
 * server makes; an empty cart with no code is not stored.
 */
export async function saveCart(
  platform: Platform,
  tenant: TenantContext,
  cartId: string | undefined,
  body: z.output<typeof CartUpdate>,
  ip: string,
  now = new Date(),
): Promise<PublicCart> {
  const { tenantId } = tenant;
  const wanted = mergeLines(body.items);
  const code = body.offerCode ? normalizeOfferCode(body.offerCode) : '';
  const known =
    !!cartId && (await readTenant(platform.db, tenantId, (tx) => findCart(tx, tenantId, hashOf(cartId)))) !== undefined;
  const opensCart = !known && (wanted.length > 0 || code !== '');
  if (opensCart) {
    const limits = { perAccount: CARTS_PER_IP, perIp: CARTS_PER_IP };
    const wait = await platform.throttle.take(tenantId, 'cart_open', ip, ip, limits);
    if (wait > 0) throw tooManyRequests(`Too many carts opened. ${tryAgainIn(wait)}`);
  }
  return withTenant(platform.db, tenantId, async (tx) => {
    const tidied = await tidy(tx, tenantId, wanted);
    if (known && cartId) {
      await updateCart(tx, tenantId, hashOf(cartId), tidied.lines, code);
      return priced(tx, tenant, cartId, tidied, code, now);
    }
    if (!opensCart) return priced(tx, tenant, null, tidied, code, now);
    const id = newCartId();
    await insertCart(tx, tenantId, hashOf(id), tidied.lines, code);
    return priced(tx, tenant, id, tidied, code, now);
  });
}

/** Empties the visitor's cart in the sale's transaction (the order is placed). */
export async function emptyCart(tx: Tx, tenantId: string, cartId: string | undefined): Promise<void> {
  if (cartId) await updateCart(tx, tenantId, hashOf(cartId), [], '');
}

/** The daily clean-up of carts nobody touched for CART_DAYS, once across every process. */
export function scheduleCartPruning(jobs: JobRunner, db: Db): void {
  const queue = 'carts-prune';
  jobs.register(queue, async () => void (await deleteCartsBefore(db, new Date(Date.now() - CART_DAYS * 86_400_000))), {
    retryLimit: 1,
  });
  jobs.schedule(queue, '41 3 * * *');
}
