import { describe, expect, it } from 'vitest';
import { type CartLine, CheckoutRequest, LINE_KINDS } from './cart-lines.ts';
import { type CartTotalsOptions, cartTotals, PAYMENT_METHODS, pricingFromSettings } from './cart-totals.ts';
import { MoneyError } from './money.ts';
import type { Offer } from './offers.ts';

const NOW = new Date('2026-03-10T12:00:00Z');

const line = (patch: Partial<CartLine> & Pick<CartLine, 'id'>): CartLine => ({
  guId: `item-${patch.id}`,
  kind: 'product',
  categoryId: 'shirts',
  unitPrice: 1000,
  quantity: 1,
  isTaxable: true,
  isChargeCreditCardFees: true,
  ...patch,
});

const options = (patch: Partial<CartTotalsOptions> = {}): CartTotalsOptions => ({
  taxes: [{ label: 'Tax', basisPoints: 1000 }],
  cardFees: 300,
  currency: 'USD',
  paymentMethod: 'credit_card',
  ...patch,
});

const offer = (patch: Partial<Offer> = {}): Offer => ({
  offerCode: 'SAVE',
  status: 'ACTIVE',
  offerType: 'flat',
  discountType: 'percentage',
  discount: 2000,
  itemType: 'item',
  appliesOn: 'item',
  ...patch,
});

