import type { PublicCart } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { linesOf, quantityChoices, unitsIn, withItem, withoutItem, withQty } from './cart-lines';

describe('cart lines', () => {
  it('adds an item, and adding it again grows its line up to 9', () => {
    const one = withItem([], 'a', 2);
    expect(one).toEqual([{ guId: 'a', qty: 2 }]);
    expect(withItem(one, 'b', 1)).toEqual([
      { guId: 'a', qty: 2 },
      { guId: 'b', qty: 1 },
    ]);
    expect(withItem(one, 'a', 3)).toEqual([{ guId: 'a', qty: 5 }]);
    expect(withItem(one, 'a', 9)).toEqual([{ guId: 'a', qty: 9 }]);
  });

  it('keeps a quantity within 1 to 9, and removes a line', () => {
    const lines = [
      { guId: 'a', qty: 2 },
      { guId: 'b', qty: 1 },
    ];
    expect(withQty(lines, 'a', 12)).toEqual([
      { guId: 'a', qty: 9 },
      { guId: 'b', qty: 1 },
    ]);
    expect(withQty(lines, 'b', 0)[1]).toEqual({ guId: 'b', qty: 1 });
    expect(withoutItem(lines, 'a')).toEqual([{ guId: 'b', qty: 1 }]);
  });

  it('reads the lines and the units of a priced cart', () => {
    const cart = {
      lines: [
        { guId: 'a', qty: 2 },
        { guId: 'b', qty: 3 },
      ],
    } as PublicCart;
    expect(linesOf(cart)).toEqual([
      { guId: 'a', qty: 2 },
      { guId: 'b', qty: 3 },
    ]);
    expect(unitsIn(cart)).toBe(5);
    expect(unitsIn(null)).toBe(0);
  });

  it('offers 1 to 9, or only as many as are left', () => {
    expect(quantityChoices(null)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(quantityChoices(3)).toEqual(['1', '2', '3']);
    expect(quantityChoices(0)).toEqual(['1']);
  });
});
