/**
 * GrapesJS draws its own controls without names (issue 29: axe's frame-title, select-name and
 * label on the designer): the canvas is an untitled iframe, and the style manager's and the
 * settings' fields are bare selects and inputs beside a caption that is not their label. This
 * names each from the caption it sits under, and the canvas after what it shows, whenever GrapesJS
 * draws more of them (the style manager is drawn when an element is selected).
 */

const CAPTION = '.gjs-sm-label, .gjs-label, .gjs-trt-trait__label';
const FIELD_HOLDER = '.gjs-sm-property, .gjs-trt-trait, .gjs-sm-layer';

function hasName(control: Element): boolean {
  if (control.getAttribute('aria-label')?.trim() || control.getAttribute('aria-labelledby')) return true;
  const id = control.getAttribute('id');
  if (id && control.ownerDocument.querySelector(`label[for="${CSS.escape(id)}"]`)) return true;
  return control.closest('label') !== null;
}

/**
 * The selector manager's own controls (under Advanced) have no caption of their own: the state select (hover, active…)
 * sits beside the 'Classes' heading and the new-class field opens from its '+'. GrapesJS draws them with fixed ids.
 */
const NAMED_BY_ID: [suffix: string, name: string][] = [
  ['clm-states', 'State (the style applies while the element is hovered, pressed…)'],
  ['clm-new', 'New class name'],
];

/** The caption of the property or setting a control belongs to ("Font family", "Id"). */
function captionOf(control: Element): string {
  const id = control.getAttribute('id') ?? '';
  const known = NAMED_BY_ID.find(([suffix]) => id.endsWith(suffix));
  if (known) return known[1];
  const holder = control.closest(FIELD_HOLDER);
  const caption = holder?.querySelector(CAPTION)?.textContent?.replace(/\s+/g, ' ').trim();
  const base = caption || control.getAttribute('placeholder')?.trim() || control.getAttribute('name')?.trim() || '';
  const named = base || 'Designer setting';
  // the unit picker beside a number (px, %, em) is a second select of the same property
  return control.matches('select') && control.closest('.gjs-field-units') ? `${named} unit` : named;
}

/**
 * GrapesJS's panel buttons are bare spans, and its side panel scrolls without taking focus: each button becomes a
 * button in the tab order (Enter and Space press it, pressPanelButton) that says whether it is on, as GrapesJS's
 * 'gjs-pn-active' class shows it (View components, the open panel, the chosen device); the side panel whose blocks,
 * settings or layers scroll becomes a named region in the tab order, so it can be scrolled from the keyboard.
 */
function makePanelsOperable(root: ParentNode): void {
  for (const button of Array.from(root.querySelectorAll('.gjs-pn-btn'))) {
    if (!button.hasAttribute('role')) {
      button.setAttribute('role', 'button');
      button.setAttribute('tabindex', '0');
    }
    sayWhetherPressed(button);
  }
  for (const views of Array.from(root.querySelectorAll('.gjs-pn-views-container:not([tabindex])'))) {
    views.setAttribute('tabindex', '0');
    views.setAttribute('role', 'region');
    views.setAttribute('aria-label', 'Blocks, settings and layers');
  }
}

function sayWhetherPressed(button: Element): void {
  const pressed = String(button.classList.contains('gjs-pn-active'));
  if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
}

/** Enter or Space on a focused panel button presses it, as on a button. */
function pressPanelButton(event: KeyboardEvent): void {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.matches('.gjs-pn-btn[role=button]')) return;
  event.preventDefault();
  target.click();
}

/**
 * Names every unnamed iframe, select, input and textarea under `root` (answers how many it named), and makes GrapesJS's
 * panels operable by keys.
 */
export function labelDesignerControls(root: ParentNode): number {
  makePanelsOperable(root);
  let named = 0;
  for (const frame of Array.from(root.querySelectorAll('iframe:not([title])'))) {
    frame.setAttribute('title', 'The page being designed');
    named += 1;
  }
  for (const control of Array.from(root.querySelectorAll('select, input:not([type=hidden]), textarea'))) {
    if (hasName(control)) continue;
    control.setAttribute('aria-label', captionOf(control));
    named += 1;
  }
  return named;
}

/** Keeps naming what GrapesJS draws under `root` (and its panel buttons pressable by keys) until the answer is called. */
export function keepDesignerLabelled(root: HTMLElement): () => void {
  labelDesignerControls(root);
  root.addEventListener('keydown', pressPanelButton);
  let queued = false;
  const observer = new MutationObserver((mutations) => {
    // A class change is answered only on a panel button (turned on or off), at once: GrapesJS changes classes
    // all through a drag, and naming every field again on each would slow the drag down.
    let drawn = false;
    for (const mutation of mutations) {
      if (mutation.type === 'childList') drawn = true;
      else if (mutation.target instanceof Element && mutation.target.classList.contains('gjs-pn-btn')) {
        sayWhetherPressed(mutation.target);
      }
    }
    if (!drawn || queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      labelDesignerControls(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', pressPanelButton);
  };
}