describe('cartTotals', () => {
  it('adds up a plain cart: tax on taxable lines, card fee on net + tax', () => {
    const totals = cartTotals(
      [line({ id: 'a', unitPrice: 1999, quantity: 2 }), line({ id: 'b', unitPrice: 500, isTaxable: false })],
      options(),
    );
    // a: 39.98, tax 4.00 (3.998), fee 3% of 43.98 = 1.3194 -> 1.32; b: 5.00, no tax, fee 0.15
    expect(totals.lines).toEqual([
      {
        id: 'a',
        quantity: 2,
        unitPrice: 1999,
        registrationFee: 0,
        amount: 3998,
        discount: 0,
        net: 3998,
        tax: 400,
        cardFee: 132,
        total: 4530,
      },
      {
        id: 'b',
        quantity: 1,
        unitPrice: 500,
        registrationFee: 0,
        amount: 500,
        discount: 0,
        net: 500,
        tax: 0,
        cardFee: 15,
        total: 515,
      },
    ]);
    expect(totals).toMatchObject({ currency: 'USD', subtotal: 4498, discount: 0, tax: 400, cardFee: 147, total: 5045 });
    expect(totals.taxes).toEqual([{ label: 'Tax', basisPoints: 1000, amount: 400 }]);
    expect(totals.offer).toBeNull();
  });

  it('an empty cart is all zeros', () => {
    expect(cartTotals([], options())).toMatchObject({ subtotal: 0, discount: 0, tax: 0, cardFee: 0, total: 0 });
  });

  it('charges the card fee only when paying by card, the bank fee only by bank draft', () => {
    const cart = [line({ id: 'a', unitPrice: 10_000, isTaxable: false })];
    expect(cartTotals(cart, options({ paymentMethod: 'credit_card', bankFees: 80 })).cardFee).toBe(300);
    expect(cartTotals(cart, options({ paymentMethod: 'bank_account', bankFees: 80 })).cardFee).toBe(80);
    expect(cartTotals(cart, options({ paymentMethod: 'bank_account' })).cardFee).toBe(0);
    expect(cartTotals(cart, options({ paymentMethod: 'cash', bankFees: 80 })).cardFee).toBe(0);
    expect(cartTotals(cart, options({ paymentMethod: 'account', bankFees: 80 })).cardFee).toBe(0);
  });

  it('charges fees only on lines that pass them on', () => {
    const cart = [line({ id: 'a', isChargeCreditCardFees: false }), line({ id: 'b' })];
    const totals = cartTotals(cart, options({ taxes: [] }));
    expect(totals.lines.map((entry) => entry.cardFee)).toEqual([0, 30]);
  });

  it('takes the discount before tax and fees', () => {
    const totals = cartTotals([line({ id: 'a', unitPrice: 10_000 })], options({ offer: offer(), now: NOW }));
    // 100.00 - 20% = 80.00; tax 8.00; fee 3% of 88.00 = 2.64
    expect(totals).toMatchObject({ subtotal: 10_000, discount: 2000, tax: 800, cardFee: 264, total: 9064 });
    expect(totals.offer).toMatchObject({ ok: true, code: 'save', discount: 2000 });
  });

  it('a 100% discount makes the cart free: no tax, no fee', () => {
    const totals = cartTotals(
      [line({ id: 'a', unitPrice: 4999, quantity: 9 })],
      options({ offer: offer({ discount: 10_000 }), now: NOW }),
    );
    expect(totals).toMatchObject({ subtotal: 44_991, discount: 44_991, tax: 0, cardFee: 0, total: 0 });
  });

  it('a refused code leaves the prices whole and carries the alert', () => {
    const cart = [line({ id: 'a', unitPrice: 500 })];
    const totals = cartTotals(cart, options({ offer: offer({ discountType: 'dollars', discount: 600 }), now: NOW }));
    expect(totals).toMatchObject({ subtotal: 500, discount: 0 });
    expect(totals.offer).toEqual({
      ok: false,
      code: 'save',
      reason: 'greater-than-amount',
      alert: "Offer code 'save' is invalid. Discount is greater than amount",
    });
    const expired = cartTotals(cart, options({ offer: offer({ status: 'EXPIRED' }), now: NOW }));
    expect(expired).toMatchObject({ discount: 0, offer: { ok: false, reason: 'expired' } });
  });

  it('an offer needs the time it is checked at', () => {
    expect(() => cartTotals([line({ id: 'a' })], options({ offer: offer() }))).toThrow(MoneyError);
  });

  it('a membership pays its registration fee with the first cycle, and a code can discount both', () => {
    const gold = line({ id: 'm', kind: 'membership', unitPrice: 4000, registrationFee: 2500, categoryId: null });
    const code = offer({ discountType: 'dollars', discount: 1000, discountsRegistrationFees: true });
    const totals = cartTotals([gold], options({ taxes: [], cardFees: 0, offer: code, now: NOW }));
    expect(totals.lines[0]).toMatchObject({ registrationFee: 2500, amount: 6500, discount: 2000, net: 4500 });
    expect(totals.total).toBe(4500);
  });

  it('buy one get one in the totals', () => {
    const cart = [line({ id: 'shirt', unitPrice: 2000 }), line({ id: 'socks', unitPrice: 800, categoryId: 'socks' })];
    const bogo = offer({
      offerType: 'buyFirstAndGetOther',
      discount: 10_000,
      primaryItem: { category: 'shirts', count: 1 },
      secondaryItem: { category: 'socks', count: 1 },
    });
    const totals = cartTotals(cart, options({ taxes: [], cardFees: 0, offer: bogo, now: NOW }));
    expect(totals).toMatchObject({ subtotal: 2800, discount: 800, total: 2000 });
    expect(totals.lines.map((entry) => entry.discount)).toEqual([0, 800]);
  });

  it('two taxes, each rounded per line, listed by label', () => {
    const cart = [line({ id: 'a', unitPrice: 1005 }), line({ id: 'b', unitPrice: 1005 })];
    const totals = cartTotals(
      cart,
      options({
        taxes: [
          { label: 'Tax', basisPoints: 1800 },
          { label: 'Cess', basisPoints: 150 },
        ],
        paymentMethod: 'cash',
      }),
    );
    // per line: 18% of 10.05 = 1.809 -> 1.81; 1.5% = 0.15075 -> 0.15
    expect(totals.taxes).toEqual([
      { label: 'Tax', basisPoints: 1800, amount: 362 },
      { label: 'Cess', basisPoints: 150, amount: 30 },
    ]);
    expect(totals).toMatchObject({ tax: 392, total: 2402 });
  });

  it('rounds half up at the edge', () => {
    // 7.5% of 0.10 = 0.0075 -> 0.01; of 0.06 = 0.0045 -> 0.00
    const up = cartTotals([line({ id: 'a', unitPrice: 10 })], options({ taxes: [{ label: 'Tax', basisPoints: 750 }] }));
    expect(up.tax).toBe(1);
    const down = cartTotals(
      [line({ id: 'a', unitPrice: 6 })],
      options({ taxes: [{ label: 'Tax', basisPoints: 750 }] }),
    );
    expect(down.tax).toBe(0);
    // 2.5% of 0.20 = 0.005 exactly -> 0.01
    const half = cartTotals([line({ id: 'a', unitPrice: 20 })], options({ taxes: [], cardFees: 250 }));
    expect(half.cardFee).toBe(1);
  });

  it('works in whole yen and in fils', () => {
    const yen = cartTotals([line({ id: 'a', unitPrice: 1234, quantity: 3 })], options({ currency: 'jpy' }));
    // 3702; tax 370.2 -> 370; fee 3% of 4072 = 122.16 -> 122
    expect(yen).toMatchObject({ currency: 'JPY', subtotal: 3702, tax: 370, cardFee: 122, total: 4194 });
    const dinar = cartTotals([line({ id: 'a', unitPrice: 1250 })], options({ currency: 'KWD', cardFees: 0 }));
    expect(dinar).toMatchObject({ currency: 'KWD', subtotal: 1250, tax: 125, total: 1375 });
  });

  it.each([0, 10, 1.5, -1, Number.NaN])('refuses quantity %d (1 to 9 only)', (quantity) => {
    expect(() => cartTotals([line({ id: 'a', quantity })], options())).toThrow(MoneyError);
  });

  it('takes quantities 1 and 9', () => {
    expect(cartTotals([line({ id: 'a', quantity: 1 })], options()).subtotal).toBe(1000);
    expect(cartTotals([line({ id: 'a', quantity: 9 })], options()).subtotal).toBe(9000);
  });

  it('refuses lines and settings no catalogue could produce', () => {
    const bad: [CartLine[], Partial<CartTotalsOptions>][] = [
      [[line({ id: 'a', unitPrice: 19.99 })], {}],
      [[line({ id: 'a', unitPrice: -1 })], {}],
      [[line({ id: 'a', registrationFee: 100 })], {}],
      [[line({ id: 'a', kind: 'membership', registrationFee: -1 })], {}],
      [[line({ id: 'a', kind: 'gift' as CartLine['kind'] })], {}],
      [[line({ id: 'a' }), line({ id: 'a' })], {}],
      [[line({ id: 'a' })], { currency: 'XYZ' }],
      [[line({ id: 'a' })], { cardFees: 2.9 }],
      [[line({ id: 'a' })], { taxes: [{ label: 'Tax', basisPoints: -5 }] }],
    ];
    for (const [cart, patch] of bad) {
      expect(() => cartTotals(cart, options(patch)), JSON.stringify([cart, patch])).toThrow(MoneyError);
    }
  });
});

