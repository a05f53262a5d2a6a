import { describe, expect, it } from 'vitest';
import { cartCountOf } from './cart-count';

describe('cartCountOf', () => {
  it('counts items, not lines', () => {
    expect(cartCountOf([])).toBe(0);
    expect(cartCountOf([{ qty: 2 }, { qty: 1 }])).toBe(3);
  });
});
