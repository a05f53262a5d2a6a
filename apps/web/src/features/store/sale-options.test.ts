import type { Bundle, Item } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { saleOptions } from './sale-options';

const item = (guId: string, name: string, stock: number | null, extra: Partial<Item> = {}) =>
  ({ guId, name, stock, kind: 'product', isArchived: false, ...extra }) as Item;
const bundle = (guId: string, name: string, available: number | null, extra: Partial<Bundle> = {}) =>
  ({ guId, name, available, isArchived: false, items: [], ...extra }) as Bundle;

describe('the sale screen’s item search', () => {
  it('offers products, services and bundles by name, with what can be sold', () => {
    const options = saleOptions(
      [
        item('i1', 'Yoga mat', 8),
        item('i2', 'Drop-in class', null, { kind: 'service' }),
        item('i3', 'Studio cap', 0),
        // bundles in the items' answer carry no availability: the bundles' own list is used
        item('b1', 'Starter kit', null, { kind: 'bundle' }),
      ],
      [bundle('b1', 'Starter kit', 3), bundle('b2', 'Gift set', 0), bundle('b3', 'Card pack', null)],
    );
    expect(options).toEqual([
      { value: 'b3', name: 'Card pack', label: 'Card pack (bundle)', disabled: false },
      { value: 'i2', name: 'Drop-in class', label: 'Drop-in class', disabled: false },
      { value: 'b2', name: 'Gift set', label: 'Gift set (bundle, out of stock)', disabled: true },
      { value: 'b1', name: 'Starter kit', label: 'Starter kit (bundle, 3 available)', disabled: false },
      { value: 'i3', name: 'Studio cap', label: 'Studio cap (out of stock)', disabled: true },
      { value: 'i1', name: 'Yoga mat', label: 'Yoga mat (8 in stock)', disabled: false },
    ]);
  });

  it('leaves out archived items and bundles', () => {
    expect(
      saleOptions([item('i1', 'Old tee', 3, { isArchived: true })], [bundle('b1', 'Old kit', 2, { isArchived: true })]),
    ).toEqual([]);
  });
});