describe('pricing from Payment Settings', () => {
  it('rounds the rates to 2 decimals and adds the labelled tax', () => {
    expect(
      pricingFromSettings({
        currency: 'inr',
        taxPercent: 18,
        cardFees: 2.345,
        bankFees: 0.8,
        taxLabel1: 'Cess',
        taxValue1: 1.005,
      }),
    ).toEqual({
      currency: 'INR',
      taxes: [
        { label: 'Tax', basisPoints: 1800 },
        { label: 'Cess', basisPoints: 101 },
      ],
      cardFees: 235,
      bankFees: 80,
    });
    expect(
      pricingFromSettings({ currency: 'usd', taxPercent: 0, cardFees: 0, taxLabel1: '', taxValue1: null }),
    ).toEqual({
      currency: 'USD',
      taxes: [{ label: 'Tax', basisPoints: 0 }],
      cardFees: 0,
      bankFees: 0,
    });
  });
});

describe('the checkout request', () => {
  it('takes item ids, quantities 1 to 9 and a code', () => {
    expect(CheckoutRequest.parse({ items: [{ guId: 'tee', qty: 9 }], offerCode: ' SAVE ' })).toEqual({
      items: [{ guId: 'tee', qty: 9 }],
      offerCode: 'SAVE',
    });
    for (const qty of [0, 10, 1.5]) {
      const result = CheckoutRequest.safeParse({ items: [{ guId: 'tee', qty }] });
      expect(result.success, String(qty)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['items', 0, 'qty']);
    }
    expect(CheckoutRequest.safeParse({ items: [] }).error?.issues[0]?.message).toBe('The cart is empty');
  });
});

