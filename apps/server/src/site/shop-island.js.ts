import { CART_ID_HEADER, QUANTITY_MAX, QUANTITY_MIN } from '@atrium/contracts';
import { FORMAT_MINOR_JS } from './island-shared.js.ts';

/**
 * The shop page's island (served at /site/shop.js, ~2.5 KB gzip): the visitor's cart beside the
 * server-rendered catalogue, as the web app's CartView had it. The cart is kept by the server under
 * the id this device stores (atrium.cartId, the web app's key); every answer is the cart priced by the
 * server and only the newest answer is drawn. Add to cart, a line's quantity, Remove, an offer code
 * (Apply, Remove code), the server's notes, the totals, and Checkout: a link to the web app's
 * /checkout. The top bar's cart link follows the count (atrium.cartCount, as boot.js reads it).
 * A signed-in visitor's page is taken over by the web app (boot.js): the island then stays out.
 */
export const SHOP_ISLAND_JS = `(function () {
  var root = document.querySelector('[data-shop-cart]');
  if (!root) return;
  function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function store(key, value) { try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch (e) {} }
  if (stored('atrium.loginTrace') === 'true') return;
  var body = root.querySelector('.shop-cart__body');
  var symbol = root.getAttribute('data-symbol') || '';
  var digits = Number(root.getAttribute('data-digits') || 2);
  var cart = null, saving = false, error = null, latest = 0, focusKey = null;
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]; });
  }
  ${FORMAT_MINOR_JS}
  // The cart's amounts are major units.
  function money(major) {
    var minor = Math.round(Math.abs(major) * Math.pow(10, digits));
    return formatMinor(major < 0 ? -minor : minor, symbol, digits);
  }
  function clamp(qty) { return Math.min(${QUANTITY_MAX}, Math.max(${QUANTITY_MIN}, Math.round(qty))); }
  function linesOf() { return ((cart && cart.lines) || []).map(function (l) { return { guId: l.guId, qty: l.qty }; }); }
  function choices(stockLeft, value) {
    var most = stockLeft === null ? ${QUANTITY_MAX} : Math.max(${QUANTITY_MIN}, Math.min(${QUANTITY_MAX}, stockLeft));
    var html = '';
    for (var n = 1; n <= most; n++) html += '<option value="' + n + '"' + (n === value ? ' selected' : '') + '>' + n + '</option>';
    return html;
  }
  async function call(method, data) {
    var headers = { accept: 'application/json' };
    if (data) headers['content-type'] = 'application/json';
    var id = stored('atrium.cartId');
    if (id) headers['${CART_ID_HEADER}'] = id;
    var response = await fetch('/public/cart', { method: method, headers: headers, body: data ? JSON.stringify(data) : undefined, credentials: 'same-origin' });
    var answer = null;
    try { answer = await response.json(); } catch (e) {}
    if (!response.ok) throw new Error((answer && answer.errors && answer.errors.message) || 'The cart could not be saved. Please try again.');
    return answer;
  }
  function countLink(count) {
    var link = document.querySelector('.site-toolbar__cart');
    if (!link) return;
    link.textContent = 'Cart (' + count + ')';
    link.hidden = count === 0;
  }
  function adopt(next) {
    // An id the server no longer knows reads as an empty cart with no id: forget it.
    store('atrium.cartId', next.cartId);
    var count = next.lines.reduce(function (sum, l) { return sum + l.qty; }, 0);
    store('atrium.cartCount', count > 0 ? String(count) : null);
    countLink(count);
    cart = next;
  }
  function draw() {
    var code = body.querySelector('input[name=offerCode]');
    var typed = code ? code.value : null;
    var before = body.getAttribute('data-applied');
    var html = error ? '<div class="shop-alert shop-alert--error" role="alert"><p>' + esc(error) + '</p></div>' : '';
    if (cart === null) html += '<p class="shop-muted">Loading your cart…</p>';
    else {
      if (cart.notes.length) html += '<div class="shop-alert shop-alert--note" role="status"><p class="shop-alert__title">Your cart changed</p>' + cart.notes.map(function (n) { return '<p>' + esc(n) + '</p>'; }).join('') + '</div>';
      if (cart.lines.length === 0) html += '<p>Your cart is empty.</p>';
      else {
        var off = saving ? ' disabled' : '';
        html += '<ul class="shop-cart__lines">' + cart.lines.map(function (l) {
          return '<li><p class="shop-line__name">' + esc(l.name) + '</p><div class="shop-line__row"><select aria-label="Quantity of ' + esc(l.name) + '" data-qty="' + esc(l.guId) + '" data-key="q' + esc(l.guId) + '"' + off + '>' + choices(l.stockLeft, l.qty) + '</select><span>' + l.qty + ' × ' + esc(money(l.price)) + '</span><strong>' + esc(money(l.amount - l.discount)) + '</strong><button type="button" class="shop-remove" aria-label="Remove ' + esc(l.name) + '" data-remove="' + esc(l.guId) + '" data-key="r' + esc(l.guId) + '"' + off + '><span aria-hidden="true">×</span></button></div></li>';
        }).join('') + '</ul>';
        html += '<form class="shop-code" aria-label="Offer code"><label>Offer code<input name="offerCode" maxlength="50" autocomplete="off" data-key="code"></label><button type="submit" class="shop-button shop-button--plain" data-key="apply" disabled>Apply</button></form>';
        if (cart.offer) {
          var ok = cart.offer.valid;
          html += '<div class="shop-alert ' + (ok ? 'shop-alert--ok' : 'shop-alert--error') + '" role="' + (ok ? 'status' : 'alert') + '"><div class="shop-alert__row"><p>' + esc(ok ? "Code '" + cart.offer.offerCode + "' applied: " + money(cart.offer.discount) + ' off.' : cart.offer.alert || '') + '</p><button type="button" class="shop-button shop-button--link" data-uncode data-key="uncode"' + off + '>Remove code</button></div></div>';
        }
        var rows = [['Subtotal', cart.subtotal]];
        if (cart.discount > 0) rows.push(['Discount', -cart.discount]);
        cart.taxes.forEach(function (t) { if (t.amount > 0) rows.push([t.label, t.amount]); });
        if (cart.cardFee > 0) rows.push(['Card fee', cart.cardFee]);
        html += '<dl class="shop-totals">' + rows.map(function (r) { return '<div><dt>' + esc(r[0]) + '</dt><dd>' + esc(money(r[1])) + '</dd></div>'; }).join('') + '<div class="shop-totals__total"><dt>Total</dt><dd>' + esc(money(cart.total)) + '</dd></div></dl>';
        html += '<a class="shop-button" href="' + esc(root.getAttribute('data-checkout')) + '" data-key="checkout"' + (saving ? ' aria-disabled="true" aria-busy="true"' : '') + '>Checkout</a>';
      }
    }
    body.innerHTML = html;
    root.setAttribute('aria-busy', String(saving));
    var applied = cart && cart.offer ? cart.offer.offerCode : '';
    body.setAttribute('data-applied', applied);
    code = body.querySelector('input[name=offerCode]');
    if (code) {
      // What the visitor is typing stays; a code the server applied or dropped replaces it.
      code.value = typed !== null && before === applied ? typed : applied;
      sync();
    }
    if (focusKey) {
      var again = body.querySelector('[data-key="' + focusKey + '"]');
      if (again && !again.disabled) again.focus();
    }
  }
  function sync() {
    var code = body.querySelector('input[name=offerCode]');
    var apply = body.querySelector('[data-key=apply]');
    if (code && apply) apply.disabled = saving || !code.value.trim();
  }
  async function load() {
    var request = ++latest;
    try {
      var next = await call('GET');
      if (request !== latest) return;
      adopt(next);
      error = null;
    } catch (e) {
      if (request === latest) error = e.message;
    }
    if (request === latest) draw();
  }
  async function save(lines, offerCode) {
    var request = ++latest;
    var active = document.activeElement;
    focusKey = active && body.contains(active) ? active.getAttribute('data-key') : null;
    saving = true;
    root.setAttribute('aria-busy', 'true');
    body.querySelectorAll('select, button').forEach(function (el) { el.disabled = true; });
    var checkout = body.querySelector('[data-key=checkout]');
    if (checkout) checkout.setAttribute('aria-disabled', 'true');
    var code = offerCode !== undefined ? offerCode : (cart && cart.offer && cart.offer.offerCode) || '';
    var done = false;
    try {
      var next = await call('POST', { items: lines, offerCode: code || undefined });
      if (request === latest) { adopt(next); error = null; }
      done = true;
    } catch (e) {
      if (request === latest) error = e.message;
    }
    if (request === latest) { saving = false; draw(); focusKey = null; }
    return done;
  }
  var ready = load();
  document.querySelectorAll('[data-shop-add]').forEach(function (button) {
    button.addEventListener('click', async function () {
      if (button.getAttribute('aria-busy') === 'true') return;
      var card = button.closest('.shop-card');
      var select = card && card.querySelector('select');
      var qty = Number(select ? select.value : 1);
      var id = button.getAttribute('data-shop-add');
      button.setAttribute('aria-busy', 'true');
      await ready;
      if (cart === null) await load();
      var lines = linesOf();
      var found = lines.some(function (l) { return l.guId === id; });
      if (found) lines = lines.map(function (l) { return l.guId === id ? { guId: id, qty: clamp(l.qty + qty) } : l; });
      else lines.push({ guId: id, qty: clamp(qty) });
      await save(lines);
      button.removeAttribute('aria-busy');
    });
  });
  body.addEventListener('change', function (event) {
    var id = event.target.getAttribute && event.target.getAttribute('data-qty');
    if (!id) return;
    var qty = clamp(Number(event.target.value));
    save(linesOf().map(function (l) { return l.guId === id ? { guId: id, qty: qty } : l; }));
  });
  body.addEventListener('input', function (event) { if (event.target.name === 'offerCode') sync(); });
  body.addEventListener('click', function (event) {
    var target = event.target.closest && event.target.closest('button, a');
    if (!target) return;
    if (target.getAttribute('aria-disabled') === 'true') { event.preventDefault(); return; }
    var id = target.getAttribute('data-remove');
    if (id) save(linesOf().filter(function (l) { return l.guId !== id; }));
    else if (target.hasAttribute('data-uncode')) save(linesOf(), '');
  });
  body.addEventListener('submit', function (event) {
    event.preventDefault();
    var code = body.querySelector('input[name=offerCode]');
    if (code && code.value.trim() && !saving) save(linesOf(), code.value.trim());
  });
})();
`;
