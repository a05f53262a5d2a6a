import type { Editor as GrapesEditor } from 'grapesjs';

/**
 * GrapesJS settings kept out of the component: the panels of its default layout with inline SVG
 * icons (the default ones are Font Awesome classes, whose CSS would be fetched from a CDN; DESIGN.md
 * forbids any outside request, so `cssIcons` is '' and the icons are drawn here), and a small set
 * of blocks (GrapesJS core ships none).
 */
const svg = (paths: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;

const ICONS = {
  outline: svg(
    '<path d="M4 8V6a2 2 0 0 1 2-2h2M4 16v2a2 2 0 0 0 2 2h2M16 4h2a2 2 0 0 1 2 2v2M16 20h2a2 2 0 0 0 2-2v-2"/>',
  ),
  preview: svg(
    '<circle cx="12" cy="12" r="2"/><path d="M22 12c-2.7 4.7-6 7-10 7s-7.3-2.3-10-7c2.7-4.7 6-7 10-7s7.3 2.3 10 7"/>',
  ),
  fullscreen: svg('<path d="M16 4h4v4M14 10l6-6M8 20H4v-4M4 20l6-6"/>'),
  code: svg('<path d="M7 8l-4 4 4 4M17 8l4 4-4 4M14 4l-4 16"/>'),
  traits: svg(
    '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"/>',
  ),
  layers: svg('<path d="M12 4L4 8l8 4 8-4-8-4M4 12l8 4 8-4M4 16l8 4 8-4"/>'),
  undo: svg('<path d="M9 14L4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>'),
  redo: svg('<path d="M15 14l5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>'),
  desktop: svg('<rect x="3" y="4" width="18" height="12" rx="1"/><path d="M8 20h8M12 16v4"/>'),
  tablet: svg('<rect x="5" y="3" width="14" height="18" rx="2"/><path d="M11 18h2"/>'),
  phone: svg('<rect x="7" y="3" width="10" height="18" rx="2"/><path d="M11 18h2"/>'),
  blocks: svg(
    '<rect x="4" y="4" width="6" height="6" rx="1"/><rect x="14" y="4" width="6" height="6" rx="1"/><rect x="4" y="14" width="6" height="6" rx="1"/><rect x="14" y="14" width="6" height="6" rx="1"/>',
  ),
};

const button = (id: string, command: string, label: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  command,
  label,
  className: 'atrium-gjs-btn',
  // named; designer-labels.ts makes them buttons a keyboard presses
  attributes: { title, 'aria-label': title },
  ...extra,
});

/**
 * Device previews: the canvas takes the device's width, and styles set while a device is chosen
 * apply from its media width down (GrapesJS writes them as max-width media queries).
 */
export const DESIGNER_DEVICES = [
  { id: 'desktop', name: 'Desktop', width: '' },
  { id: 'tablet', name: 'Tablet', width: '768px', widthMedia: '992px' },
  { id: 'phone', name: 'Phone', width: '375px', widthMedia: '480px' },
];

/** GrapesJS registers a configured command only when it carries its own id. */
const deviceCommand = (device: string) => ({
  id: `set-device-${device}`,
  run: (editor: { setDevice: (id: string) => void }) => editor.setDevice(device),
  stop: () => undefined,
});

export const DESIGNER_COMMANDS = Object.fromEntries(
  DESIGNER_DEVICES.map((device) => [`set-device-${device.id}`, deviceCommand(device.id)]),
);

/**
 * Ctrl+Z / Cmd+Z (and the Undo button) undo what changed on the page, not which element was clicked last: a text
 * typed in and left is taken back by the first press. Inside a text being typed, GrapesJS leaves the keys to the
 * browser's own undo of the typing.
 */
export const DESIGNER_UNDO = { trackSelection: false };

/** A studio section (the blocks and starters: `<section class="sb-section …">`); text nodes have no classList. */
const isStudioSection = (el: HTMLElement) => el.tagName === 'SECTION' && el.classList?.contains('sb-section') === true;

/** Where a studio section may go: on the page itself, between the others. */
const onThePage = (_section: unknown, target: { is: (type: string) => boolean }) => target.is('wrapper');

/**
 * Sections stack on the page; one is never dropped inside another. A section dropped into Member reviews'
 * quotes was swallowed when the server filled them (docs/decisions/website.md). A GrapesJS plugin: the type
 * catches sections parsed from HTML (blocks, starters, templates); `project:load` catches those of a design
 * saved before the type (stored without it), when it opens and when a version is restored.
 */
