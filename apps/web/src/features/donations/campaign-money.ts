import { formatMoney, toMinorUnits } from '@atrium/contracts';

/** Minor units as the currency prints them ($20.00). */
export const money = (minor: number, currency: string) => formatMoney(minor, currency);

/** What a person typed as an amount, in minor units; null when it is not one. */
export function minorOf(value: string | number, currency: string): number | null {
  if (value === '' || value === null) return null;
  try {
    return toMinorUnits(value, currency);
  } catch {
    return null;
  }
}

/** "20, 50, 100" as minor units; null when any part is not an amount. */
export function minorList(text: string, currency: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const amounts = parts.map((part) => minorOf(part, currency));
  return amounts.every((amount): amount is number => amount !== null) ? amounts : null;
}

/** How far toward the goal, 0 to 100 (no goal: null). */
export function progressOf(raised: number, goal: number | null): number | null {
  if (!goal) return null;
  return Math.min(100, Math.round((raised / goal) * 100));
}
