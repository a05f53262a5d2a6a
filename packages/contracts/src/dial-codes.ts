/** Spec 1 §9: phone dial codes by currency and by timezone. */
const BY_CURRENCY: Record<string, string> = {
  usd: '+1',
  cad: '+1',
  inr: '+91',
  eur: '+33',
  gbp: '+44',
  aud: '+61',
  aed: '+971',
  jpy: '+81',
  cny: '+86',
  sgd: '+65',
  idr: '+62',
  myr: '+60',
  php: '+63',
};

export function dialCodeForCurrency(currency: string): string | undefined {
  return BY_CURRENCY[currency.toLowerCase()];
}

export function dialCodeForTimezone(timezone: string): string {
  if (timezone === 'Asia/Kolkata' || timezone === 'Asia/Calcutta') return '+91';
  return '+1';
}
