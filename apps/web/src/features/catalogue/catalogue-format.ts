/** A catalogue price as people read it: "$19.99", "¥1,500", in the item's currency. */
export function formatPrice(price: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(price);
  } catch {
    return `${price.toFixed(2)} ${currency}`;
  }
}

/** What the Stock column shows: the count, or "Not tracked". */
export function stockLabel(stock: number | null): string {
  if (stock === null) return 'Not tracked';
  return stock === 0 ? 'Out of stock' : `${stock} in stock`;
}

/** A price field's text to the wire's decimal amount, or null when it is not one. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return null;
  return Number(trimmed);
}
