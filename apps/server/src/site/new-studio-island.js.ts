import { FRANCHISE_ORG_ID_PATTERN, STUDIO_SIGNUP_MESSAGES } from '@atrium/contracts';

/**
 * The new-studio sign-up's island (served at /site/new-studio.js, docs/decisions/website.md
 * "Visitors' pages on a phone"): the form the app's `NewStudioForm` was, with its texts: the web
 * address suggested from the business name until the owner types one, the field checks on Create my
 * studio (the same words; a reserved address is the server's 400, whose words and field are the
 * same, so the list of reserved names is not in the page), the proof-of-work human check, POST /public/studio/signup, a 400's field
 * error under its field (anything else as an alert), and then the new studio's own address.
 */
export const NEW_STUDIO_ISLAND_JS = `(function () {
  var M = ${JSON.stringify(STUDIO_SIGNUP_MESSAGES)};
  var PATTERN = ${FRANCHISE_ORG_ID_PATTERN.toString()};
  var EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$/;
  var form = document.getElementById('new-studio-form');
  if (!form) return;
  var domain = form.getAttribute('data-domain') || location.host;
  var names = ['businessName', 'orgId', 'firstName', 'lastName', 'email', 'password'];
  var fields = {};
  names.forEach(function (name) { fields[name] = form.elements.namedItem(name); });
  var failure = document.getElementById('new-studio-failure');
  var status = document.getElementById('new-studio-status');
  var button = form.querySelector('button[type=submit]');
  var site = document.getElementById('new-studio-orgId-site');
  var addressTouched = false;
  var busy = false;

  function suggest(name) {
    return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^[^a-z]+/, '')
      .replace(/-+$/, '').slice(0, 32).replace(/-+$/, '');
  }
  function showSite() { site.textContent = 'Your site will be at ' + (fields.orgId.value || 'your-studio') + '.' + domain; }
  function setError(name, message) {
    var input = fields[name];
    var error = document.getElementById('new-studio-' + name + '-error');
    var described = input.getAttribute('aria-describedby') || '';
    var ids = described.split(' ').filter(function (id) { return id && id !== error.id; });
    if (message) {
      error.textContent = message;
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      ids.push(error.id);
    } else {
      error.textContent = '';
      error.hidden = true;
      input.removeAttribute('aria-invalid');
    }
    if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
    else input.removeAttribute('aria-describedby');
  }
  function orgIdError(value) {
    if (!value) return M.orgId;
    if (value.length < 3 || value.length > 32) return M.orgIdLength;
    if (!PATTERN.test(value)) return M.orgIdPattern;
    return null;
  }
  function check(name, value) {
    if (name === 'businessName') return value.trim() ? null : M.businessName;
    if (name === 'orgId') return orgIdError(value.trim().toLowerCase());
    if (name === 'firstName') return value.trim() ? null : M.firstName;
    if (name === 'lastName') return value.trim() ? null : M.lastName;
    if (name === 'email') return EMAIL.test(value) ? null : M.emailInvalid;
    if (name === 'password') return !value ? M.password : value.length < 8 ? 'Password must be at least 8 characters' : null;
    return null;
  }
  function setStep(step) {
    busy = step !== 'idle';
    form.setAttribute('aria-busy', String(busy));
    button.disabled = busy;
    button.setAttribute('data-loading', String(busy));
    status.hidden = !busy;
    status.textContent = step === 'checking' ? 'Checking that you are human\\u2026'
      : step === 'creating' ? 'Creating your studio\\u2026' : step === 'opening' ? 'Opening your studio\\u2026' : '';
  }
  function showFailure(message) {
    failure.textContent = message || '';
    failure.hidden = !message;
  }

  names.forEach(function (name) {
    fields[name].addEventListener('input', function () {
      if (name === 'orgId') {
        addressTouched = true;
        var lower = fields.orgId.value.toLowerCase();
        if (lower !== fields.orgId.value) fields.orgId.value = lower;
      }
      if (name === 'businessName' && !addressTouched) {
        fields.orgId.value = suggest(fields.businessName.value);
        setError('orgId', null);
      }
      setError(name, null);
      showSite();
    });
  });
  showSite();

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }
  async function solve(challenge) {
    var encoder = new TextEncoder();
    for (var n = 0; n <= challenge.maxnumber; n += 1) {
      var digest = await crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n));
      if (hex(digest) === challenge.challenge) {
        return btoa(JSON.stringify(Object.assign({}, challenge, { number: n })));
      }
    }
    throw new Error('The human check could not be solved.');
  }
  async function call(url, init) {
    var response = await fetch(url, Object.assign({ credentials: 'same-origin' }, init));
    var body = null;
    try { body = await response.json(); } catch (e) {}
    if (!response.ok) {
      var errors = body && body.errors;
      var error = new Error(errors && typeof errors.message === 'string' ? errors.message : 'Request failed with status ' + response.status);
      error.field = errors && typeof errors.field === 'string' ? errors.field : undefined;
      throw error;
    }
    return body;
  }

  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (busy) return;
    var values = {};
    var first = null;
    names.forEach(function (name) {
      values[name] = fields[name].value;
      var message = check(name, values[name]);
      setError(name, message);
      if (message && !first) first = fields[name];
    });
    if (first) { first.focus(); return; }
    showFailure(null);
    try {
      setStep('checking');
      var rToken = await solve(await call('/public/studio/humanCheck', { headers: { accept: 'application/json' } }));
      setStep('creating');
      values.orgId = values.orgId.trim().toLowerCase();
      values.rToken = rToken;
      var created = await call('/public/studio/signup', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      setStep('opening');
      location.assign(created.url);
    } catch (error) {
      setStep('idle');
      if (error.field && names.indexOf(error.field) >= 0) {
        setError(error.field, error.message);
        fields[error.field].focus();
      } else showFailure(error instanceof Error ? error.message : String(error));
    }
  });
})();
`;
