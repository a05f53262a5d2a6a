// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { keepDesignerLabelled, labelDesignerControls } from './designer-labels';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The shapes GrapesJS 0.22 draws: a style-manager property, a number with its unit, a setting. */
const GRAPES_DOM = `
  <iframe class="gjs-frame"></iframe>
  <div class="gjs-sm-property gjs-sm-select">
    <div class="gjs-sm-label"><span class="gjs-sm-icon">Font family</span></div>
    <div class="gjs-fields"><div class="gjs-field gjs-select"><span><select><option>Arial</option></select></span></div></div>
  </div>
  <div class="gjs-sm-property gjs-sm-integer">
    <div class="gjs-sm-label"><span class="gjs-sm-icon">Width</span></div>
    <div class="gjs-field gjs-field-integer"><span class="gjs-input-holder"><input type="text" placeholder="auto"></span>
      <span class="gjs-field-units"><select><option>px</option></select></span></div>
  </div>
  <div class="gjs-trt-trait">
    <div class="gjs-label-wrp"><div class="gjs-label" title="id">Id</div></div>
    <div class="gjs-field-wrp"><div class="gjs-field"><input type="text"></div></div>
  </div>
  <input id="named" type="text"><label for="named">Already named</label>
  <input aria-label="Own name" type="text">
  <input type="text" placeholder="New class">
`;

/** GrapesJS 0.22's selector manager (Advanced): the state select and the new-class field, with no caption. */
const SELECTOR_DOM = `
  <div id="gjs-clm-up" class="gjs-clm-header">
    <div id="gjs-clm-label" class="gjs-clm-header-label">Classes</div>
    <div id="gjs-clm-status-c" class="gjs-clm-header-status"><span id="gjs-clm-input-c" data-states-c>
      <div class="gjs-field gjs-select"><span id="gjs-input-holder"><select id="gjs-clm-states" data-states>
        <option value="">- State -</option><option value="hover">hover</option></select></span></div>
    </span></div>
  </div>
  <div id="gjs-clm-tags-field" class="gjs-field"><div id="gjs-clm-tags-c" data-selectors></div>
    <input id="gjs-clm-new" data-input /></div>
`;

describe('labelDesignerControls', () => {
  it("names the canvas, and each field after its property's caption", () => {
    document.body.innerHTML = GRAPES_DOM;
    expect(labelDesignerControls(document.body)).toBe(6);
    expect(document.querySelector('iframe')?.getAttribute('title')).toBe('The page being designed');
    const labels = Array.from(document.querySelectorAll('select, input'), (el) => el.getAttribute('aria-label'));
    expect(labels).toEqual(['Font family', 'Width', 'Width unit', 'Id', null, 'Own name', 'New class']);
  });

  it("names the selector manager's state select and new-class field for what they do", () => {
    document.body.innerHTML = SELECTOR_DOM;
    expect(labelDesignerControls(document.body)).toBe(2);
    expect(document.querySelector('#gjs-clm-states')?.getAttribute('aria-label')).toMatch(/^State \(/);
    expect(document.querySelector('#gjs-clm-new')?.getAttribute('aria-label')).toBe('New class name');
  });

  it('leaves named controls as they are, and names nothing twice', () => {
    document.body.innerHTML = GRAPES_DOM;
    labelDesignerControls(document.body);
    expect(labelDesignerControls(document.body)).toBe(0);
  });

  it('names what GrapesJS draws later (the style manager appears when an element is selected)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const stop = keepDesignerLabelled(root);
    root.innerHTML = GRAPES_DOM;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.querySelector('.gjs-sm-select select')?.getAttribute('aria-label')).toBe('Font family');
    stop();
    root.insertAdjacentHTML('beforeend', '<select class="late"></select>');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.querySelector('select.late')?.hasAttribute('aria-label')).toBe(false);
  });

  it('makes the panel buttons buttons in the tab order that say whether they are on, presses them by Enter or Space, and lets the panels scroll by keys', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = `
      <div class="gjs-pn-panel gjs-pn-views">
        <span class="gjs-pn-btn gjs-pn-active" aria-label="Open Blocks"></span>
        <span class="gjs-pn-btn" aria-label="Settings"></span>
      </div>
      <div class="gjs-pn-panel gjs-pn-views-container"></div>`;
    const stop = keepDesignerLabelled(root);
    const [blocks, settings] = Array.from(root.querySelectorAll<HTMLElement>('.gjs-pn-btn'));
    expect([settings?.getAttribute('role'), settings?.getAttribute('tabindex')]).toEqual(['button', '0']);
    expect([blocks?.getAttribute('aria-pressed'), settings?.getAttribute('aria-pressed')]).toEqual(['true', 'false']);
    const views = root.querySelector('.gjs-pn-views-container');
    expect([views?.getAttribute('tabindex'), views?.getAttribute('role'), views?.getAttribute('aria-label')]).toEqual([
      '0',
      'region',
      'Blocks, settings and layers',
    ]);

    const pressed: string[] = [];
    settings?.addEventListener('click', () => {
      pressed.push('Settings');
      blocks?.classList.remove('gjs-pn-active');
      settings.classList.add('gjs-pn-active');
    });
    settings?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    settings?.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    settings?.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }));
    expect(pressed).toEqual(['Settings', 'Settings']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([blocks?.getAttribute('aria-pressed'), settings?.getAttribute('aria-pressed')]).toEqual(['false', 'true']);

    stop();
    settings?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(pressed).toHaveLength(2);
  });
});
