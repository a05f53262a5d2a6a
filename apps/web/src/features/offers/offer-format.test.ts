import type { OfferView } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { appliesToLabel, datesLabel, discountLabel, usageLabel } from './offer-format';

const offer = (patch: Partial<OfferView>): OfferView =>
  ({
    offerType: 'flat',
    discountType: 'percentage',
    discount: 10,
    currency: 'USD',
    itemType: 'item',
    appliesOn: 'item',
    courseName: null,
    primaryItem: null,
    secondaryItem: null,
    startDate: null,
    endDate: null,
    timesUsed: 0,
    usageLimit: null,
    ...patch,
  }) as OfferView;

describe('offer labels', () => {
  it('say the discount, what it is for, its dates and its uses', () => {
    expect(discountLabel(offer({}))).toBe('10%');
    expect(discountLabel(offer({ discountType: 'dollars', discount: 5 }))).toBe('$5.00');
    expect(appliesToLabel(offer({}))).toBe('Everything');
    expect(appliesToLabel(offer({ itemType: 'product', courseName: 'Shirts' }))).toBe('Shirts');
    expect(
      appliesToLabel(
        offer({
          offerType: 'buyFirstAndGetOther',
          primaryItem: { category: 'a', count: 2, categoryName: 'Shirts' },
          secondaryItem: { category: 'b', count: 1, categoryName: 'Mugs' },
        }),
      ),
    ).toBe('Buy 2 from Shirts, get 1 from Mugs');
    expect(datesLabel(offer({ startDate: '2026-03-01', endDate: '2026-03-31' }))).toBe('Mar 1, 2026 – Mar 31, 2026');
    expect(datesLabel(offer({}))).toBe('Always');
    expect(usageLabel(offer({ timesUsed: 3, usageLimit: 100 }))).toBe('3 of 100');
    expect(usageLabel(offer({ timesUsed: 3 }))).toBe('3');
  });
});
