// Functions the islands share, as script text each island puts into its own script.

/**
 * The islands' money printing (a function in a script string, put into each island that prints
 * money): minor units by formatMoney's rules, from the currency's symbol and digits the page
 * carries (moneyFormatOf): '$1,234.56', 'AED 5.00', '-$5.00', '¥500'.
 */
export const FORMAT_MINOR_JS = `function formatMinor(minor, symbol, digits) {
    var text = String(Math.abs(minor));
    while (text.length < digits + 1) text = '0' + text;
    var whole = digits ? text.slice(0, -digits) : text;
    var fraction = digits ? '.' + text.slice(-digits) : '';
    var spaced = /^[A-Z]{3}$/.test(symbol) ? symbol + ' ' : symbol;
    return (minor < 0 ? '-' : '') + spaced + whole.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',') + fraction;
  }`;

/**
 * The card provider's page, as the app's goToProvider: a plain navigation, or a form posted to it when
 * the provider takes its fields that way (Razorpay).
 */
export const GO_TO_PROVIDER_JS = `function goToProvider(to) {
    if (!to.form) { window.location.assign(to.url); return; }
    var post = document.createElement('form');
    post.method = 'post';
    post.action = to.url;
    post.hidden = true;
    Object.keys(to.form).forEach(function (name) {
      var field = document.createElement('input');
      field.type = 'hidden';
      field.name = name;
      field.value = to.form[name];
      post.appendChild(field);
    });
    document.body.appendChild(post);
    post.submit();
  }`;

/**
 * A JSON POST (or GET without a body) to this site: the answer, or an Error with the server's message
 * and the field a 400 names.
 */
export const CALL_JS = `async function call(method, url, body) {
    var headers = { accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    var response = await fetch(url, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: 'same-origin' });
    var data = null;
    try { data = await response.json(); } catch (e) {}
    if (!response.ok) {
      var error = new Error((data && data.errors && data.errors.message) || 'Something went wrong. Please try again.');
      error.field = data && data.errors && data.errors.field;
      throw error;
    }
    return data;
  }`;
