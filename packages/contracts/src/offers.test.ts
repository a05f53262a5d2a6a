import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-lines.ts';
import {
  evaluateOffer,
  findOffer,
  normalizeOfferCode,
  type Offer,
  type OfferEvaluation,
  offerApplies,
  offerUnusable,
  unknownOfferCode,
} from './offers.ts';

const NOW = new Date('2026-03-10T12:00:00Z');

const line = (patch: Partial<CartLine> & Pick<CartLine, 'id'>): CartLine => ({
  guId: `item-${patch.id}`,
  kind: 'product',
  categoryId: 'shirts',
  unitPrice: 2000,
  quantity: 1,
  isTaxable: true,
  isChargeCreditCardFees: true,
  ...patch,
});

const offer = (patch: Partial<Offer> = {}): Offer => ({
  offerCode: 'SPRING10',
  status: 'ACTIVE',
  offerType: 'flat',
  discountType: 'percentage',
  discount: 1000,
  itemType: 'item',
  appliesOn: 'item',
  ...patch,
});

const discounts = (result: OfferEvaluation) => {
  if (!result.ok) throw new Error(`rejected: ${result.alert}`);
  return Object.fromEntries(result.lines.map((entry) => [entry.lineId, entry.discount]));
};

describe('offer codes', () => {
  it('are lower-cased (and trimmed) before lookup (spec 3 §5)', () => {
    expect(normalizeOfferCode('  Spring10 ')).toBe('spring10');
    const offers = [offer({ offerCode: 'WINTER' }), offer({ offerCode: 'spring10' })];
    expect(findOffer(offers, 'SPRING10')?.offerCode).toBe('spring10');
    expect(findOffer(offers, 'sPrInG10 ')?.offerCode).toBe('spring10');
    expect(findOffer(offers, 'summer')).toBeUndefined();
    expect(unknownOfferCode(' SUMMER ')).toEqual({
      ok: false,
      code: 'summer',
      reason: 'unknown',
      alert: "Offer code 'summer' is invalid.",
    });
  });

  it('answers in the lower-cased code', () => {
    const result = evaluateOffer(offer({ offerCode: 'Spring10' }), [line({ id: 'a' })], NOW);
    expect(result).toMatchObject({ ok: true, code: 'spring10' });
  });
});

describe('when an offer can be used', () => {
  const cart = [line({ id: 'a' })];

  it('only while ACTIVE', () => {
    expect(evaluateOffer(offer({ status: 'DISABLED' }), cart, NOW)).toEqual({
      ok: false,
      code: 'spring10',
      reason: 'disabled',
      alert: "Offer code 'spring10' is invalid.",
    });
    expect(evaluateOffer(offer({ status: 'EXPIRED' }), cart, NOW)).toMatchObject({
      ok: false,
      reason: 'expired',
      alert: "Offer code 'spring10' has expired.",
    });
    expect(evaluateOffer(offer({ status: 'ACTIVE' }), cart, NOW).ok).toBe(true);
  });

  it('from its start (inclusive) to its end (exclusive)', () => {
    const startsAt = new Date('2026-03-10T12:00:00Z');
    const endsAt = new Date('2026-03-11T00:00:00Z');
    expect(evaluateOffer(offer({ startsAt, endsAt }), cart, NOW).ok).toBe(true);
    expect(evaluateOffer(offer({ startsAt, endsAt }), cart, new Date(startsAt.getTime() - 1))).toMatchObject({
      ok: false,
      reason: 'not-started',
      alert: "Offer code 'spring10' is not active yet.",
    });
    expect(evaluateOffer(offer({ startsAt, endsAt }), cart, new Date(endsAt.getTime() - 1)).ok).toBe(true);
    expect(evaluateOffer(offer({ startsAt, endsAt }), cart, endsAt)).toMatchObject({
      ok: false,
      reason: 'expired',
      alert: "Offer code 'spring10' has expired.",
    });
    expect(evaluateOffer(offer({ startsAt: null, endsAt: null }), cart, NOW).ok).toBe(true);
  });

  it('until its usage limit is reached', () => {
    expect(evaluateOffer(offer({ usageLimit: 5, timesUsed: 4 }), cart, NOW).ok).toBe(true);
    expect(evaluateOffer(offer({ usageLimit: 5, timesUsed: 5 }), cart, NOW)).toMatchObject({
      ok: false,
      reason: 'used-up',
      alert: "Offer code 'spring10' has reached its usage limit.",
    });
    expect(evaluateOffer(offer({ usageLimit: 0 }), cart, NOW)).toMatchObject({ reason: 'used-up' });
    expect(evaluateOffer(offer({ usageLimit: null, timesUsed: 1_000_000 }), cart, NOW).ok).toBe(true);
  });

  it('checks status before dates before usage before the cart', () => {
    const late = offer({ status: 'DISABLED', endsAt: new Date('2020-01-01'), usageLimit: 0 });
    expect(evaluateOffer(late, [], NOW)).toMatchObject({ reason: 'disabled' });
    expect(evaluateOffer({ ...late, status: 'ACTIVE' }, [], NOW)).toMatchObject({ reason: 'expired' });
    expect(evaluateOffer({ ...late, status: 'ACTIVE', endsAt: null }, [], NOW)).toMatchObject({ reason: 'used-up' });
    expect(evaluateOffer({ ...late, status: 'ACTIVE', endsAt: null, usageLimit: null }, [], NOW)).toMatchObject({
      reason: 'not-applicable',
      alert: 'Not a valid code for this item',
    });
  });
});

