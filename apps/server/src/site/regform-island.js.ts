import { CALL_JS } from './island-shared.js.ts';

/**
 * The registration form's island (served at /site/regform.js), as the app's PublicFormPage behaved:
 * - the checks of spec 3 §5 in the app's words on submit (names, email, mandatory fields, the textarea's
 *   maximum, a guardian's block, the signature), each under its field, an edited field's message cleared,
 *   the first wrong field focused;
 * - a birth date that makes a minor (on the studio's date) opens Guardians' Info, asks for one guardian
 *   and turns the signature into the guardian's, said in words ('Signed by …, guardian, for …');
 * - the dropdowns as select-only comboboxes (WAI-ARIA APG: Enter, Space, arrows, Home, End, Escape);
 * - the signature drawn with a pointer (a PNG) or typed, and Clear Signature;
 * - the human check solved (SHA-256, as formsApi's solveHumanCheck), the submission to
 *   /cform/regform/public, and its thank-you: 'Successfully registered', the signed document's download
 *   (or its progress and Refresh), a waiver's 'Please confirm from your email', a course enrolled, or a
 *   paid course's page with the registrant kept in this tab for it.
 * A 400 naming a field shows under it; any other failure above Submit. A signed-in visitor's page is
 * the app's (boot.js): the island stays out.
 */
