import type { PublicCart } from '@atrium/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { shopApi } from './api';
import { cartCountOf, storeCartCount } from './cart-count';
import type { WantedLine } from './cart-lines';

export interface CartState {
  cart: PublicCart | null;
  /** True while a change is on its way to the server. */
  saving: boolean;
  /** A failure to read or save the cart, to show in place. */
  error: string | null;
  save: (lines: WantedLine[], offerCode?: string) => Promise<boolean>;
  /** Forget the priced cart after an order (the server emptied it). */
  reload: () => Promise<void>;
}

const failure = (error: unknown) =>
  isApiError(error) ? error.message : 'The cart could not be saved. Please try again.';

/**
 * The visitor's cart: kept by the server under an id this device stores, so it survives a reload and
 * a browser restart. Every answer is the cart priced by the server; only the newest answer is shown.
 */
export function useCart(): CartState {
  const [cart, setCart] = useState<PublicCart | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const adopt = useCallback((next: PublicCart, request: number) => {
    if (request !== latest.current) return;
    // An id the server no longer knows reads as an empty cart with no id: forget it.
    writeStored(STORAGE_KEYS.cartId, next.cartId);
    storeCartCount(cartCountOf(next.lines));
    setCart(next);
  }, []);

  const reload = useCallback(async () => {
    latest.current += 1;
    const request = latest.current;
    try {
      adopt(await shopApi.cart(readStored(STORAGE_KEYS.cartId)), request);
      setError(null);
    } catch (cause) {
      if (request === latest.current) setError(failure(cause));
    }
  }, [adopt]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const save = useCallback(
    async (lines: WantedLine[], offerCode?: string) => {
      latest.current += 1;
      const request = latest.current;
      setSaving(true);
      try {
        const code = offerCode ?? cart?.offer?.offerCode ?? '';
        adopt(
          await shopApi.saveCart(readStored(STORAGE_KEYS.cartId), { items: lines, offerCode: code || undefined }),
          request,
        );
        setError(null);
        return true;
      } catch (cause) {
        if (request === latest.current) setError(failure(cause));
        return false;
      } finally {
        if (request === latest.current) setSaving(false);
      }
    },
    [adopt, cart],
  );

  return { cart, saving, error, save, reload };
}
