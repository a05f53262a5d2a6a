/**
 * What Stripe's hosted pages say about a typed card, for the stand-ins' imitations of them: Stripe's
 * test numbers (4000000000000002 is declined), an expiry as MM / YY in the future, a 3-4 digit CVC.
 * Null when the card is taken.
 */
export function hostedCardError(form: URLSearchParams, accepted: readonly string[]): string | null {
  const number = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
  if (!/^\d+$/.test(number) || number.length < 16) return 'Your card number is incomplete.';
  if (number === '4000000000000002') return 'Your card was declined.';
  if (!accepted.includes(number)) return 'Your card number is invalid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.get('cardExpiry') ?? '');
  if (!expiry) return "Your card's expiration date is incomplete.";
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  const now = new Date();
  if (
    month < 1 ||
    month > 12 ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(form.get('cardCvc') ?? '')) return "Your card's security code is incomplete.";
  return null;
}