describe('which carts an offer applies to (spec 1 §5)', () => {
  const product = line({ id: 'p', kind: 'product', guId: 'tee' });
  const bundle = line({ id: 'b', kind: 'bundle', guId: 'kit' });
  const course = line({ id: 'c', kind: 'course', guId: 'yoga-101', categoryId: null });
  const klass = line({ id: 'k', kind: 'class', guId: 'flow', categoryId: null });
  const membership = line({ id: 'm', kind: 'membership', guId: 'gold', categoryId: null });
  const service = line({ id: 's', kind: 'service', guId: 'massage', categoryId: 'wellness' });

  it.each([
    ['item', [product], true],
    ['item', [course], true],
    ['course', [course], true],
    ['course', [klass], true],
    ['course', [membership], true],
    ['course', [service], true],
    ['course', [product, bundle], false],
    ['product', [product], true],
    ['product', [bundle], true],
    ['product', [course, membership], false],
  ] as const)('itemType item, appliesOn %s, cart %j', (appliesOn, cart, applies) => {
    expect(offerApplies({ itemType: 'item', appliesOn }, cart)).toBe(applies);
  });

  it('appliesOn missing means item: always', () => {
    expect(offerApplies({ itemType: 'item', appliesOn: null }, [product])).toBe(true);
  });

  it('itemType course or product applies only if the cart holds that item by guId', () => {
    expect(offerApplies({ itemType: 'course', courseGuId: 'yoga-101' }, [product, course])).toBe(true);
    expect(offerApplies({ itemType: 'course', courseGuId: 'yoga-202' }, [product, course])).toBe(false);
    expect(offerApplies({ itemType: 'product', courseGuId: 'tee' }, [product])).toBe(true);
    expect(offerApplies({ itemType: 'product', courseGuId: null }, [product])).toBe(false);
  });

  it('itemType course or product may name a category: every item in it is covered', () => {
    const tee = line({ id: 't', guId: 'tee', categoryId: 'shirts' });
    const mug = line({ id: 'm', guId: 'mug', categoryId: 'mugs' });
    expect(offerApplies({ itemType: 'product', courseGuId: 'shirts' }, [mug, tee])).toBe(true);
    expect(offerApplies({ itemType: 'product', courseGuId: 'shirts' }, [mug])).toBe(false);
    expect(discounts(evaluateOffer(offer({ itemType: 'product', courseGuId: 'shirts' }), [tee, mug], NOW))).toEqual({
      t: 200,
    });
  });

  it('offerUnusable checks status, dates and usage without a cart', () => {
    expect(offerUnusable(offer(), NOW)).toBeUndefined();
    expect(offerUnusable(offer({ status: 'DISABLED' }), NOW)).toMatchObject({ reason: 'disabled' });
    expect(offerUnusable(offer({ usageLimit: 2, timesUsed: 2 }), NOW)).toMatchObject({ reason: 'used-up' });
    expect(offerUnusable(offer({ startsAt: new Date('2026-03-11T00:00:00Z') }), NOW)).toMatchObject({
      reason: 'not-started',
    });
  });

  it('a code that does not apply says so with the spec text', () => {
    const result = evaluateOffer(offer({ appliesOn: 'product' }), [course], NOW);
    expect(result).toEqual({
      ok: false,
      code: 'spring10',
      reason: 'not-applicable',
      alert: 'Not a valid code for this item',
    });
  });

  it('a flat offer discounts only the lines it covers', () => {
    const cart = [product, course, bundle];
    expect(discounts(evaluateOffer(offer({ appliesOn: 'product' }), cart, NOW))).toEqual({ p: 200, b: 200 });
    expect(discounts(evaluateOffer(offer({ appliesOn: 'course' }), cart, NOW))).toEqual({ c: 200 });
    expect(discounts(evaluateOffer(offer({ appliesOn: 'item' }), cart, NOW))).toEqual({ p: 200, c: 200, b: 200 });
    expect(discounts(evaluateOffer(offer({ itemType: 'product', courseGuId: 'kit' }), cart, NOW))).toEqual({
      b: 200,
    });
  });

  it('a free line is not discounted and does not make a code fail', () => {
    const free = line({ id: 'f', unitPrice: 0 });
    expect(discounts(evaluateOffer(offer({ discountType: 'dollars', discount: 500 }), [free, product], NOW))).toEqual({
      p: 500,
    });
    expect(evaluateOffer(offer(), [free], NOW)).toMatchObject({ reason: 'not-applicable' });
  });
});

