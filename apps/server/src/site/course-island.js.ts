import { COURSE_REGISTRANT_KEY } from '@atrium/contracts';

/**
 * The course pages' island (served at /site/course.js, ~2 KB gzip): Buy puts the course in the visitor's
 * cart (the shop's cart, kept by the server under the id this device stores) and opens the checkout;
 * the enrol form sends the demo-course registration (spec 3 §2.3) and shows its answer in place; the
 * preview video's Play asks for signed links and only then loads hls.js (Safari plays HLS itself)
 * into the page's native <video>. Everything else on the page is HTML from the server. The enrol form
 * is prefilled with who registered on a form tied to the course in this tab (COURSE_REGISTRANT_KEY).
 */
export const COURSE_ISLAND_JS = `(function () {
  function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function store(key, value) { try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch (e) {} }
  function say(el, text, isError) {
    if (!el) return;
    el.textContent = text;
    el.className = isError ? 'course-note course-note--error' : 'course-note course-note--ok';
    el.hidden = false;
  }
  async function call(method, url, body, cartId) {
    var headers = { accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    if (cartId) headers['x-cart-id'] = cartId;
    var response = await fetch(url, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: 'same-origin' });
    var data = null;
    try { data = await response.json(); } catch (e) {}
    if (!response.ok) throw new Error((data && data.errors && data.errors.message) || 'Something went wrong. Please try again.');
    return data;
  }
  var buy = document.querySelector('[data-course-buy]');
  if (buy) {
    buy.addEventListener('click', async function () {
      var note = document.getElementById('course-buy-note');
      var item = buy.getAttribute('data-item');
      buy.disabled = true;
      buy.setAttribute('aria-busy', 'true');
      try {
        var cart = await call('GET', '/public/cart', null, stored('atrium.cartId'));
        var lines = (cart.lines || []).map(function (line) { return { guId: line.guId, qty: line.qty }; });
        if (!lines.some(function (line) { return line.guId === item; })) lines.push({ guId: item, qty: 1 });
        var body = { items: lines };
        var code = document.getElementById('course-offer-code');
        var typed = code && code.value.trim();
        if (typed) body.offerCode = typed;
        else if (cart.offer && cart.offer.offerCode) body.offerCode = cart.offer.offerCode;
        var saved = await call('POST', '/public/cart', body, cart.cartId);
        if (typed && saved.offer && !saved.offer.valid) {
          say(note, saved.offer.alert || 'This offer code cannot be used.', true);
          buy.disabled = false;
          buy.removeAttribute('aria-busy');
          code.focus();
          return;
        }
        store('atrium.cartId', saved.cartId);
        var count = (saved.lines || []).reduce(function (sum, line) { return sum + line.qty; }, 0);
        store('atrium.cartCount', count > 0 ? String(count) : null);
        window.location.assign('/checkout');
      } catch (error) {
        say(note, error.message, true);
        buy.disabled = false;
        buy.removeAttribute('aria-busy');
      }
    });
  }
  var box = document.querySelector('[data-course-video]');
  if (box) {
    var play = box.querySelector('button');
    var video = box.querySelector('video');
    var master = '';
    // The links are short-lived: fresh ones a minute before they expire, put into every later request.
    async function links() {
      var d = await call('GET', '/rest/video/' + box.getAttribute('data-course-video') + '/playback');
      master = d.masterUrl;
      setTimeout(function () { links().catch(function () {}); }, Math.max(10000, new Date(d.expiresAt).getTime() - Date.now() - 60000));
      return d;
    }
    function fresh(url) { return url.replace(/[/]video-media[/][^/]+[/][^/]+[/][^/]+[/]/, master.slice(0, master.lastIndexOf('/') + 1)); }
    function script(src) {
      return new Promise(function (done, fail) {
        var tag = document.createElement('script');
        tag.src = src;
        tag.onload = done;
        tag.onerror = function () { fail(new Error('The video could not load. Please try again.')); };
        document.head.appendChild(tag);
      });
    }
    play.addEventListener('click', async function () {
      play.disabled = true;
      play.setAttribute('aria-busy', 'true');
      try {
        var d = await links();
        d.captions.forEach(function (c) {
          var track = document.createElement('track');
          track.kind = 'captions'; track.src = c.url; track.srclang = c.language; track.label = c.label; track.default = c.isDefault;
          video.appendChild(track);
        });
        if (video.canPlayType('application/vnd.apple.mpegurl') && !window.MediaSource) video.src = master;
        else {
          if (!window.Hls) await script(box.getAttribute('data-hls'));
          if (!window.Hls.isSupported()) throw new Error('This browser cannot play the video.');
          var hls = new window.Hls({ enableWorker: false, xhrSetup: function (xhr, url) { xhr.open('GET', fresh(url), true); } });
          hls.loadSource(master);
          hls.attachMedia(video);
        }
        video.controls = true;
        play.remove();
        video.focus();
        video.play().catch(function () {});
      } catch (error) {
        say(document.getElementById('course-video-note'), error.message, true);
        play.disabled = false;
        play.removeAttribute('aria-busy');
      }
    });
  }
  var kept = {};
  try { kept = JSON.parse(sessionStorage.getItem('${COURSE_REGISTRANT_KEY}')) || {}; } catch (e) {}
  document.querySelectorAll('form[data-course-enrol]').forEach(function (form) {
    ['fullName', 'email', 'phone'].forEach(function (key) {
      var input = form.elements.namedItem(key);
      if (input && !input.value && typeof kept[key] === 'string') input.value = kept[key];
    });
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      var note = form.querySelector('.course-note');
      var name = form.elements.namedItem('fullName');
      var email = form.elements.namedItem('email');
      var phone = form.elements.namedItem('phone');
      if (!name.value.trim()) { say(note, 'First name and Last name required!', true); name.focus(); return; }
      if (!/^\\S+@\\S+\\.\\S+$/.test(email.value.trim())) { say(note, 'Email is required!', true); email.focus(); return; }
      var demo = form.getAttribute('data-demo') === 'true';
      var submit = form.querySelector('button[type=submit]');
      submit.disabled = true;
      try {
        var result = await call('POST', '/public/course/register', {
          categoryGuId: form.getAttribute('data-course'),
          user: { fullName: name.value.trim(), email: email.value.trim(), phone: phone.value.trim() },
          isFreeClass: !demo,
          isDemo: demo
        });
        if (result.status === 'purchase') { say(note, result.message, true); submit.disabled = false; return; }
        var done = document.createElement('div');
        done.className = 'course-done';
        done.setAttribute('role', 'status');
        done.setAttribute('tabindex', '-1');
        var title = document.createElement('p');
        title.className = 'course-done__title';
        title.textContent = result.message;
        var toast = document.createElement('p');
        toast.textContent = (result.toast ? result.toast + '. ' : '') + form.getAttribute('data-details');
        done.appendChild(title);
        done.appendChild(toast);
        form.replaceWith(done);
        done.focus();
      } catch (error) {
        say(note, error.message, true);
        submit.disabled = false;
      }
    });
  });
})();
`;
