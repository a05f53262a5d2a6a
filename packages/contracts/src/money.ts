import { currencyMinorDigits, findCurrency } from './currencies.ts';

/**
 * Money is counted in integer minor units of the tenant's currency (cents, paise, yen: DESIGN.md
 * "never floating point"). A rate (tax, card fee, percentage discount) is an integer number of basis
 * points, hundredths of a percent: 7.25% is 725, 100% is 10 000 (spec 3 §9: percentages are kept to
 * 2 decimals). Products of an amount and a rate are computed in BigInt and rounded once, half up.
 */
export const BASIS_POINTS_PER_WHOLE = 10_000;

export class MoneyError extends RangeError {
  override name = 'MoneyError';
}

export type MoneyParse = { ok: true; minor: number } | { ok: false; error: string };

export interface ParseMoneyOptions {
  /** Accept '-5.00' (a refund or a balance); off by default: a price is never negative. */
  allowNegative?: boolean;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount from the wire ('19.99' or 19.99) as exact minor units (1999). No float arithmetic:
 * a number is read through its shortest decimal spelling, which is what was typed. Refused: more
 * decimals than the currency has ('1.999' USD, '10.5' JPY, even '1.990' USD), exponents, blanks,
 * negatives unless allowed, and amounts past Number.MAX_SAFE_INTEGER minor units.
 */
export function parseMoney(value: string | number, currency: string, options: ParseMoneyOptions = {}): MoneyParse {
  const digits = findCurrency(currency)?.minorDigits;
  if (digits === undefined) return { ok: false, error: `Unknown currency '${currency}'` };
  if (typeof value === 'number' && !Number.isFinite(value)) return { ok: false, error: 'Amount must be a number' };
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, error: 'Amount must be a number' };
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) {
    return {
      ok: false,
      error: digits === 0 ? 'Amount cannot have decimals' : `Amount can have at most ${digits} decimals`,
    };
  }
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'Amount is too large' };
  if (sign && minor !== 0n && !options.allowNegative) return { ok: false, error: 'Amount cannot be negative' };
  return { ok: true, minor: sign && minor !== 0n ? -Number(minor) : Number(minor) };
}

/** parseMoney that throws a MoneyError: for values already validated at the edge. */
export function toMinorUnits(value: string | number, currency: string, options: ParseMoneyOptions = {}): number {
  const parsed = parseMoney(value, currency, options);
  if (!parsed.ok) throw new MoneyError(parsed.error);
  return parsed.minor;
}

/** Minor units as a plain decimal string for the wire: 1999 USD -> '19.99', 1500 JPY -> '1500'. */
export function formatDecimal(minor: number, currency: string): string {
  assertMinor(minor);
  const digits = currencyMinorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Minor units as a major-unit number (1999 -> 19.99) for a JSON field that the spec keeps numeric. */
export function toMajorNumber(minor: number, currency: string): number {
  return Number(formatDecimal(minor, currency));
}

export interface FormatMoneyOptions {
  /** The symbol to print; the currency's own by default (the ping's csymbol). */
  symbol?: string;
  /** Thousands separators (1,234.56); on by default. */
  grouping?: boolean;
}

/**
 * A price as people read it: '$1,234.56', '¥1,235', '-₹5.00', 'KWD 1.250'. A symbol that is a
 * letter code (AED, CHF) is followed by a space; other symbols stand right before the digits.
 */
export function formatMoney(minor: number, currency: string, options: FormatMoneyOptions = {}): string {
  const symbol = options.symbol ?? findCurrency(currency)?.symbol ?? currency.toUpperCase();
  const decimal = formatDecimal(Math.abs(minor), currency);
  const [whole = '0', fraction] = decimal.split('.');
  const grouped = options.grouping === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const spaced = /^[A-Z]{3}$/.test(symbol) ? `${symbol} ` : symbol;
  return `${minor < 0 ? '-' : ''}${spaced}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * numerator / denominator rounded half up (half away from zero for negatives): 0.5 -> 1, 2.5 -> 3,
 * -2.5 -> -3. The one rounding rule for money here (spec 3 §9 only says "rounded to 2 decimals").
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new MoneyError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** rate (basis points) of an amount (minor units), rounded half up: 7.25% of $10.10 is 73 cents. */
export function applyRate(amountMinor: number, basisPoints: number): number {
  assertMinor(amountMinor);
  if (!Number.isSafeInteger(basisPoints)) throw new MoneyError(`A rate must be whole basis points: ${basisPoints}`);
  return toSafeNumber(divideHalfUp(BigInt(amountMinor) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_WHOLE)));
}

/**
 * A percentage (tax, card fee, discount) as basis points, rounded half up to 2 decimals the exact way
 * (spec 3 §9): 2.345 -> 235, 1.005 -> 101 (Math.round(1.005 * 100) gives 100), '7.25' -> 725.
 * Undefined for anything that is not a finite plain decimal.
 */
export function percentToBasisPoints(value: number | string): number | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = typeof value === 'number' ? plainDecimal(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  // hundredths of a percent, with the third decimal and beyond deciding the rounding
  const scaled = BigInt(whole + fraction.padEnd(2, '0'));
  const scale = 10n ** BigInt(Math.max(fraction.length - 2, 0));
  const rounded = divideHalfUp(scaled, scale);
  return Number(sign ? -rounded : rounded);
}

/** A percentage rounded half up to 2 decimals, as a number again (2.345 -> 2.35, 1.005 -> 1.01). */
export function roundPercent(value: number): number {
  const basisPoints = percentToBasisPoints(value);
  if (basisPoints === undefined) throw new MoneyError(`Not a percentage: ${value}`);
  return basisPoints / 100;
}

/** Basis points back to a percentage number for the wire: 725 -> 7.25. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

export function isMinorAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function assertMinor(value: number, what = 'An amount'): void {
  if (!isMinorAmount(value)) throw new MoneyError(`${what} must be a whole number of minor units: ${value}`);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError('Amount is too large');
  }
  return Number(value);
}

/** A number's decimal spelling without an exponent (1e-7 -> '0.0000001'), for the exact readers above. */
function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}
