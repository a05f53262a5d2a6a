import { CALL_JS, FORMAT_MINOR_JS, GO_TO_PROVIDER_JS } from './island-shared.js.ts';

/**
 * The give form's island (served at /site/donate.js, ~2.6 KB gzip), as the app's DonatePage behaved:
 * one-time or monthly (the legend, 'For' and its plan, the note under the form follow), the amount
 * chips and Other amount, the checks on submit in the app's words (a field's error cleared when it
 * changes, the first wrong field focused), then the gift (POST /public/donations/{id}, one idempotency
 * key per page) and its invoice's provider page, or a monthly gift's card page
 * (POST /public/donations/{id}/monthly). A 400 naming a field shows under it ('amount' under the amounts),
 * any other failure as 'Your donation could not be started'. A signed-in visitor's page is the app's
 * (boot.js): the island stays out.
 */
export const DONATE_ISLAND_JS = `(function () {
  var form = document.querySelector('form[data-give]');
  if (!form) return;
  try { if (localStorage.getItem('atrium.loginTrace') === 'true') return; } catch (e) {}
  var id = form.getAttribute('data-give');
  var symbol = form.getAttribute('data-symbol') || '';
  var digits = Number(form.getAttribute('data-digits') || 2);
  var minimum = Number(form.getAttribute('data-minimum') || 0);
  var belowMinimum = form.getAttribute('data-below-minimum') || '';
  ${FORMAT_MINOR_JS}
  function money(minor) { return formatMinor(minor, symbol, digits); }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }
  var key = newKey();
  var busy = false;
  var submit = form.querySelector('button[type=submit]');
  // Disabled in the HTML: without this script the form cannot give (and must not submit itself).
  submit.disabled = false;
  var legend = form.querySelector('[data-give-legend]');
  var choiceError = form.querySelector('[data-give-choice]');
  var custom = form.querySelector('[data-give-custom]');
  var monthlyBox = form.querySelector('[data-give-monthly]');
  var plan = form.querySelector('[data-give-plan]');
  var leave = form.querySelector('[data-give-leave]');
  var failure = form.querySelector('[data-give-failure]');
  function input(name) { return form.elements.namedItem(name); }
  function checked(name) { var r = form.querySelector('input[name=' + name + ']:checked'); return r ? r.value : ''; }
  function monthly() { return checked('frequency') === 'monthly'; }
  // What a person typed as an amount, in minor units; null when it is not one.
  function minorOf(text) {
    text = String(text).trim();
    if (!/^(\\d+\\.?\\d*|\\.\\d+)$/.test(text)) return null;
    return Math.round(Number(text) * Math.pow(10, digits));
  }
  function amount() {
    var c = checked('choice');
    if (c === 'custom') return minorOf(input('custom').value);
    return c ? Number(c) : null;
  }
  function option() { var s = input('years'); return s ? s.options[s.selectedIndex] : null; }
  function planText() {
    var a = amount();
    if (!a) return '';
    var gifts = option() ? option().getAttribute('data-gifts') : '';
    return gifts ? gifts + ' gifts of ' + money(a) + ', one a month, the first today.' : money(a) + ' a month until you cancel.';
  }
  function sync() {
    var m = monthly();
    legend.textContent = m ? 'Amount each month' : 'Amount (one-time gift)';
    if (custom) custom.hidden = checked('choice') !== 'custom';
    if (monthlyBox) { monthlyBox.hidden = !m; plan.hidden = !m; plan.textContent = m ? planText() : ''; }
    leave.textContent = m
      ? "You will save your card on our payment provider's secure page, and get a receipt by email for each gift."
      : "You will pay on our payment provider's secure page, and get a receipt by email.";
  }
  function setError(name, text) {
    if (name === 'choice') { choiceError.textContent = text; choiceError.hidden = !text; return; }
    var el = input(name);
    var note = el && document.getElementById(el.id + '-error');
    if (!note) return false;
    note.textContent = text;
    note.hidden = !text;
    if (text) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    return true;
  }
  function validate() {
    var wrong = [];
    var c = checked('choice');
    var a = amount();
    var choice = !c ? 'Choose an amount' : c !== 'custom' ? '' : a === null ? 'Enter an amount' : a < minimum ? belowMinimum : '';
    setError('choice', choice);
    if (choice) wrong.push(c === 'custom' ? input('custom') : form.querySelector('input[name=choice]'));
    [['firstName', function (v) { return v.trim() ? '' : 'First name is required'; }],
     ['lastName', function (v) { return v.trim() ? '' : 'Last name is required'; }],
     ['email', function (v) { return /^\\S+@\\S+\\.\\S+$/.test(v.trim()) ? '' : 'Please enter a valid email address'; }]
    ].forEach(function (rule) {
      var text = rule[1](input(rule[0]).value);
      setError(rule[0], text);
      if (text) wrong.push(input(rule[0]));
    });
    if (wrong[0]) wrong[0].focus();
    return wrong.length === 0;
  }
  function showFailure(text) {
    failure.querySelector('[data-give-failure-text]').textContent = text;
    failure.hidden = !text;
  }
  ${CALL_JS}
  ${GO_TO_PROVIDER_JS}
  form.addEventListener('change', function (event) {
    var name = event.target.name;
    if (name === 'choice') setError('choice', '');
    sync();
  });
  form.addEventListener('input', function (event) {
    var name = event.target.name;
    if (name === 'custom') setError('choice', '');
    else if (name) setError(name, '');
    if (name === 'custom' && plan) plan.textContent = monthly() ? planText() : '';
  });
  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (busy) return;
    showFailure('');
    if (!validate()) return;
    busy = true;
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    var donor = {
      amount: amount() || 0,
      firstName: input('firstName').value,
      lastName: input('lastName').value,
      email: input('email').value,
      note: input('note').value,
      isAnonymous: input('isAnonymous').checked
    };
    try {
      if (monthly()) {
        donor.years = Number(option().getAttribute('data-years'));
        goToProvider(await call('POST', '/public/donations/' + encodeURIComponent(id) + '/monthly', donor));
      } else {
        donor.frequency = 'once';
        donor.idempotencyKey = key;
        var gift = await call('POST', '/public/donations/' + encodeURIComponent(id), donor);
        goToProvider(await call('POST', '/item/invoice/' + encodeURIComponent(gift.publicId) + '/publicpayment'));
      }
    } catch (error) {
      busy = false;
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
      if (error.field === 'amount') setError('choice', error.message);
      else if (!(error.field && setError(error.field, error.message))) showFailure(error.message);
    }
  });
  sync();
})();
`;
