import { assertCartLines, type CartLine } from './cart-lines.ts';
import { findCurrency } from './currencies.ts';
import { applyRate, assertMinor, MoneyError, percentToBasisPoints } from './money.ts';
import { evaluateOffer, type Offer, type OfferEvaluation } from './offers.ts';

/**
 * How the buyer pays (spec 1 §9 card methods credit_card and bank_account; spec 2 §3 purchase types
 * account and cash). Only a card pays the card fee, only a bank draft the bank fee.
 */
export const PAYMENT_METHODS = ['credit_card', 'bank_account', 'cash', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface TaxRate {
  /** 'Tax', or the additional tax's own label (taxLabel1). */
  label: string;
  basisPoints: number;
}

export interface CartTotalsOptions {
  /** The taxes every taxable line pays, each on the line's amount after its discount. */
  taxes: readonly TaxRate[];
  /** Card fee rate in basis points (Payment Settings cardFees). */
  cardFees: number;
  /** Bank draft fee rate in basis points (Payment Settings bankFees); 0 when absent. */
  bankFees?: number;
  currency: string;
  paymentMethod: PaymentMethod;
  /** The offer a code named (already looked up); evaluated here against these lines at `now`. */
  offer?: Offer;
  now?: Date;
}

export interface LineTotals {
  id: string;
  quantity: number;
  unitPrice: number;
  registrationFee: number;
  /** (unitPrice + registrationFee) x quantity. */
  amount: number;
  discount: number;
  /** amount - discount: what tax and fees are computed on. */
  net: number;
  tax: number;
  cardFee: number;
  /** net + tax + cardFee. */
  total: number;
}

export interface CartTotals {
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  /** One line per tax rate, summed over the lines (each line's tax is rounded on its own). */
  taxes: { label: string; basisPoints: number; amount: number }[];
  /** The processing fee the payment method carries (card fee, or bank fee for a bank draft). */
  cardFee: number;
  total: number;
  lines: LineTotals[];
  /** What the code did: null without a code; a rejection (with its alert) leaves the prices whole. */
  offer: OfferEvaluation | null;
}

/**
 * The one totals function (DESIGN.md "one tested totals function in contracts"). Everything is in
 * integer minor units. Per line: amount, minus the offer's discount (discount before tax), tax per
 * rate on what is left if the line is taxable, then the card fee on net + tax if the line passes
 * fees on and the buyer pays by card; each product of an amount and a rate is rounded half up on
 * its own line. Totals are the sums, so total == subtotal - discount + tax + cardFee exactly.
 */
export function cartTotals(lines: readonly CartLine[], options: CartTotalsOptions): CartTotals {
  const currency = findCurrency(options.currency)?.code;
  if (!currency) throw new MoneyError(`Unknown currency '${options.currency}'`);
  assertCartLines(lines);
  for (const rate of [...options.taxes.map((tax) => tax.basisPoints), options.cardFees, options.bankFees ?? 0]) {
    if (!Number.isSafeInteger(rate) || rate < 0) throw new MoneyError(`A rate must be whole basis points: ${rate}`);
  }

  let offer: OfferEvaluation | null = null;
  if (options.offer) {
    if (!options.now) throw new MoneyError('An offer needs the time it is checked at');
    offer = evaluateOffer(options.offer, lines, options.now);
  }
  const discounts = new Map(offer?.ok ? offer.lines.map((line) => [line.lineId, line.discount]) : []);
  const feeRate =
    options.paymentMethod === 'credit_card'
      ? options.cardFees
      : options.paymentMethod === 'bank_account'
        ? (options.bankFees ?? 0)
        : 0;

  const taxTotals = options.taxes.map((tax) => ({ label: tax.label, basisPoints: tax.basisPoints, amount: 0 }));
  const lineTotals = lines.map((line): LineTotals => {
    const registrationFee = line.registrationFee ?? 0;
    const amount = (line.unitPrice + registrationFee) * line.quantity;
    assertMinor(amount, 'A line amount');
    const discount = Math.min(discounts.get(line.id) ?? 0, amount);
    const net = amount - discount;
    let tax = 0;
    if (line.isTaxable) {
      options.taxes.forEach((rate, index) => {
        const part = applyRate(net, rate.basisPoints);
        taxTotals[index]!.amount += part;
        tax += part;
      });
    }
    const cardFee = line.isChargeCreditCardFees ? applyRate(net + tax, feeRate) : 0;
    return {
      id: line.id,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      registrationFee,
      amount,
      discount,
      net,
      tax,
      cardFee,
      total: net + tax + cardFee,
    };
  });

  const sum = (pick: (line: LineTotals) => number) => lineTotals.reduce((total, line) => total + pick(line), 0);
  const totals = {
    subtotal: sum((line) => line.amount),
    discount: sum((line) => line.discount),
    tax: sum((line) => line.tax),
    cardFee: sum((line) => line.cardFee),
    total: sum((line) => line.total),
  };
  for (const value of Object.values(totals)) assertMinor(value, 'A total');
  return { currency, ...totals, taxes: taxTotals, lines: lineTotals, offer };
}

/** The Payment Settings fields that price a cart (spec 2 §3), as the settings service reads them. */
export interface PricingSettings {
  currency: string;
  taxPercent: number;
  cardFees: number;
  bankFees?: number | null;
  taxLabel1?: string | null;
  taxValue1?: number | null;
}

/**
 * cartTotals' taxes and fee rates from Payment Settings: the tax percent ('Tax') and the additional
 * tax when it has a label and a value, each rounded half up to 2 decimals (spec 3 §9).
 */
export function pricingFromSettings(
  settings: PricingSettings,
): Pick<CartTotalsOptions, 'taxes' | 'cardFees' | 'bankFees' | 'currency'> {
  const rate = (value: number, what: string) => {
    const basisPoints = percentToBasisPoints(value);
    if (basisPoints === undefined || basisPoints < 0) throw new MoneyError(`${what} is not a percentage: ${value}`);
    return basisPoints;
  };
  const taxes: TaxRate[] = [{ label: 'Tax', basisPoints: rate(settings.taxPercent, 'Tax') }];
  if (settings.taxLabel1 && settings.taxValue1 !== null && settings.taxValue1 !== undefined) {
    taxes.push({ label: settings.taxLabel1, basisPoints: rate(settings.taxValue1, settings.taxLabel1) });
  }
  return {
    currency: settings.currency.toUpperCase(),
    taxes,
    cardFees: rate(settings.cardFees, 'Credit Card Fees'),
    bankFees: rate(settings.bankFees ?? 0, 'Bank Fees'),
  };
}