describe('flat discounts', () => {
  it('percentage: of each covered line, rounded half up once per line', () => {
    const cart = [line({ id: 'a', unitPrice: 1999, quantity: 3 }), line({ id: 'b', unitPrice: 5 })];
    // 12.5% of 59.97 = 7.49625 -> 7.50; of 0.05 = 0.00625 -> 0.01
    const result = evaluateOffer(offer({ discount: 1250 }), cart, NOW);
    expect(discounts(result)).toEqual({ a: 750, b: 1 });
    expect(result).toMatchObject({ ok: true, discount: 751 });
  });

  it('percentage 100: everything off', () => {
    const cart = [line({ id: 'a', unitPrice: 1999, quantity: 9 })];
    expect(discounts(evaluateOffer(offer({ discount: 10_000 }), cart, NOW))).toEqual({ a: 17_991 });
  });

  it('dollars: off each unit, in minor units', () => {
    const cart = [line({ id: 'a', unitPrice: 2000, quantity: 3 }), line({ id: 'b', unitPrice: 500 })];
    const result = evaluateOffer(offer({ discountType: 'dollars', discount: 500 }), cart, NOW);
    expect(discounts(result)).toEqual({ a: 1500, b: 500 });
    expect(result.ok && result.lines[0]).toMatchObject({ priceDiscount: 1500, discountedUnits: 3 });
  });

  it('dollars equal to the price is allowed (the line is free), greater is refused', () => {
    const cart = [line({ id: 'a', unitPrice: 500 })];
    expect(discounts(evaluateOffer(offer({ discountType: 'dollars', discount: 500 }), cart, NOW))).toEqual({ a: 500 });
    expect(evaluateOffer(offer({ discountType: 'dollars', discount: 501 }), cart, NOW)).toEqual({
      ok: false,
      code: 'spring10',
      reason: 'greater-than-amount',
      alert: "Offer code 'spring10' is invalid. Discount is greater than amount",
    });
  });

  it('refuses the whole code when it is greater than any covered price', () => {
    const cart = [line({ id: 'a', unitPrice: 5000 }), line({ id: 'b', unitPrice: 900 })];
    expect(evaluateOffer(offer({ discountType: 'dollars', discount: 1000 }), cart, NOW)).toMatchObject({
      reason: 'greater-than-amount',
    });
    // not when the cheap line is one the offer does not cover
    const covered = offer({ discountType: 'dollars', discount: 1000, itemType: 'product', courseGuId: 'item-a' });
    expect(discounts(evaluateOffer(covered, cart, NOW))).toEqual({ a: 1000 });
  });

  it('a percentage above 100 is greater than the amount', () => {
    expect(evaluateOffer(offer({ discount: 10_001 }), [line({ id: 'a' })], NOW)).toMatchObject({
      reason: 'greater-than-amount',
    });
  });

  it('in a zero-decimal currency the amounts are whole yen', () => {
    const cart = [line({ id: 'a', unitPrice: 1234, quantity: 1 })];
    // 15% of ¥1,234 = 185.1 -> 185
    expect(discounts(evaluateOffer(offer({ discount: 1500 }), cart, NOW))).toEqual({ a: 185 });
  });
});

