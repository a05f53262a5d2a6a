import { formatMoney, type InvoiceStatus, toMinorUnits } from '@atrium/contracts';

/** A major-unit amount from the API as the tenant reads it ('$1,234.56', '₹5.00'), exactly. */
export function money(major: number, currency: string): string {
  return formatMoney(toMinorUnits(major, currency, { allowNegative: true }), currency);
}

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  pending: 'yellow',
  partial: 'blue',
  failed: 'red',
  complete: 'teal',
  reminder: 'orange',
  void: 'gray',
  refunded: 'grape',
};

export function formatInvoiceDate(iso: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
  }
}
