import { escapeHtml } from './http.ts';

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

/**
 * Stripe's hosted page for saving a card (a setup session), as the stand-ins draw it: the card is typed
 * here, never on the platform's pages. `name`, when given, asks for the name on the card too (kept
 * after a refusal, as Stripe's page does); `error` is the refusal of the last try.
 */
export function setupCardPage(
  session: { status: string; cancelUrl: string },
  error = '',
  name: string | null = null,
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Save a card</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1a1f36}main{max-width:420px;margin:auto}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #6b7280;border-radius:6px}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;background:#0a2540;color:#fff;border:0;border-radius:6px}
.error{color:#a4161a;margin-top:12px}.row{display:flex;gap:8px}.row>div{flex:1}a{color:#0a2540}</style></head>
<body><main><h1>Set up a card for future payments</h1>
${
  session.status !== 'open'
    ? '<p role="status">This Checkout Session is no longer active.</p>'
    : `<form method="post" aria-label="Card details">
${name === null ? '' : `<label for="cardName">Name on card</label><input id="cardName" name="cardName" autocomplete="cc-name" value="${escapeHtml(name)}" required>\n`}<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="cardExpiry">Expiration (MM / YY)</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" required></div>
<div><label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Save card</button></form>`
}
<p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>
</main></body></html>`;
}