describe('memberships: subscription price and registration fees (spec 3 §5)', () => {
  const gold = line({ id: 'm', kind: 'membership', unitPrice: 4000, registrationFee: 2500, categoryId: null });

  it('by default discounts the subscription price only', () => {
    const result = evaluateOffer(offer({ discount: 5000 }), [gold], NOW);
    expect(result.ok && result.lines).toEqual([
      { lineId: 'm', priceDiscount: 2000, registrationFeeDiscount: 0, discount: 2000, discountedUnits: 1 },
    ]);
  });

  it('can discount the registration fees, or both', () => {
    const feesOnly = offer({ discount: 5000, discountsSubscription: false, discountsRegistrationFees: true });
    expect(evaluateOffer(feesOnly, [gold], NOW)).toMatchObject({
      ok: true,
      lines: [{ priceDiscount: 0, registrationFeeDiscount: 1250, discount: 1250, discountedUnits: 0 }],
    });
    const both = offer({ discountType: 'dollars', discount: 1000, discountsRegistrationFees: true });
    expect(evaluateOffer(both, [gold], NOW)).toMatchObject({
      ok: true,
      lines: [{ priceDiscount: 1000, registrationFeeDiscount: 1000, discount: 2000 }],
    });
  });

  it('refuses a dollar discount greater than the subscription price', () => {
    expect(evaluateOffer(offer({ discountType: 'dollars', discount: 4001 }), [gold], NOW)).toMatchObject({
      reason: 'greater-than-amount',
      alert: "Offer code 'spring10' is invalid. Discount is greater than amount",
    });
  });

  it('refuses a dollar discount greater than the registration fees when it discounts them', () => {
    // 30.00 is below the 40.00 subscription but above the 25.00 registration fee
    const both = offer({ discountType: 'dollars', discount: 3000, discountsRegistrationFees: true });
    expect(evaluateOffer(both, [gold], NOW)).toMatchObject({ reason: 'greater-than-amount' });
    const subscriptionOnly = offer({ discountType: 'dollars', discount: 3000 });
    expect(evaluateOffer(subscriptionOnly, [gold], NOW).ok).toBe(true);
  });

  it('a fees-only code on a membership without fees is not valid for it', () => {
    const noFee = { ...gold, registrationFee: 0 };
    const feesOnly = offer({ discountsSubscription: false, discountsRegistrationFees: true });
    expect(evaluateOffer(feesOnly, [noFee], NOW)).toMatchObject({ reason: 'not-applicable' });
  });
});

