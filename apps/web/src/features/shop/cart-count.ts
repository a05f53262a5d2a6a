import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

// How many items the visitor's cart holds, for the public top bar. Kept on this device beside the
// cart's id and updated each time the server prices the cart, so the bar needs no request of its own.

const CHANGED = 'atrium:cart-count';

export function cartCountOf(lines: readonly { qty: number }[]): number {
  return lines.reduce((sum, line) => sum + line.qty, 0);
}

export function storeCartCount(count: number): void {
  writeStored(STORAGE_KEYS.cartCount, count > 0 ? String(count) : null);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

function read(): number {
  const n = Number(readStored(STORAGE_KEYS.cartCount) ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  // Another tab changed the cart.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, read, () => 0);
}
