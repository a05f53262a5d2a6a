/**
 * The island of the server-rendered /login and /register (served at /site/auth.js;
 * docs/decisions/website.md "Visitors' pages on a phone"). It does what the app's LoginPage and
 * RegisterPage did, in the same words:
 * - the field checks on submit ('Enter a valid email address', 'Password is required', 'First name
 *   is required'), each cleared as its field is typed in;
 * - login: POST /login; a failure clears the login trace and says the spec's 'error occured by
 *   during login' (too many attempts: the server's own words); a success hands the answer to the
 *   web app (window.atriumSignIn) and loads it: the app keeps the tokens and lands the person by the
 *   landing rules, a stored class pick included (web island-sign-in.ts, complete-sign-in.ts); the
 *   app's entry and styles are fetched (not run) as soon as the visitor starts on the form;
 * - a social sign-in coming back in the fragment (#token=... or #error=...) goes to the web app at
 *   once, which spends it and shows its dialogs;
 * - register: POST /public/user/registration with the class picked before registering; the
 *   answer's message, or a 400's message under the field it names.
 */
export const AUTH_ISLAND_JS = `(function () {
  var EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$/;
  var LOGIN_FAILED = 'error occured by during login';
  var boot = document.querySelector('script[data-app-entry]');
  // The studio's config, for the app when it starts here: out of #root, which the app replaces.
  var config = document.getElementById('tenant-config');
  if (config) document.head.appendChild(config);

  function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function store(key, value) { try { localStorage.setItem(key, value); } catch (e) {} }
  var appLoading = false;
  var appFetched = false;
  /** Fetches (not runs) the app's entry and styles once the visitor starts on the form, so a login lands sooner. */
  function prefetchApp() {
    if (appFetched || !boot || !boot.getAttribute('data-app-entry')) return;
    appFetched = true;
    var entry = document.createElement('link');
    entry.rel = 'modulepreload';
    entry.href = boot.getAttribute('data-app-entry');
    document.head.appendChild(entry);
    (boot.getAttribute('data-app-styles') || '').split(' ').filter(Boolean).forEach(function (href) {
      var style = document.createElement('link');
      style.rel = 'prefetch';
      style.href = href;
      document.head.appendChild(style);
    });
  }
  function loadApp() {
    if (appLoading || !boot) return;
    appLoading = true;
    (boot.getAttribute('data-app-styles') || '').split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = boot.getAttribute('data-app-entry');
    if (!entry) return;
    var app = document.createElement('script');
    app.type = 'module';
    app.src = entry;
    document.head.appendChild(app);
  }
  function setError(input, message) {
    var error = document.getElementById(input.id + '-error');
    var described = (input.getAttribute('aria-describedby') || '').split(' ').filter(function (id) {
      return id && id !== error.id;
    });
    error.textContent = message || '';
    error.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      described.push(error.id);
    } else input.removeAttribute('aria-invalid');
    if (described.length) input.setAttribute('aria-describedby', described.join(' '));
    else input.removeAttribute('aria-describedby');
  }
  function showAlert(element, title, message) {
    element.textContent = '';
    element.hidden = !message;
    if (!message) return;
    // Named by its title and described by its text, as the app's Alert (role alert, 'Login failed').
    var strong = document.createElement('strong');
    strong.id = element.id + '-title';
    strong.textContent = title;
    var text = document.createElement('p');
    text.id = element.id + '-text';
    text.textContent = message;
    element.setAttribute('aria-labelledby', strong.id);
    element.setAttribute('aria-describedby', text.id);
    element.appendChild(strong);
    element.appendChild(text);
  }
  /** Checks the fields in order; the first wrong one takes the focus. True when all are right. */
  function checkAll(checks) {
    var first = null;
    checks.forEach(function (check) {
      var message = check[1](check[0].value);
      setError(check[0], message);
      if (message && !first) first = check[0];
      check[0].addEventListener('input', function clear() {
        setError(check[0], null);
        check[0].removeEventListener('input', clear);
      });
    });
    if (first) first.focus();
    return !first;
  }
  function setBusy(form, busy) {
    var button = form.querySelector('button[type=submit]');
    form.setAttribute('aria-busy', String(busy));
    button.disabled = busy;
  }
  async function post(url, body) {
    var response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    var answer = null;
    try { answer = await response.json(); } catch (e) {}
    if (response.ok) return answer;
    var errors = (answer && answer.errors) || {};
    var error = new Error(typeof errors.message === 'string' ? errors.message : 'Request failed with status ' + response.status);
    error.status = response.status;
    error.field = typeof errors.field === 'string' ? errors.field : undefined;
    throw error;
  }
  var emailCheck = function (value) { return EMAIL.test(value) ? null : 'Enter a valid email address'; };

  var login = document.getElementById('login-form');
  if (login) {
    var status = document.getElementById('login-status');
    var failure = document.getElementById('login-failure');
    var email = login.elements.namedItem('email');
    var password = login.elements.namedItem('password');
    var toggle = login.querySelector('.auth-toggle');
    var returnUrl = new URLSearchParams(location.search).get('returnUrl');
    var signingIn = function () {
      setBusy(login, true);
      status.textContent = 'Signing you in\\u2026';
      status.hidden = false;
    };
    toggle.hidden = false;
    toggle.addEventListener('click', function () {
      var show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.textContent = show ? 'Hide' : 'Show';
      toggle.setAttribute('aria-pressed', String(show));
      toggle.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
    });
    var params = new URLSearchParams(location.hash.replace(/^#/, ''));
    // A social sign-in coming back, or signed in already (boot.js is loading the app): the app's.
    if (params.has('token') || params.has('error')) {
      signingIn();
      loadApp();
      return;
    }
    if (stored('atrium.loginTrace') === 'true') signingIn();
    login.addEventListener('focusin', prefetchApp);
    login.addEventListener('pointerdown', prefetchApp);
    login.addEventListener('submit', async function (event) {
      event.preventDefault();
      if (login.getAttribute('aria-busy') === 'true') return;
      var passwordCheck = function (value) { return value.trim() ? null : 'Password is required'; };
      if (!checkAll([[email, emailCheck], [password, passwordCheck]])) return;
      showAlert(failure, '', null);
      setBusy(login, true);
      try {
        var answer = await post('/login', {
          tid: login.getAttribute('data-org') || undefined,
          userId: email.value.trim(),
          password: password.value,
        });
        signingIn();
        window.atriumSignIn = { response: answer, returnUrl: returnUrl };
        loadApp();
      } catch (error) {
        store('atrium.loginTrace', 'false');
        showAlert(failure, 'Login failed', error.status === 429 ? error.message : LOGIN_FAILED);
        setBusy(login, false);
      }
    });
  }

  var register = document.getElementById('register-form');
  if (register) {
    var fields = { name: register.elements.namedItem('name'), lastName: register.elements.namedItem('lastName'), email: register.elements.namedItem('email') };
    var registerFailure = document.getElementById('register-failure');
    register.addEventListener('submit', async function (event) {
      event.preventDefault();
      if (register.getAttribute('aria-busy') === 'true') return;
      var nameCheck = function (value) { return value.trim() ? null : 'First name is required'; };
      if (!checkAll([[fields.name, nameCheck], [fields.email, emailCheck]])) return;
      showAlert(registerFailure, '', null);
      setBusy(register, true);
      var pendingEvent = null;
      try {
        var picked = JSON.parse(stored('atrium.pendingEvent') || 'null');
        if (picked && typeof picked.classId === 'string' && picked.classId && typeof picked.clsStartTime === 'string' && picked.clsStartTime) {
          pendingEvent = { classId: picked.classId, clsStartTime: picked.clsStartTime };
          if (typeof picked.scheduleId === 'string' && picked.scheduleId) pendingEvent.scheduleId = picked.scheduleId;
        }
      } catch (e) {}
      try {
        var sent = await post('/public/user/registration', {
          orgId: register.getAttribute('data-org'),
          name: fields.name.value.trim(),
          lastName: fields.lastName.value.trim(),
          email: fields.email.value.trim(),
          franchiseId: null,
          pendingEvent: pendingEvent,
        });
        document.getElementById('register-sent-message').textContent = sent.message;
        register.hidden = true;
        document.getElementById('register-sent').hidden = false;
      } catch (error) {
        setBusy(register, false);
        if (error.field && fields[error.field]) {
          setError(fields[error.field], error.message);
          fields[error.field].focus();
        } else showAlert(registerFailure, 'Registration failed', error.message);
      }
    });
  }
})();
`;