export const REGFORM_ISLAND_JS = `(function () {
  var form = document.querySelector('form[data-regform]');
  var dataEl = document.getElementById('regform-data');
  if (!form || !dataEl) return;
  try { if (localStorage.getItem('atrium.loginTrace') === 'true') return; } catch (e) {}
  var data = JSON.parse(dataEl.textContent);
  var t = data.texts;
  var emailPattern = new RegExp(data.emailPattern);
  var submit = form.querySelector('button[type=submit]');
  var failure = form.querySelector('[data-reg-failure]');
  var done = document.querySelector('[data-reg-done]');
  var guardians = form.querySelector('[data-reg-guardians]');
  var minorNote = form.querySelector('[data-reg-minor]');
  var busy = false;
  var drawn = '';
  submit.disabled = false;
  ${CALL_JS}
  function el(name) { return form.elements.namedItem(name); }
  function value(name) {
    var x = el(name);
    if (!x) return '';
    if (x.type === 'checkbox') return x.checked ? 'true' : 'false';
    return x.value || '';
  }
  function today() {
    var parts = {};
    new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date()).forEach(function (p) { parts[p.type] = p.value; });
    return parts.year + '-' + parts.month + '-' + parts.day;
  }
  // contracts' isMinorOn: a real birth date, not after today, fewer whole years than the age of majority
  function minorUnder() {
    if (!data.isShowBirthdate) return null;
    var born = value('dateOfBirth');
    if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(born)) return null;
    var d = new Date(born + 'T00:00:00Z');
    if (isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== born) return null;
    var day = today();
    if (born > day) return null;
    var years = Number(day.slice(0, 4)) - Number(born.slice(0, 4));
    if (day.slice(5) < born.slice(5)) years -= 1;
    return years < data.ageOfMajority ? data.ageOfMajority : null;
  }
  function personName() {
    return (value('firstName').trim() + ' ' + value('lastName').trim()).trim() || 'the person registering';
  }
  function signingGuardian() { return value('motherName').trim() || value('fatherName').trim(); }
  function syncMinor() {
    var age = minorUnder();
    if (guardians) guardians.hidden = !(data.isShowGuardian || age !== null);
    if (minorNote) {
      minorNote.hidden = age === null;
      minorNote.textContent = age === null ? '' : personName() + ' is under ' + age + ': add a guardian with their name, email and phone. The guardian signs for them.';
    }
    ['Name', 'Email', 'Phone'].forEach(function (part) {
      var x = el('mother' + part);
      if (!x) return;
      if (age !== null && !value('fatherName')) x.setAttribute('aria-required', 'true'); else x.removeAttribute('aria-required');
    });
    var sign = form.querySelector('[data-reg-sign]');
    if (!sign) return;
    var forMinor = age !== null;
    sign.querySelector('[data-reg-sign-label]').textContent = forMinor ? "Guardian's signature" : 'Signature';
    var signedFor = sign.querySelector('[data-reg-signed-for]');
    signedFor.hidden = !forMinor;
    signedFor.textContent = forMinor ? 'Signed by ' + (signingGuardian() || 'The guardian') + ', guardian, for ' + personName() + '.' : '';
    sign.querySelector('[data-reg-sign-help]').textContent = forMinor
      ? 'The guardian signs in the box, or types their full name below.'
      : 'Sign in the box, or type your full name below.';
    sign.querySelector('[data-reg-typed-label]').textContent = forMinor
      ? "Or type the guardian's full name as their signature"
      : 'Or type your full name as your signature';
  }

  // Problems by key: an identity key, 'f:{guId}' for a field's answer, or 'sign'.
  function answerMessage(field, v) {
    v = v.trim();
    if (field.type === 'header') return null;
    if (!v || (field.type === 'checkbox' && v !== 'true')) return field.isMandatory ? field.name + ' is required' : null;
    if (field.type === 'email' && !emailPattern.test(v)) return field.name + ' must be a valid email address';
    if (field.type === 'textarea' && v.length > data.textareaMax) return field.name + ' must be at most ' + data.textareaMax + ' characters';
    return null;
  }
  function problems() {
    var found = {};
    if (!value('firstName').trim()) found.firstName = t.namesRequired;
    if (!value('lastName').trim()) found.lastName = t.namesRequired;
    var email = value('email').trim().toLowerCase();
    if (!email) found.email = t.emailRequired; else if (!emailPattern.test(email)) found.email = t.emailInvalid;
    data.fields.forEach(function (field) {
      var m = answerMessage(field, value('f:' + field.guId));
      if (m) found['f:' + field.guId] = m;
    });
    var age = minorUnder();
    if (data.isShowGuardian || age !== null) {
      var given = 0;
      ['mother', 'father'].forEach(function (role) {
        var name = value(role + 'Name').trim(), mail = value(role + 'Email').trim(), phone = value(role + 'Phone').trim();
        if (!name && !mail && !phone) return;
        given += 1;
        var who = role === 'mother' ? 'Mother' : 'Father';
        if (!name) found[role + 'Name'] = who + ' name is required';
        if (!mail) found[role + 'Email'] = t.emailRequired;
        else if (!emailPattern.test(mail.toLowerCase())) found[role + 'Email'] = t.emailInvalid;
        if (age !== null && !phone) found[role + 'Phone'] = who + ' phone is required';
      });
      if (age !== null && given === 0) found.motherName = t.guardianRequired;
    }
    if (data.isSignRequired && !drawn && !value('typed').trim()) found.sign = t.signatureRequired;
    return found;
  }
  function control(key) { return document.getElementById(key === 'sign' ? 'reg-typed' : 'reg-' + key); }
  // What takes the focus for a key: a radio group's first choice, else its control.
  function focusable(key) {
    var c = control(key);
    return c && c.tagName === 'FIELDSET' ? c.querySelector('input') : c;
  }
  function setError(key, text) {
    var note = document.getElementById(key === 'sign' ? 'reg-sign-error' : 'reg-' + key + '-error');
    if (!note) return false;
    note.textContent = text;
    note.hidden = !text;
    var c = control(key);
    if (c) { if (text) c.setAttribute('aria-invalid', 'true'); else c.removeAttribute('aria-invalid'); }
    return true;
  }
  var shown = {};
  function show(found) {
    Object.keys(shown).forEach(function (key) { if (!found[key]) setError(key, ''); });
    Object.keys(found).forEach(function (key) { setError(key, found[key]); });
    shown = found;
  }
  function clearFor(name) {
    var key = name === 'typed' ? 'sign' : name;
    if (shown[key]) { setError(key, ''); delete shown[key]; }
  }
  function showFailure(text) {
    failure.querySelector('[data-reg-failure-text]').textContent = text;
    failure.hidden = !text;
  }

  // The dropdowns: a select-only combobox each.
  form.querySelectorAll('[data-reg-select]').forEach(function (box) {
    var name = box.getAttribute('data-reg-select');
    var hidden = box.querySelector('input[type=hidden]');
    var combo = box.querySelector('[role=combobox]');
    var shownValue = combo.querySelector('[data-empty]') || combo.firstElementChild;
    var list = box.querySelector('[role=listbox]');
    var options = Array.prototype.slice.call(list.querySelectorAll('[role=option]'));
    var active = -1;
    function mark(i) {
      active = i;
      options.forEach(function (o, j) { o.classList.toggle('is-active', j === i); });
      if (i >= 0) { combo.setAttribute('aria-activedescendant', options[i].id); options[i].scrollIntoView({ block: 'nearest' }); }
      else combo.removeAttribute('aria-activedescendant');
    }
    function open() {
      if (!list.hidden) return;
      list.hidden = false;
      combo.setAttribute('aria-expanded', 'true');
      var chosen = options.findIndex(function (o) { return o.getAttribute('aria-selected') === 'true'; });
      mark(chosen >= 0 ? chosen : 0);
    }
    function close() {
      list.hidden = true;
      combo.setAttribute('aria-expanded', 'false');
      mark(-1);
    }
    function choose(i) {
      var o = options[i];
      if (!o) return;
      options.forEach(function (x) { x.setAttribute('aria-selected', String(x === o)); });
      hidden.value = o.getAttribute('data-value');
      shownValue.textContent = o.textContent;
      // the empty choice of an optional dropdown shows the placeholder again
      if (hidden.value) shownValue.removeAttribute('data-empty');
      else shownValue.setAttribute('data-empty', '');
      clearFor(name);
    }
    combo.addEventListener('click', function () { if (list.hidden) open(); else close(); });
    combo.addEventListener('blur', function () { setTimeout(function () { if (document.activeElement !== combo) close(); }, 150); });
    combo.addEventListener('keydown', function (event) {
      var k = event.key;
      if (list.hidden) {
        if (k === 'Enter' || k === ' ' || k === 'ArrowDown' || k === 'ArrowUp') { event.preventDefault(); open(); }
        return;
      }
      if (k === 'ArrowDown') { event.preventDefault(); mark(Math.min(options.length - 1, active + 1)); }
      else if (k === 'ArrowUp') { event.preventDefault(); mark(Math.max(0, active - 1)); }
      else if (k === 'Home') { event.preventDefault(); mark(0); }
      else if (k === 'End') { event.preventDefault(); mark(options.length - 1); }
      else if (k === 'Enter' || k === ' ') { event.preventDefault(); choose(active); close(); }
      else if (k === 'Escape') { event.preventDefault(); close(); }
      else if (k === 'Tab') { choose(active); close(); }
    });
    options.forEach(function (o, i) {
      o.addEventListener('mousedown', function (event) { event.preventDefault(); });
      o.addEventListener('click', function () { choose(i); close(); combo.focus(); });
    });
  });

  // The signature pad: a pointer draws (spec 3 §9: minimum stroke width), the drawing is kept as a PNG.
  var canvas = form.querySelector('canvas[data-testid=signature-pad]');
  if (canvas) {
    var ctx = canvas.getContext('2d');
    var line = Number(canvas.getAttribute('data-line') || 2);
    ctx.lineWidth = line; ctx.lineCap = 'round'; ctx.lineJoin = 'round'; ctx.strokeStyle = '#111'; ctx.fillStyle = '#111';
    var drawing = false, last = null;
    function point(event) {
      var r = canvas.getBoundingClientRect();
      return { x: (event.clientX - r.left) * canvas.width / r.width, y: (event.clientY - r.top) * canvas.height / r.height };
    }
    canvas.addEventListener('pointerdown', function (event) {
      canvas.setPointerCapture(event.pointerId);
      drawing = true;
      last = point(event);
      ctx.beginPath(); ctx.arc(last.x, last.y, line / 2, 0, Math.PI * 2); ctx.fill();
    });
    canvas.addEventListener('pointermove', function (event) {
      if (!drawing || !last) return;
      var next = point(event);
      ctx.beginPath(); ctx.moveTo(last.x, last.y); ctx.lineTo(next.x, next.y); ctx.stroke();
      last = next;
    });
    function up() {
      if (!drawing) return;
      drawing = false; last = null;
      drawn = canvas.toDataURL('image/png');
      clearFor('typed');
    }
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    form.querySelector('[data-reg-clear]').addEventListener('click', function () {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      drawn = '';
    });
  }

  form.addEventListener('input', function (event) {
    if (event.target.name) clearFor(event.target.name);
    syncMinor();
  });
  form.addEventListener('change', function (event) {
    if (event.target.name) clearFor(event.target.name);
    syncMinor();
  });

  function toHex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }
  async function humanToken() {
    var challenge = await call('GET', '/public/humanCheck?action=custom_form_checkout');
    var encoder = new TextEncoder();
    for (var n = 0; n <= challenge.maxnumber; n += 1) {
      var digest = await crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n));
      if (toHex(digest) === challenge.challenge) return btoa(JSON.stringify(Object.assign({}, challenge, { number: n })));
    }
    throw new Error('The human check could not be solved.');
  }
  var IDENTITY = ['firstName', 'lastName', 'email', 'phone', 'emergencyContactName', 'emergencyContactPhone', 'dateOfBirth',
    'motherName', 'motherEmail', 'motherPhone', 'fatherName', 'fatherEmail', 'fatherPhone'];
  function submission(rToken) {
    var body = {};
    IDENTITY.forEach(function (key) { body[key] = value(key); });
    body.email = body.email.trim().toLowerCase();
    body.formId = data.guId;
    body.formType = data.formType;
    body.rToken = rToken;
    body.customField = data.fields.filter(function (f) { return f.type !== 'header'; }).map(function (f) {
      return { guId: f.guId, sequence: f.sequence, type: f.type, name: f.name, value: value('f:' + f.guId) };
    });
    body.sign = drawn;
    body.typedSign = drawn ? '' : value('typed').trim();
    body.signDate = new Date().toISOString();
    body.isDemo = new URLSearchParams(location.search).get('isDemo') === 'true';
    return body;
  }
  // Where a server refusal's field shows ('customField.{guId}' is that field's answer).
  function keyOf(field) {
    if (!field) return null;
    if (field.indexOf('customField.') === 0) return 'f:' + field.slice('customField.'.length);
    return IDENTITY.indexOf(field) >= 0 || field === 'sign' ? field : null;
  }

  function node(tag, text, attrs) {
    var x = document.createElement(tag);
    if (text) x.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { x.setAttribute(k, attrs[k]); });
    return x;
  }
  // The signed document's download, or its progress with Refresh (spec 3 §4 'Registration form').
  function documentView(result) {
    var box = node('div', '', { 'class': 'reg-done' });
    function draw(r) {
      box.textContent = '';
      if (r.status === 'COMPLETE') { box.appendChild(node('a', t.downloadFile, { href: r.downloadUrl, download: '' })); return; }
      if (r.status === 'ERROR') { box.appendChild(node('p', t.failed, { 'class': 'give-alert give-alert--error', role: 'alert' })); return; }
      box.appendChild(node('p', t.inProgress));
      var refresh = node('button', 'Refresh', { type: 'button', 'class': 'reg-small' });
      refresh.addEventListener('click', async function () {
        refresh.disabled = true; refresh.setAttribute('aria-busy', 'true');
        try {
          var next = await call('GET', '/cform/regform/' + encodeURIComponent(r._id));
          draw(next);
          if (next.status === 'COMPLETE') window.open(next.downloadUrl, '_blank', 'noopener');
        } catch (error) {
          refresh.disabled = false; refresh.removeAttribute('aria-busy');
          showDoneFailure(error.message);
        }
      });
      box.appendChild(refresh);
    }
    draw(result);
    return box;
  }
  function showDoneFailure(text) {
    var x = done.querySelector('[data-reg-done-failure]');
    if (!x) { x = node('p', '', { 'class': 'give-alert give-alert--error', role: 'alert', 'data-reg-done-failure': '' }); done.appendChild(x); }
    x.textContent = text;
  }
  function finish(result) {
    done.textContent = '';
    done.setAttribute('aria-live', 'polite');
    var heading;
    if (result.course && result.course.status === 'purchase') {
      done.appendChild(node('p', t.goingToCourse));
      done.appendChild(node('a', result.course.message, { href: result.course.courseUrl }));
    } else if (result.course && result.course.status === 'enrolled') {
      done.appendChild(node('p', t.enrolledToast, { 'class': 'reg-status', role: 'status' }));
      heading = node('h1', result.course.message, { tabindex: '-1' });
      done.appendChild(heading);
      done.appendChild(node('p', t.detailsByEmail));
      var notice = node('p', t.appNotice + ' ');
      notice.appendChild(node('a', t.signIn, { href: '/login' }));
      done.appendChild(notice);
      done.appendChild(documentView(result));
    } else {
      done.appendChild(node('p', t.registered, { 'class': 'reg-status', role: 'status' }));
      heading = node('h1', t.submitted, { tabindex: '-1' });
      done.appendChild(heading);
      if (data.isSignRequired) done.appendChild(node('p', t.signed));
      if (result.awaitingConfirmation) {
        var alert = node('div', '', { 'class': 'reg-note', role: 'status' });
        alert.appendChild(node('p', t.confirmTitle, { 'class': 'give-alert__title' }));
        alert.appendChild(node('p', t.emailSent));
        done.appendChild(alert);
      }
      done.appendChild(documentView(result));
    }
    form.hidden = true;
    done.hidden = false;
    if (heading) heading.focus();
  }

  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (busy) return;
    showFailure('');
    var found = problems();
    show(found);
    var keys = Object.keys(found);
    if (keys.length) {
      var wrong = focusable(keys[0]);
      if (wrong) wrong.focus();
      return;
    }
    busy = true;
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    try {
      var body = submission(await humanToken());
      var result = await call('POST', '/cform/regform/public', body);
      if (result.course && result.course.status === 'purchase') {
        var given = value('firstName').trim(), family = value('lastName').trim();
        try {
          sessionStorage.setItem(data.registrantKey, JSON.stringify({ fullName: (given + ' ' + family).trim(), firstName: given, lastName: family, email: body.email, phone: value('phone').trim() }));
        } catch (e) {}
        finish(result);
        window.location.assign(result.course.courseUrl);
        return;
      }
      finish(result);
    } catch (error) {
      busy = false;
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
      var key = keyOf(error.field);
      if (key && setError(key, error.message)) { shown[key] = error.message; var at = focusable(key); if (at) at.focus(); }
      else showFailure(error.message);
    }
  });
  syncMinor();
})();
`;
