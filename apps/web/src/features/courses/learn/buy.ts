import type { PublicCart } from '@atrium/contracts';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { shopApi } from '../../shop/api';
import { cartCountOf, storeCartCount } from '../../shop/cart-count';
import { linesOf, type WantedLine } from '../../shop/cart-lines';

/** A course goes in the cart once: adding it again leaves the cart as it is (nobody buys a course twice). */
export function withCourse(lines: readonly WantedLine[], itemId: string): WantedLine[] {
  return lines.some((line) => line.guId === itemId) ? [...lines] : [...lines, { guId: itemId, qty: 1 }];
}

/**
 * Puts a paid course in this device's cart (the shop's cart: the server prices it, an offer code
 * with courseType/courseGuId applies at the checkout) and answers the cart as priced.
 */
export async function addCourseToCart(itemId: string): Promise<PublicCart> {
  const current = await shopApi.cart(readStored(STORAGE_KEYS.cartId));
  const saved = await shopApi.saveCart(current.cartId, {
    items: withCourse(linesOf(current), itemId),
    ...(current.offer?.offerCode ? { offerCode: current.offer.offerCode } : {}),
  });
  writeStored(STORAGE_KEYS.cartId, saved.cartId);
  storeCartCount(cartCountOf(saved.lines));
  return saved;
}