/** A small seeded generator, so a failing cart can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}

describe('random carts (property)', () => {
  it('total == subtotal - discount + tax + cardFee, per line too; never negative; integers only', () => {
    for (let seed = 1; seed <= 1500; seed += 1) {
      const { int, pick, next } = random(seed);
      const currency = pick(['USD', 'INR', 'JPY', 'KWD', 'EUR']);
      const lines: CartLine[] = Array.from({ length: int(0, 6) }, (_, index) => {
        const kind = pick(LINE_KINDS);
        return {
          id: `l${index}`,
          guId: `g${int(1, 4)}`,
          kind,
          categoryId: pick(['shirts', 'socks', null]),
          unitPrice: pick([0, 1, 5, 99, int(0, 1_000_000), int(0, 100)]),
          quantity: int(1, 9),
          isTaxable: next() < 0.7,
          isChargeCreditCardFees: next() < 0.5,
          registrationFee: kind === 'membership' ? pick([0, int(0, 50_000)]) : 0,
        };
      });
      const code: Offer | undefined =
        next() < 0.7
          ? {
              offerCode: 'RANDOM',
              status: pick(['ACTIVE', 'ACTIVE', 'DISABLED', 'EXPIRED'] as const),
              offerType: pick(['flat', 'buyFirstAndGetOther'] as const),
              discountType: pick(['percentage', 'dollars'] as const),
              discount: pick([0, 10_000, int(0, 10_000), int(0, 2000)]),
              itemType: pick(['item', 'course', 'product'] as const),
              appliesOn: pick(['item', 'course', 'product', null] as const),
              courseGuId: `g${int(1, 4)}`,
              primaryItem: { category: pick(['shirts', 'socks']), count: int(1, 3) },
              secondaryItem: { category: pick(['shirts', 'socks']), count: int(1, 3) },
              discountsSubscription: next() < 0.8,
              discountsRegistrationFees: next() < 0.5,
            }
          : undefined;
      const totals = cartTotals(lines, {
        taxes: Array.from({ length: int(0, 2) }, (_, index) => ({ label: `T${index}`, basisPoints: int(0, 3000) })),
        cardFees: int(0, 500),
        bankFees: int(0, 200),
        currency,
        paymentMethod: pick(PAYMENT_METHODS),
        offer: code,
        now: NOW,
      });
      const context = `seed ${seed}`;
      expect(totals.total, context).toBe(totals.subtotal - totals.discount + totals.tax + totals.cardFee);
      for (const value of [totals.subtotal, totals.discount, totals.tax, totals.cardFee, totals.total]) {
        expect(Number.isSafeInteger(value), context).toBe(true);
        expect(value, context).toBeGreaterThanOrEqual(0);
      }
      expect(totals.discount, context).toBeLessThanOrEqual(totals.subtotal);
      expect(
        totals.taxes.reduce((sum, tax) => sum + tax.amount, 0),
        context,
      ).toBe(totals.tax);
      for (const entry of totals.lines) {
        expect(entry.total, context).toBe(entry.amount - entry.discount + entry.tax + entry.cardFee);
        expect(entry.net, context).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(entry.total), context).toBe(true);
      }
      if (!totals.offer?.ok) expect(totals.discount, context).toBe(0);
      else expect(totals.discount, context).toBe(totals.offer.discount);
    }
  });
});
