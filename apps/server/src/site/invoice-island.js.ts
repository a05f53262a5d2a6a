import { CALL_JS, GO_TO_PROVIDER_JS } from './island-shared.js.ts';

/** How often, and how long, a payer back from the provider's page waits for its confirmation (the app's). */
export const CONFIRM_POLL_MS = 1_500;
export const CONFIRM_WAIT_MS = 60_000;

/**
 * The invoice page's island (served at /site/invoice.js, ~1.5 KB gzip), as the app's PublicInvoicePage
 * behaved: Pay starts the card payment of the open balance (POST /item/invoice/{id}/publicpayment) and
 * goes on to the provider's page, 'The payment could not be started' with the server's words otherwise;
 * a page asked to start paying (?payment=card) starts by itself, once, and leaves that out of the
 * address first so the provider's Back returns to the invoice. Back from paying (?payment=success)
 * with the balance still owed, the invoice is asked for every 1.5 s until the provider's confirmation
 * has landed, then the page is read again (the server draws it paid); after a minute the page says the
 * payment is still being confirmed and Pay comes back. A signed-in visitor's page is the app's (boot.js).
 */
export const INVOICE_ISLAND_JS = `(function () {
  var root = document.querySelector('[data-invoice]');
  if (!root) return;
  try { if (localStorage.getItem('atrium.loginTrace') === 'true') return; } catch (e) {}
  var id = encodeURIComponent(root.getAttribute('data-invoice'));
  var pay = root.querySelector('[data-inv-pay]');
  var failure = root.querySelector('[data-inv-error]');
  ${CALL_JS}
  ${GO_TO_PROVIDER_JS}
  async function start() {
    if (!pay || pay.disabled) return;
    pay.disabled = true;
    pay.setAttribute('aria-busy', 'true');
    failure.hidden = true;
    try {
      var to = await call('POST', '/item/invoice/' + id + '/publicpayment');
      if (!to.url) throw new Error('The payment could not be started. Please try again.');
      // Back from the provider's page returns to this invoice, not to a page that starts it again.
      var here = new URL(window.location.href);
      if (here.searchParams.has('payment')) {
        here.searchParams.delete('payment');
        window.history.replaceState(window.history.state, '', here.pathname + here.search + here.hash);
      }
      goToProvider(to);
    } catch (error) {
      failure.querySelector('[data-inv-error-text]').textContent = error.message;
      failure.hidden = false;
      pay.disabled = false;
      pay.removeAttribute('aria-busy');
    }
  }
  if (pay) pay.addEventListener('click', start);
  if (root.hasAttribute('data-asked')) start();
  if (root.hasAttribute('data-polling')) {
    var began = Date.now();
    var ask = async function () {
      if (Date.now() - began >= ${CONFIRM_WAIT_MS}) {
        root.querySelector('[data-inv-confirming]').hidden = true;
        root.querySelector('[data-inv-waited]').hidden = false;
        if (pay) pay.hidden = false;
        return;
      }
      try {
        var invoice = await call('GET', '/item/invoice/public/' + id);
        if (invoice.balance <= 0) { window.location.reload(); return; }
      } catch (e) {}
      setTimeout(ask, ${CONFIRM_POLL_MS});
    };
    setTimeout(ask, ${CONFIRM_POLL_MS});
  }
})();
`;