describe('buyFirstAndGetOther', () => {
  const bogo = (patch: Partial<Offer> = {}) =>
    offer({
      offerType: 'buyFirstAndGetOther',
      discount: 10_000,
      primaryItem: { category: 'shirts', count: 1 },
      secondaryItem: { category: 'socks', count: 1 },
      ...patch,
    });

  it('buy one shirt, get one pair of socks free', () => {
    const cart = [line({ id: 'shirt' }), line({ id: 'socks', categoryId: 'socks', unitPrice: 800 })];
    expect(evaluateOffer(bogo(), cart, NOW)).toMatchObject({
      ok: true,
      discount: 800,
      lines: [{ lineId: 'socks', priceDiscount: 800, discountedUnits: 1 }],
    });
  });

  it('repeats for every full set, giving the cheapest units', () => {
    const cart = [
      line({ id: 'shirts', quantity: 2 }),
      line({ id: 'wool', categoryId: 'socks', unitPrice: 1200, quantity: 2 }),
      line({ id: 'cotton', categoryId: 'socks', unitPrice: 600, quantity: 1 }),
    ];
    // 2 shirts -> 2 socks given: the 6.00 pair and one 12.00 pair
    expect(discounts(evaluateOffer(bogo(), cart, NOW))).toEqual({ wool: 1200, cotton: 600 });
  });

  it('buy 2 get 1 at half price, counts respected', () => {
    const b2g1 = bogo({ discount: 5000, primaryItem: { category: 'shirts', count: 2 } });
    const socks = line({ id: 'socks', categoryId: 'socks', unitPrice: 1000, quantity: 3 });
    expect(evaluateOffer(b2g1, [line({ id: 'shirts', quantity: 1 }), socks], NOW)).toMatchObject({
      reason: 'not-applicable',
      alert: 'Not a valid code for this item',
    });
    expect(discounts(evaluateOffer(b2g1, [line({ id: 'shirts', quantity: 2 }), socks], NOW))).toEqual({ socks: 500 });
    expect(discounts(evaluateOffer(b2g1, [line({ id: 'shirts', quantity: 5 }), socks], NOW))).toEqual({
      socks: 1000,
    });
  });

  it('get 2 of the other: only whole sets count', () => {
    const get2 = bogo({ secondaryItem: { category: 'socks', count: 2 } });
    const oneSock = line({ id: 'socks', categoryId: 'socks', unitPrice: 1000, quantity: 1 });
    expect(evaluateOffer(get2, [line({ id: 'shirt' }), oneSock], NOW)).toMatchObject({ reason: 'not-applicable' });
    const threeSocks = { ...oneSock, quantity: 3 };
    expect(evaluateOffer(get2, [line({ id: 'shirt' }), threeSocks], NOW)).toMatchObject({
      ok: true,
      lines: [{ lineId: 'socks', discount: 2000, discountedUnits: 2 }],
    });
  });

  it('one category for both: buy 2 get 1 of the same shirts', () => {
    const same = bogo({
      primaryItem: { category: 'shirts', count: 2 },
      secondaryItem: { category: 'shirts', count: 1 },
    });
    const cart = [
      line({ id: 'big', unitPrice: 3000, quantity: 2 }),
      line({ id: 'small', unitPrice: 1500, quantity: 3 }),
    ];
    // 5 shirts -> one set of 3: the cheapest (15.00) is given
    expect(discounts(evaluateOffer(same, cart, NOW))).toEqual({ small: 1500 });
    expect(evaluateOffer(same, [line({ id: 'two', quantity: 2 })], NOW)).toMatchObject({ reason: 'not-applicable' });
    const six = [line({ id: 'six', unitPrice: 1000, quantity: 6 })];
    expect(evaluateOffer(same, six, NOW)).toMatchObject({ lines: [{ discount: 2000, discountedUnits: 2 }] });
  });

  it('dollars off the other item, refused when greater than its price', () => {
    const cart = [line({ id: 'shirt' }), line({ id: 'socks', categoryId: 'socks', unitPrice: 800 })];
    expect(discounts(evaluateOffer(bogo({ discountType: 'dollars', discount: 300 }), cart, NOW))).toEqual({
      socks: 300,
    });
    expect(evaluateOffer(bogo({ discountType: 'dollars', discount: 900 }), cart, NOW)).toMatchObject({
      reason: 'greater-than-amount',
      alert: "Offer code 'spring10' is invalid. Discount is greater than amount",
    });
  });

  it('is not a valid code for a registration (membership, class, course): spec 3 §5', () => {
    const membership = line({ id: 'm', kind: 'membership', categoryId: 'shirts' });
    const course = line({ id: 'c', kind: 'course', categoryId: 'socks' });
    expect(evaluateOffer(bogo(), [membership, course], NOW)).toEqual({
      ok: false,
      code: 'spring10',
      reason: 'not-applicable',
      alert: 'Not a valid code for this item',
    });
  });

  it('needs its primary and secondary items (a malformed offer is not valid)', () => {
    const cart = [line({ id: 'shirt' }), line({ id: 'socks', categoryId: 'socks' })];
    expect(evaluateOffer(bogo({ secondaryItem: null }), cart, NOW)).toMatchObject({ reason: 'not-applicable' });
    const zero = bogo({ primaryItem: { category: 'shirts', count: 0 } });
    expect(evaluateOffer(zero, cart, NOW)).toMatchObject({ reason: 'not-applicable' });
  });

  it('still follows spec 1 §5 applicability first', () => {
    const cart = [line({ id: 'shirt' }), line({ id: 'socks', categoryId: 'socks' })];
    expect(evaluateOffer(bogo({ itemType: 'course', courseGuId: 'yoga' }), cart, NOW)).toMatchObject({
      reason: 'not-applicable',
    });
    expect(evaluateOffer(bogo({ itemType: 'product', courseGuId: 'item-shirt' }), cart, NOW).ok).toBe(true);
  });
});
