/**
 * The public calendar's island (served at /site/calendar.js, under 1 KB gzip), as the app's class dialog
 * behaved: a class's button opens a modal dialog named for the class, holding what the server wrote for it
 * (its template: when, room, teacher, spots, price, and Register, Join waitlist or 'This class is full.');
 * Register goes to the class's signup route (the app's: login first, the pick kept); Close, Escape or a click
 * outside closes it and gives the focus back to the class. A signed-in visitor's page is the app's (boot.js).
 */
export const CALENDAR_ISLAND_JS = `(function () {
  var dialog = document.getElementById('cal-dialog');
  if (!dialog || typeof dialog.showModal !== 'function') return;
  try { if (localStorage.getItem('atrium.loginTrace') === 'true') return; } catch (e) {}
  var title = document.getElementById('cal-dialog-title');
  var body = document.getElementById('cal-dialog-body');
  var opener = null;
  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var open = target.closest('[data-cal-open]');
    if (open) {
      var template = document.getElementById('cal-class-' + open.getAttribute('data-cal-open'));
      if (!template) return;
      title.textContent = template.getAttribute('data-name');
      body.replaceChildren(template.content.cloneNode(true));
      opener = open;
      dialog.showModal();
      return;
    }
    var go = target.closest('[data-cal-go]');
    if (go) { window.location.assign(go.getAttribute('data-cal-go')); return; }
    if (target.closest('[data-cal-close]')) { dialog.close(); return; }
    if (target !== dialog) return;
    // a click on the backdrop lands on the dialog itself, outside its box
    var box = dialog.getBoundingClientRect();
    var outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (outside) dialog.close();
  });
  dialog.addEventListener('close', function () {
    if (opener) opener.focus();
    opener = null;
  });
})();
`;
