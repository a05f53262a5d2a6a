import { brandAccentCss, SITE_CSS, siteThemeCss, siteThemeOf } from '@atrium/contracts';
import { Alert } from '@mantine/core';
import type { Editor } from 'grapesjs';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { useTenant } from '../session/session-store';
import type { PageContent } from './builder-state';
import { type StudioDetails, studioBlocks, studioDetailsOf } from './designer-blocks';
import { DESIGNER_BLOCKS, DESIGNER_COMMANDS, DESIGNER_DEVICES, DESIGNER_PANELS } from './designer-config';
import { keepDesignerLabelled } from './designer-labels';

/** What the stepper reads from the designer when it moves on or saves. */
export interface DesignerHandle {
  read: () => PageContent;
  /** Puts HTML after the selected element (or at the end of the page) and selects it. */
  insert: (html: string) => void;
}

interface Props {
  initial: PageContent;
  handleRef: RefObject<DesignerHandle | null>;
}

/**
 * The canvas wears the public site's own stylesheet and the studio's accent, so the editor shows
 * what visitors will see (the frame's styles are never saved with the page). The base rules are
 * GrapesJS's own frame defaults, which `frameStyle` replaces.
 */
function canvasStyle(accentCss: string): string {
  const base =
    '*{box-sizing:border-box}html,body,[data-gjs-type=wrapper]{min-height:100%}html{height:100%}body{margin:0;height:100%}' +
    '[data-gjs-type=wrapper]{padding:24px 16px 48px}';
  return base + SITE_CSS + accentCss;
}

/**
 * The GrapesJS page designer. GrapesJS and its CSS load here, when the Edit Page step first opens,
 * never with the screen (DESIGN.md). Nothing is fetched from outside: no telemetry, no icon CSS.
 */
export function Designer({ initial, handleRef }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The initial content is read once per mount; the stepper remounts the designer for a new template.
  const initialRef = useRef(initial);
  const tenant = useTenant();
  const studioRef = useRef<{ details: StudioDetails; accentCss: string }>({
    details: studioDetailsOf(tenant),
    // the site theme (fonts, corners, buttons, palette) after the accent, as on the public pages
    accentCss: brandAccentCss(tenant.org) + siteThemeCss(tenant.org, siteThemeOf(tenant.org.siteTheme)),
  });

  useEffect(() => {
    let editor: Editor | null = null;
    let cancelled = false;
    let stopLabelling: (() => void) | null = null;
    Promise.all([import('grapesjs'), import('grapesjs/dist/css/grapes.min.css')])
      .then(([{ default: grapesjs }]) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const content = initialRef.current;
        const hasDesign = !!content.projectData && typeof content.projectData === 'object';
        const studio = studioRef.current;
        stopLabelling = keepDesignerLabelled(container);
        editor = grapesjs.init({
          container,
          height: 'calc(100vh - 220px)',
          width: 'auto',
          telemetry: false,
          cssIcons: '',
          storageManager: false,
          noticeOnUnload: false,
          fromElement: false,
          ...(hasDesign
            ? { projectData: content.projectData as Record<string, unknown> }
            : { components: content.html, style: content.css }),
          panels: DESIGNER_PANELS,
          commands: { defaults: DESIGNER_COMMANDS },
          deviceManager: { devices: DESIGNER_DEVICES },
          canvas: { frameStyle: canvasStyle(studio.accentCss) },
          blockManager: { blocks: [...studioBlocks(studio.details), ...DESIGNER_BLOCKS] },
          assetManager: { assets: [], upload: false },
        });
        const active = editor;
        active.on('load', () => {
          active.runCommand('open-blocks');
          if (!cancelled) setState('ready');
        });
        handleRef.current = {
          read: () => ({ html: active.getHtml(), css: active.getCss() ?? '', projectData: active.getProjectData() }),
          insert: (html) => {
            const selected = active.getSelected();
            const parent = selected?.parent();
            const added =
              selected && parent
                ? parent.append(html, { at: selected.index() + 1 })
                : active.getWrapper()?.append(html);
            const first = added?.[0];
            if (first) active.select(first);
          },
        };
      })
      .catch((error: unknown) => {
        console.error('The page designer could not load', error);
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
    <div className="atrium-designer">
      {state === 'loading' && <Busy label="Loading the designer" />}
      {state === 'failed' && (
        <Alert color="red" title="The designer could not load">
          Reload the page and try again, or use the HTML template.
        </Alert>
      )}
      <div ref={containerRef} aria-label="Page designer" role="application" className="atrium-designer__canvas" />
    </div>
  );
}
