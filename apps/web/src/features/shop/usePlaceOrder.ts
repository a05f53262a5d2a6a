import type { PublicCart, PublicCheckoutResult } from '@atrium/contracts';
import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { storeCartCount } from './cart-count';
import { linesOf } from './cart-lines';

/** What every order sends of the cart: its lines, its accepted code and its id. */
export function orderOf(cart: PublicCart) {
  return {
    items: linesOf(cart),
    offerCode: cart.offer?.valid ? cart.offer.offerCode : undefined,
    cartId: cart.cartId ?? undefined,
  };
}

/**
 * True when the server answered with a refusal (4xx): its transaction wrote nothing, so the next try
 * may be another order. A lost answer (no connection) or a server failure may hide a placed order:
 * the next try keeps the key, and the server answers that order again instead of placing a second.
 */
export const refusedByServer = (cause: unknown) => isApiError(cause) && cause.status >= 400 && cause.status < 500;

/**
 * Placing an order from the cart, for the visitor's checkout (with or without registration) and the
 * member's: one idempotency key per order (a double click or a retry places one order), and after a
 * refusal the cart is read again (stock or a code may have changed since it was priced) and the next
 * try gets a new key. After an order the emptied cart is read again.
 */
export function usePlaceOrder<Order extends PublicCheckoutResult = PublicCheckoutResult>(
  reloadCart: () => Promise<void>,
) {
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());

  /** `shownInPlace` takes a refusal the form shows beside a field; any other is `failure`. */
  const place = async (
    send: (idempotencyKey: string) => Promise<Order>,
    shownInPlace: (cause: unknown) => boolean = () => false,
  ) => {
    setPlacing(true);
    setFailure(null);
    try {
      setOrder(await send(idempotencyKey.current));
      // The server emptied the cart with the order: the top bar's count goes at once, not on the
      // next read of the cart (the visitor may leave this page before that read answers).
      storeCartCount(0);
      void reloadCart();
    } catch (cause) {
      if (!shownInPlace(cause)) {
        setFailure(isApiError(cause) ? cause.message : 'The order could not be placed. Please try again.');
      }
      await reloadCart();
      if (refusedByServer(cause)) idempotencyKey.current = crypto.randomUUID();
    } finally {
      setPlacing(false);
    }
  };

  return { placing, failure, order, place };
}
