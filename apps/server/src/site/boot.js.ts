/**
 * The only script a public website page loads (served at /site/boot.js): the phone-width menu
 * toggle, the cart's link when the visitor's cart holds something, and, for a signed-in visitor, the
 * web app, which then takes the page over (what only a signed-out visitor uses, marked data-signed-out,
 * is hidden meanwhile).
 */
export const SITE_BOOT_JS = `(function () {
  var script = document.currentScript;
  var toggle = document.querySelector('.site-menu__toggle');
  var menu = document.getElementById('site-menu');
  if (toggle && menu) {
    toggle.addEventListener('click', function () {
      var open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? 'Close site menu' : 'Open site menu');
      menu.setAttribute('data-open', String(open));
    });
  }
  // The cart's count, kept on this device by the shop (atrium.cartCount): a link to the checkout.
  var cart = document.querySelector('.site-toolbar__cart');
  var inCart = 0;
  try { inCart = Number(localStorage.getItem('atrium.cartCount') || 0); } catch (e) {}
  if (cart && inCart > 0 && Math.floor(inCart) === inCart) {
    cart.textContent = 'Cart (' + inCart + ')';
    cart.removeAttribute('hidden');
  }
  var signedIn = false;
  try { signedIn = localStorage.getItem('atrium.loginTrace') === 'true'; } catch (e) {}
  if (!signedIn || !script) return;
  // What only a signed-out visitor uses (an event's Register to the login): the app takes this page over.
  document.querySelectorAll('[data-signed-out]').forEach(function (el) { el.style.display = 'none'; });
  (script.getAttribute('data-app-styles') || '').split(' ').filter(Boolean).forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.appendChild(link);
  });
  var entry = script.getAttribute('data-app-entry');
  if (entry) {
    var app = document.createElement('script');
    app.type = 'module';
    app.src = entry;
    document.head.appendChild(app);
  }
})();
`;