export function sectionsStayOnThePage(editor: GrapesEditor): void {
  editor.DomComponents.addType('studio-section', {
    isComponent: isStudioSection,
    model: { defaults: { draggable: onThePage } },
  });
  editor.on('project:load', () => {
    const wrapper = editor.getWrapper();
    for (const part of wrapper?.components().models ?? []) {
      const section = part.get('tagName') === 'section' && part.getClasses().includes('sb-section');
      if (section && !part.is('studio-section')) part.set('draggable', onThePage);
    }
  });
}

export const DESIGNER_PANELS = {
  defaults: [
    {
      id: 'commands',
      buttons: [
        button('device-desktop', 'set-device-desktop', ICONS.desktop, 'Desktop view', {
          active: true,
          togglable: false,
          context: 'device',
        }),
        button('device-tablet', 'set-device-tablet', ICONS.tablet, 'Tablet view', {
          togglable: false,
          context: 'device',
        }),
        button('device-phone', 'set-device-phone', ICONS.phone, 'Phone view', { togglable: false, context: 'device' }),
      ],
    },
    {
      id: 'options',
      buttons: [
        button('sw-visibility', 'core:component-outline', ICONS.outline, 'View components', {
          active: true,
          context: 'sw-visibility',
        }),
        button('preview', 'preview', ICONS.preview, 'Preview', { context: 'preview' }),
        button('fullscreen', 'fullscreen', ICONS.fullscreen, 'Fullscreen', { context: 'fullscreen' }),
        button('export-template', 'export-template', ICONS.code, 'View code'),
        button('undo', 'core:undo', ICONS.undo, 'Undo'),
        button('redo', 'core:redo', ICONS.redo, 'Redo'),
      ],
    },
    {
      id: 'views',
      buttons: [
        button('open-blocks', 'open-blocks', ICONS.blocks, 'Open Blocks', { active: true, togglable: false }),
        button('open-tm', 'open-tm', ICONS.traits, 'Settings', { togglable: false }),
        button('open-layers', 'open-layers', ICONS.layers, 'Open Layer Manager', { togglable: false }),
      ],
    },
  ],
};

const tile = (paths: string) => svg(paths).replace(/width="18" height="18"/, 'width="32" height="32"');

const BLOCK_ICONS: Record<string, string> = {
  section: tile('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M7 10h10M7 14h6"/>'),
  heading: tile('<path d="M6 4v16M18 4v16M6 12h12"/>'),
  text: tile('<path d="M4 6h16M4 10h16M4 14h16M4 18h10"/>'),
  columns: tile('<rect x="3" y="4" width="8" height="16" rx="1"/><rect x="13" y="4" width="8" height="16" rx="1"/>'),
  image: tile(
    '<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="M21 17l-5-5-9 8"/>',
  ),
  link: tile(
    '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  ),
  button: tile('<rect x="3" y="8" width="18" height="8" rx="4"/><path d="M9 12h6"/>'),
  divider: tile('<path d="M3 12h18"/>'),
};

const block = (id: string, label: string, content: string | Record<string, unknown>) => ({
  id,
  label,
  media: BLOCK_ICONS[id],
  category: 'Basic',
  content,
  attributes: { title: label },
});

export const DESIGNER_BLOCKS = [
  block(
    'section',
    'Section',
    '<section style="padding:48px 24px"><h2>Section title</h2><p>Write something here.</p></section>',
  ),
  block('heading', 'Heading', '<h2>Heading</h2>'),
  block('text', 'Text', '<p>Insert your text here</p>'),
  block(
    'columns',
    'Two columns',
    '<div style="display:flex;flex-wrap:wrap;gap:24px;padding:24px"><div style="flex:1 1 240px;min-height:80px"><p>Column one</p></div><div style="flex:1 1 240px;min-height:80px"><p>Column two</p></div></div>',
  ),
  block('image', 'Image', { type: 'image', style: { 'max-width': '100%' }, activate: true }),
  block('link', 'Link', '<a href="/">Link</a>'),
  block(
    'button',
    'Button',
    '<a href="/register" style="display:inline-block;padding:10px 20px;border-radius:6px;background-color:var(--site-accent,#364fc7);color:var(--site-accent-text,#fff);text-decoration:none">Sign up</a>',
  ),
  block('divider', 'Divider', '<hr />'),
];
