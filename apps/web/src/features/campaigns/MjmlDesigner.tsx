import { Alert } from '@mantine/core';
import type { Editor } from 'grapesjs';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { DESIGNER_COMMANDS, DESIGNER_DEVICES, DESIGNER_PANELS } from '../website/designer-config';
import { keepDesignerLabelled } from '../website/designer-labels';
import '../website/website.css';
import './campaigns.css';

/** What the designer page reads from the canvas when it saves, previews or sends a test. */
export interface MjmlDesignerHandle {
  read: () => { mjml: string; design: Record<string, unknown> };
}

export interface DesignerBlock {
  id: string;
  label: string;
  mjml: string;
}

interface Props {
  /** The design to open: a saved project, else MJML. */
  initial: { mjml: string; design: Record<string, unknown> | null };
  /** The platform's and the studio's widgets, offered as blocks. */
  widgets: DesignerBlock[];
  handleRef: RefObject<MjmlDesignerHandle | null>;
}

/** The blocks of grapesjs-mjml that fetch nothing from outside (no hero photo, no social icons, no raw HTML). */
const MJML_BLOCKS = [
  'mj-1-column',
  'mj-2-columns',
  'mj-3-columns',
  'mj-text',
  'mj-button',
  'mj-image',
  'mj-divider',
  'mj-spacer',
  'mj-navbar',
  'mj-navbar-link',
  'mj-wrapper',
];

/** A grey picture drawn inline: the image block's placeholder, so nothing is fetched. */
const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="#e5e7eb"/><path d="M250 190l40-50 30 35 20-20 40 35z" fill="#9ca3af"/></svg>',
)}`;

const widgetIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true"><rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 9h10M7 13h6"/></svg>';

/**
 * The email designer: GrapesJS with the grapesjs-mjml preset. Both load here, when the designer route
 * opens, never with the rest of the app. What it makes is MJML, which the server renders when sending.
 */
export function MjmlDesigner({ initial, widgets, handleRef }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Read once per mount: the page remounts the designer to start from another template.
  const initialRef = useRef(initial);
  const widgetsRef = useRef(widgets);

  useEffect(() => {
    let editor: Editor | null = null;
    let cancelled = false;
    let stopLabelling: (() => void) | null = null;
    Promise.all([import('grapesjs'), import('grapesjs-mjml'), import('grapesjs/dist/css/grapes.min.css')])
      .then(([{ default: grapesjs }, presetModule]) => {
        // The preset is a UMD bundle: its function is the default export, or that export's own default.
        const exported = presetModule.default as unknown as { default?: typeof presetModule.default };
        const mjmlPreset = typeof exported === 'function' ? presetModule.default : exported.default;
        if (typeof mjmlPreset !== 'function') throw new Error('grapesjs-mjml did not load');
        const container = containerRef.current;
        if (cancelled || !container) return;
        const { mjml, design } = initialRef.current;
        const stopNaming = keepDesignerLabelled(container);
        stopLabelling = () => {
          stopNaming();
        };
        editor = grapesjs.init({
          container,
          height: 'calc(100vh - 260px)',
          width: 'auto',
          telemetry: false,
          cssIcons: '',
          storageManager: false,
          noticeOnUnload: false,
          fromElement: false,
          ...(design ? { projectData: design } : { components: mjml }),
          plugins: [
            (instance) =>
              mjmlPreset(instance, {
                blocks: MJML_BLOCKS,
                imagePlaceholderSrc: IMAGE_PLACEHOLDER,
                resetDevices: false,
                useCustomTheme: false,
                fonts: {},
              }),
          ],
          panels: DESIGNER_PANELS,
          commands: { defaults: DESIGNER_COMMANDS },
          deviceManager: { devices: DESIGNER_DEVICES },
          assetManager: { assets: [], upload: false },
        });
        const active = editor;
        for (const widget of widgetsRef.current) {
          active.Blocks.add(`widget-${widget.id}`, {
            label: widget.label,
            category: 'Widgets',
            media: widgetIcon,
            content: widget.mjml,
          });
        }
        active.on('load', () => {
          active.runCommand('open-blocks');
          const frame = container.querySelector('iframe');
          frame?.setAttribute('title', 'The email being designed');
          if (!cancelled) setState('ready');
        });
        handleRef.current = {
          read: () => ({
            mjml: String(active.runCommand('mjml-code') ?? active.getHtml()),
            design: active.getProjectData() as unknown as Record<string, unknown>,
          }),
        };
      })
      .catch((error: unknown) => {
        console.error('The email designer could not load', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      stopLabelling?.();
      handleRef.current = null;
      editor?.destroy();
    };
  }, [handleRef]);

  return (
    <div className="atrium-designer atrium-designer--email">
      {state === 'loading' && <Busy label="Loading the designer" />}
      {state === 'failed' && (
        <Alert color="red" title="The designer could not load">
          Reload the page and try again.
        </Alert>
      )}
      <div
        ref={containerRef}
        aria-label="Email designer"
        role="application"
        className="atrium-designer__canvas"
        data-ready={state === 'ready' ? 'true' : undefined}
      />
    </div>
  );
}
