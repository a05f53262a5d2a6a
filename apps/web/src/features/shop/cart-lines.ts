import { type PublicCart, QUANTITY_MAX, QUANTITY_MIN } from '@atrium/contracts';

/** What the browser sends for a cart: item ids and quantities (the server prices them). */
export interface WantedLine {
  guId: string;
  qty: number;
}

const clamp = (qty: number) => Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.round(qty)));

/** The lines of a priced cart, as the next request sends them. */
export const linesOf = (cart: PublicCart | null): WantedLine[] =>
  (cart?.lines ?? []).map((line) => ({ guId: line.guId, qty: line.qty }));

/** Adds `qty` of an item: a line already there grows, up to 9 (spec 3 §9). */
export function withItem(lines: readonly WantedLine[], guId: string, qty: number): WantedLine[] {
  const found = lines.some((line) => line.guId === guId);
  if (!found) return [...lines, { guId, qty: clamp(qty) }];
  return lines.map((line) => (line.guId === guId ? { guId, qty: clamp(line.qty + qty) } : line));
}

/** Sets a line's quantity (1 to 9). */
export function withQty(lines: readonly WantedLine[], guId: string, qty: number): WantedLine[] {
  return lines.map((line) => (line.guId === guId ? { guId, qty: clamp(qty) } : line));
}

export function withoutItem(lines: readonly WantedLine[], guId: string): WantedLine[] {
  return lines.filter((line) => line.guId !== guId);
}

/** How many units the cart holds (the count a cart link shows). */
export const unitsIn = (cart: PublicCart | null) => (cart?.lines ?? []).reduce((sum, line) => sum + line.qty, 0);

/** The quantity choices of a select: 1 to 9, or fewer when only that many are left. */
export function quantityChoices(stockLeft: number | null): string[] {
  const most = stockLeft === null ? QUANTITY_MAX : Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, stockLeft));
  return Array.from({ length: most }, (_, index) => String(index + 1));
}
